import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { must } from '../../lib/must.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { announcements, departmentPermissions, departments, departRolePermissions, departRoles, departRoleUsers, permissions, positions, tenants, userDepartments, userPositions, userRoles, users, userTenants } from '../schema/sys.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTenantRoles } from '../../modules/system/role/tenant-roles.ts';
import { defaultPackageId } from '../../modules/system/tenant-package/repository.ts';
import { seedDemoLogistics } from './demo-logistics.ts';
import { seedDemoFinance } from './demo-finance.ts';
import type { RoleCode } from '../../modules/auth/access/built-in-roles.ts';

export const DEMO_PASSWORD = 'Portal#2026';

export const DEMO_ACCOUNTS = [
  { username: 'admin', who: 'platform super user (tenant 0)' },
  { username: 'warehouse', who: 'platform warehouse operator' },
  { username: 'finance', who: 'platform finance operator' },
  { username: 'purchaser', who: 'platform purchaser (Taobao and 1688)' },
  { username: 'merchant', who: 'main account of tenant 1 "Demo Trading", in two departments' },
  { username: 'staff', who: 'staff of tenant 1, without some buttons' },
  { username: 'merchant2', who: 'main account of tenant 2 "Harbour Imports"' },
] as const;

type UserSeed = {
  username: string;
  realname: string;
  tenantId: number;
  roles: RoleCode[];
  superFlag?: number;
  mainAccount?: boolean;
  phone: string;
  email: string;
  departs?: string[];
  /** the departments among `departs` the user leads ("my department") */
  leads?: string[];
};

/** true when the database has never been seeded with people (the catalogue alone does not count) */
export async function hasUsers(db: Db): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).limit(1)).length > 0;
}

/** The platform's roles and its first administrator: every database gets these. */
export async function seedPlatform(db: Db, adminPassword: string): Promise<void> {
  const roleIds = await createTenantRoles(db, PLATFORM_TENANT, ['platform_admin', 'warehouse_operator', 'finance_operator', 'purchaser']);
  await createUser(db, { username: 'admin', realname: 'Administrator', tenantId: PLATFORM_TENANT, roles: ['platform_admin'], superFlag: 1, phone: '13800000000', email: 'admin@example.com' }, roleIds, await hashPassword(adminPassword));
}

/** The demo: two merchants and the platform's staff, every account with DEMO_PASSWORD. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await seedPlatform(db, DEMO_PASSWORD);
  const platformRoles = await createTenantRoles(db, PLATFORM_TENANT, ['platform_admin', 'warehouse_operator', 'finance_operator', 'purchaser']);
  await createUser(db, { username: 'warehouse', realname: '倉庫 王小明', tenantId: PLATFORM_TENANT, roles: ['warehouse_operator'], phone: '13800000001', email: 'warehouse@example.com' }, platformRoles, passwordHash);
  await createUser(db, { username: 'finance', realname: '財務 林美玲', tenantId: PLATFORM_TENANT, roles: ['finance_operator'], phone: '13800000002', email: 'finance@example.com' }, platformRoles, passwordHash);
  await createUser(db, { username: 'purchaser', realname: '採購 張志明', tenantId: PLATFORM_TENANT, roles: ['purchaser'], phone: '13800000003', email: 'purchaser@example.com' }, platformRoles, passwordHash);

  // both on the default package, as registration would give them
  const packageId = must(await defaultPackageId(db), 'default tenant package');
  await db
    .insert(tenants)
    .overridingSystemValue()
    .values([
      { id: 1, name: 'Demo Trading', packageId, contactName: '陳大文', contactPhone: '0912000001', contactEmail: 'merchant@example.com' },
      { id: 2, name: 'Harbour Imports', packageId, contactName: '李志強', contactPhone: '0912000003', contactEmail: 'merchant2@example.com' },
    ]);

  const t1Roles = await createTenantRoles(db, 1, ['merchant_admin', 'merchant_staff']);
  const t1Departs = await createDepartments(db, 1, [
    { orgCode: 'A01', name: 'Demo Trading' },
    { orgCode: 'A01A01', name: '營運部 Operations', parent: 'A01' },
    { orgCode: 'A01A02', name: '財務部 Finance', parent: 'A01' },
  ]);
  // the wallet screens are the finance department's ceiling, and its "finance clerk" role grants them (decision 0017)
  const financeDepart = must(t1Departs.A01A02, 'finance department');
  const walletIds = (await db.select({ id: permissions.id, perms: permissions.perms }).from(permissions))
    .filter((p) => p.perms.startsWith('wallet:') || p.perms.startsWith('finance:module') || p.perms.startsWith('finance:detail'))
    .map((p) => p.id);
  await db.insert(departmentPermissions).values(walletIds.map((permissionId) => ({ tenantId: 1, departmentId: financeDepart, permissionId })));
  const clerk = must((await db.insert(departRoles).values({ tenantId: 1, departmentId: financeDepart, roleCode: 'finance_clerk', roleName: '財務專員 Finance clerk' }).returning({ id: departRoles.id }))[0], 'finance clerk role');
  await db.insert(departRolePermissions).values(walletIds.map((permissionId) => ({ tenantId: 1, roleId: clerk.id, permissionId })));
  await createPositions(db, 1);
  await createUser(db, { username: 'merchant', realname: '陳大文', tenantId: 1, roles: ['merchant_admin'], mainAccount: true, phone: '0912000001', email: 'merchant@example.com', departs: ['A01A01', 'A01A02'], leads: ['A01A01'] }, t1Roles, passwordHash, t1Departs);
  await createUser(db, { username: 'staff', realname: '張小華', tenantId: 1, roles: ['merchant_staff'], phone: '0912000002', email: 'staff@example.com', departs: ['A01A01'] }, t1Roles, passwordHash, t1Departs);
  const merchantId = must((await db.select({ id: users.id }).from(users).where(eq(users.username, 'merchant')))[0], 'merchant').id;
  await db.insert(departRoleUsers).values({ tenantId: 1, userId: merchantId, roleId: clerk.id });

  const t2Roles = await createTenantRoles(db, 2, ['merchant_admin', 'merchant_staff']);
  const t2Departs = await createDepartments(db, 2, [
    { orgCode: 'A01', name: 'Harbour Imports' },
    { orgCode: 'A01A03', name: '倉儲部 Warehousing', parent: 'A01' },
  ]);
  await createPositions(db, 2);
  await createUser(db, { username: 'merchant2', realname: '李志強', tenantId: 2, roles: ['merchant_admin'], mainAccount: true, phone: '0912000003', email: 'merchant2@example.com', departs: ['A01A03'], leads: ['A01A03'] }, t2Roles, passwordHash, t2Departs);

  await db.insert(announcements).values({
    tenantId: PLATFORM_TENANT,
    title: '歡迎使用商家後台 Welcome to the merchant portal',
    content: '集運、採購與錢包，一站完成。Shipping, purchasing and your wallet in one place.',
    sendStatus: 1,
    sendTime: new Date(),
  });

  await seedDemoLogistics(db);
  await seedDemoFinance(db);
}

async function createDepartments(db: Db, tenantId: number, list: { orgCode: string; name: string; parent?: string }[]) {
  const ids: Record<string, number> = {};
  for (const [index, d] of list.entries()) {
    const rows = await db
      .insert(departments)
      .values({ tenantId, orgCode: d.orgCode, departName: d.name, parentId: d.parent ? ids[d.parent] : null, sortNo: index })
      .returning({ id: departments.id });
    ids[d.orgCode] = must(rows[0], 'department').id;
  }
  return ids;
}

async function createPositions(db: Db, tenantId: number) {
  await db.insert(positions).values([
    { tenantId, code: 'manager', name: '經理 Manager' },
    { tenantId, code: 'clerk', name: '專員 Clerk' },
  ]);
}

async function createUser(db: Db, seed: UserSeed, roleIds: Record<string, number>, passwordHash: string, departIds: Record<string, number> = {}) {
  const rows = await db
    .insert(users)
    .values({
      username: seed.username,
      realname: seed.realname,
      nickname: seed.realname,
      passwordHash,
      phone: seed.phone,
      email: seed.email,
      defaultTenantId: seed.tenantId,
      superFlag: seed.superFlag ?? 0,
      mainAccount: seed.mainAccount ?? false,
      orgCode: seed.departs?.[0] ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const userId = rows[0]?.id;
  if (userId === undefined) return;
  await db.insert(userTenants).values({ userId, tenantId: seed.tenantId });
  await db.insert(userRoles).values(seed.roles.map((code) => ({ userId, tenantId: seed.tenantId, roleId: must(roleIds[code], `role ${code}`) })));
  for (const orgCode of seed.departs ?? []) await db.insert(userDepartments).values({ userId, tenantId: seed.tenantId, departmentId: must(departIds[orgCode], `department ${orgCode}`), head: seed.leads?.includes(orgCode) ?? false });
  const position = await db.select({ id: positions.id }).from(positions).where(eq(positions.tenantId, seed.tenantId)).limit(1);
  if (position[0]) await db.insert(userPositions).values({ userId, tenantId: seed.tenantId, positionId: position[0].id });
}
