import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ZodType } from 'zod';
import { onlineFormCode, REPORT_DATA_SETS, type ReportDataSet } from '@portal/shared/online';
import { API_SCOPES, PUSH_TYPE_PERMISSIONS, PUSH_TYPES, SCOPE_PERMISSIONS, type ApiScope, type PushType } from '@portal/shared/open-api';
import type { PermissionCode } from '@portal/shared/permissions';
import { DATA_RULE_MENUS, type DataRuleMenu } from '@portal/shared/system-data-rules';
import type { PermissionTree } from '@portal/shared/system-roles';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok } from '../../helpers/answers.ts';
import { bearer, createApiKey } from '../../helpers/api-keys.ts';
import { fundWallet, voucherUpload } from '../../helpers/wallet-client.ts';
import { shippedPurchase } from '../purchase/stock-fixtures.ts';
import { routeRecorder, type ApiRoute } from './route-table.ts';
import { tenantPackagePermissions } from '../../../src/db/schema/admin.ts';
import { orders } from '../../../src/db/schema/logistics.ts';
import { onlineForms, onlineReports } from '../../../src/db/schema/online.ts';
import { apiKeys, pushEndpoints } from '../../../src/db/schema/open-api.ts';
import { preOrders, purchaseOrders } from '../../../src/db/schema/purchase.ts';
import {
  dataRules,
  departmentPermissions,
  departments,
  departRolePermissions,
  departRoles,
  departRoleUsers,
  permissions,
  rolePermissions,
  roleDataRules,
  roles,
  tenantPackages,
  userDepartments,
  userRoles,
  users,
  userTenants,
} from '../../../src/db/schema/sys.ts';
import { AccessService, splitCodes } from '../../../src/modules/auth/access/service.ts';
import type { CacheBus } from '../../../src/lib/cache-bus.ts';

/*
 * The rule of delegation (decisions 0013, 0016, 0027, 0029): nobody hands out what they do not hold. For
 * random sets S of what the merchant's administrator may grant, a user holding exactly S tries at every place
 * that hands out a right or a datum to hand out everything (the whole tree, the administrator's role, every
 * scope, every event type, every figure), and exactly S where that should work. What was obtained is read
 * back (a role's grants, a user's rights, a key's scopes, an endpoint's event types, the figures answered,
 * each mapped to the permission codes it stands for) and must lie within S; an attempt at S itself succeeds
 * exactly when the user holds the place's own right (403 otherwise); a refusal changes nothing. The
 * platform's side (publishing online reports and forms to the merchants' packages) is drawn the same way
 * from the platform's tree.
 *
 * A new place is one more row of PLACES. The guard below fails when a route whose input carries rights
 * (permission ids, roles, scopes, event types, packages, data rules) or an upload is neither a row's route
 * nor named in NOT_HANDED_OUT or UPLOADS with why.
 */

const RUNS = 12;
const T = 1;
const PLATFORM = 0;
const PASSWORD = 'Deleg2026x';
const IMPORT_HEADER = ['帳號', '真實姓名', '密碼', '工號', '手機號碼', '電子郵件', '部門代碼', '角色代碼', '職務代碼'];

/** Field names of a request (body or query string) that carry rights. */
const RIGHT_FIELDS = new Set(['permissionIds', 'lastpermissionIds', 'permissionId', 'roleIds', 'roleId', 'newRoleId', 'oldRoleId', 'scopes', 'eventTypes', 'packageIds', 'packageId', 'dataRuleIds', 'perms']);

/** Routes whose input names rights but that hand nothing out to anyone, and why. */
const NOT_HANDED_OUT: Record<string, string> = {
  'DELETE /api/sys/user/deleteUserRole': 'takes a role away (judged as a change of grants by decision 0013: system/delegation.test.ts)',
  'DELETE /api/sys/user/deleteUserRoleBatch': 'takes a role away from users (as deleteUserRole)',
  'PUT /api/sys/tenantPackage/savePermissions': "the platform's packages: what a company may be given at all, set by the platform, which owns the catalogue (decision 0018); it grants no role",
  'POST /api/sys/tenant/add': "a new company with a package and its main account (decision 0018): the platform's, which owns the catalogue",
  'PUT /api/sys/tenant/edit': "a company's package (decision 0018): the platform's, which owns the catalogue",
  'POST /api/sys/permission/add': "an entry of the menu catalogue, the platform's: in no package until a package takes it",
  'PUT /api/sys/permission/edit': "an entry of the menu catalogue, the platform's (as add)",
};

/** Uploads that carry no rights, and what they carry. */
const UPLOADS: Record<string, string> = {
  'POST /api/logistics/order/importExcel': 'orders',
  'POST /api/online/cgform/api/importXls/:code': "an online form's rows",
  'POST /api/purchase/1688/basket/importExcel': 'goods to buy',
  'POST /api/purchase/taobao/basket/importExcel': 'goods to buy',
  'POST /api/sys/position/importExcel': 'positions: codes, names and ranks',
  'POST /api/sys/sysDepart/importExcel': 'departments: names and places in the tree, no ceiling and no role',
  'POST /api/sys/user/avatar': 'an image',
  'POST /platform-api/finance/virtualWallet/recharge/credentials': "a transfer's voucher",
};

type Codes = ReadonlySet<string>;
type Actor = { id: number; token: string };
type Side = 'merchant' | 'platform';

/** One run: the merchant's user holding exactly S (by one role), and the platform's holding exactly Sp. */
type Run = { n: number; S: Codes; sIds: number[]; u: Actor; role: number; roleCode: string; Sp: Codes; p: Actor };

/** What one call at a place gave, read back in codes. */
type Attempt = {
  what: string;
  status: number;
  body: string;
  refused: boolean;
  /** codes the act gave: what the place holds after it and did not before, or what the answer carries */
  obtained: Set<string>;
  /** the place is as it was (a refusal must leave it so) */
  unchanged: boolean;
  /** an attempt to hand out only what the actor holds: it succeeds exactly when they hold all these (the place's own right), else 403 */
  needs?: readonly PermissionCode[];
  /** a figure: exactly what the reader must be answered */
  expected?: Codes;
};

type Place = { name: string; side: Side; routes: readonly string[]; attempt(run: Run): Promise<Attempt[]> };

const sorted = (codes: Iterable<string>) => [...codes].sort();
const minus = (a: Codes, b: Codes) => new Set([...a].filter((code) => !b.has(code)));
const sameSet = (a: Codes, b: Codes) => a.size === b.size && [...a].every((code) => b.has(code));
const holdsAll = (held: Codes, codes: readonly string[]) => codes.every((code) => held.has(code));

/** The field names of a zod schema, nested ones included (zod 4's `_zod.def`). */
type Def = { type: string; innerType?: ZodType; in?: ZodType; shape?: Record<string, ZodType>; element?: ZodType; options?: ZodType[]; left?: ZodType; right?: ZodType; getter?: () => ZodType };
function fieldNames(schema: ZodType | undefined, depth = 0): string[] {
  if (!schema || depth > 12) return [];
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.innerType) return fieldNames(def.innerType, depth + 1);
  if (def.type === 'pipe') return fieldNames(def.in, depth + 1);
  if (def.type === 'lazy' && def.getter) return fieldNames(def.getter(), depth + 1);
  if (def.type === 'object' && def.shape) return Object.entries(def.shape).flatMap(([key, value]) => [key, ...fieldNames(value, depth + 1)]);
  if (def.type === 'array') return fieldNames(def.element, depth + 1);
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => fieldNames(option, depth + 1));
  if (def.type === 'intersection') return [...fieldNames(def.left, depth + 1), ...fieldNames(def.right, depth + 1)];
  return [];
}

const noBus: CacheBus = { publish: async () => undefined, subscribe: () => undefined, close: async () => undefined };

describe(`delegation at every hand-out place (${testDbKind()})`, { timeout: 120_000 }, () => {
  const recorder = routeRecorder();
  let t: TestApp;
  let merchant = '';
  let admin = '';
  let passwordHash = '';
  let adminRole = 0;
  /** the merchant administrator's tree, and the platform administrator's */
  let grantable: number[] = [];
  let platformGrantable: number[] = [];
  const catalogue = new Map<number, { parentId: number | null; codes: string[] }>();
  let packageIds: number[] = [];
  let menuGroup = 0;
  let orderNo = '';
  /** a department whose ceiling is the whole tree, and its department role granting all of it */
  let wide = { id: 0, orgCode: 'DLG', roleAll: 0 };
  const ruleOf = new Map<DataRuleMenu, number>();
  const reportOf = new Map<ReportDataSet, number>();
  const FORM = 'deleg_form';
  let sequence = 0;
  const next = () => ++sequence;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data: Record<string, unknown> = {}): Promise<LightMyRequestResponse> =>
    method === 'GET' || method === 'DELETE'
      ? t.call({ method, url: `/api${url}`, token, query: Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)])) })
      : t.call({ method, url: `/api${url}`, token, payload: data });
  const platformCall = (token: string, url: string, data: Record<string, unknown>) => t.call({ method: 'POST', url: `/platform-api${url}`, token, payload: data });

  const codesOf = (ids: Iterable<number>) => new Set([...ids].flatMap((id) => catalogue.get(id)?.codes ?? [`#${id}`]));
  /** the ids with every ancestor: what a role of these grants holds */
  const closed = (ids: Iterable<number>) => {
    const all = new Set<number>();
    for (const id of ids) for (let at: number | null = id; at !== null && !all.has(at); at = catalogue.get(at)?.parentId ?? null) all.add(at);
    return [...all].sort((a, b) => a - b);
  };
  const idsOf = (rows: { id: number }[]) => rows.map((row) => Number(row.id));

  /** What a user may do in the tenant now, read from the database (their roles, department roles, the package). */
  async function rightsOf(userId: number, tenantId = T): Promise<Set<string>> {
    const [row] = await t.db.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, userId));
    if (!row) return new Set();
    return new Set((await new AccessService(t.db, noBus).userAccess({ userId, orgCode: row.orgCode }, tenantId)).codes);
  }
  const rightsOfName = async (username: string) => {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return row ? rightsOf(row.id) : new Set<string>();
  };
  const roleGrants = async (roleId: number) => codesOf(idsOf(await t.db.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId))));

  /** A user of the tenant made by its administrator: no role unless given. */
  async function person(username: string, tenantId = T, orgCode: string | null = null): Promise<number> {
    const [row] = await t.db.insert(users).values({ username, realname: username, passwordHash, defaultTenantId: tenantId, orgCode }).returning({ id: users.id });
    await t.db.insert(userTenants).values({ userId: row!.id, tenantId });
    return row!.id;
  }
  async function role(tenantId: number, roleCode: string, ids: number[]): Promise<number> {
    const [row] = await t.db.insert(roles).values({ tenantId, roleCode, roleName: roleCode }).returning({ id: roles.id });
    if (ids.length > 0) await t.db.insert(rolePermissions).values(ids.map((permissionId) => ({ tenantId, roleId: row!.id, permissionId })));
    return row!.id;
  }
  async function departRole(departmentId: number, roleCode: string, ids: number[]): Promise<number> {
    const [row] = await t.db.insert(departRoles).values({ tenantId: T, departmentId, roleCode, roleName: roleCode }).returning({ id: departRoles.id });
    if (ids.length > 0) await t.db.insert(departRolePermissions).values(ids.map((permissionId) => ({ tenantId: T, roleId: row!.id, permissionId })));
    return row!.id;
  }
  /** A member of the wide department, current there. */
  async function member(username: string): Promise<number> {
    const id = await person(username, T, wide.orgCode);
    await t.db.insert(userDepartments).values({ userId: id, tenantId: T, departmentId: wide.id });
    return id;
  }
  /**
   * A user who held the wide department's role of the whole tree, and whom the administrator then took out of
   * the department through the user form: nothing of the role may come back by putting them into it again.
   */
  async function formerMember(username: string): Promise<number> {
    const id = await member(username);
    await t.db.insert(departRoleUsers).values({ tenantId: T, userId: id, roleId: wide.roleAll });
    ok(await call(merchant, 'PUT', '/sys/user/edit', { id, realname: username, departIds: [], roleIds: [] }));
    return id;
  }

  /** One act at a place: the place read before and after (in codes), and whether the answer refused. */
  async function change(
    what: string,
    read: () => Promise<Set<string>>,
    send: () => Promise<LightMyRequestResponse>,
    options: { needs?: readonly PermissionCode[]; refusedIn?: (response: LightMyRequestResponse) => boolean } = {},
  ): Promise<Attempt> {
    const before = await read();
    const response = await send();
    const after = await read();
    const refused = response.statusCode !== 200 || (options.refusedIn?.(response) ?? false);
    return { what, status: response.statusCode, body: response.body, refused, obtained: minus(after, before), unchanged: sameSet(before, after), needs: options.needs };
  }
  /** One read of figures: the codes of what the answer carries, and what a reader holding `held` must be given. */
  function answered(what: string, response: LightMyRequestResponse, carried: (result: unknown) => string[], expected: Codes): Attempt {
    const refused = response.statusCode !== 200;
    const body = refused ? null : (JSON.parse(response.body) as { result?: unknown });
    // the open API answers without the envelope
    const result = body && 'result' in body ? body.result : body;
    return { what, status: response.statusCode, body: response.body, refused, obtained: refused ? new Set() : new Set(carried(result)), unchanged: true, expected };
  }
  /** The codes a figure stands for, when the answer gives it (not null). */
  const given = (figures: Record<string, unknown>, of: Record<string, PermissionCode>) => Object.entries(of).flatMap(([key, code]) => (figures[key] !== null && figures[key] !== undefined ? [code] : []));
  const expectedOf = (held: Codes, access: PermissionCode, figures: readonly PermissionCode[]) => new Set(held.has(access) ? [access, ...figures.filter((code) => held.has(code))] : []);

  async function workbook(rows: string[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('users');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const importUser = async (token: string, username: string, roleCode: string) =>
    t.call({
      method: 'POST',
      url: '/api/sys/user/importExcel',
      token,
      ...voucherUpload(await workbook([IMPORT_HEADER, [username, username, PASSWORD, '', '', '', '', roleCode, '']]), 'users.xlsx', 'file', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    });

  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const heldScopes = (held: Codes) => API_SCOPES.filter((scope) => holdsAll(held, SCOPE_PERMISSIONS[scope]));
  const heldTypes = (held: Codes) => PUSH_TYPES.filter((type) => holdsAll(held, PUSH_TYPE_PERMISSIONS[type]));
  type KeyRecord = { id: number; name: string; expiresAt: string };

  // ------------------------------------------------------------------ the places

  const PLACES: Place[] = [
    {
      name: 'a new role and its permissions',
      side: 'merchant',
      routes: ['POST /api/sys/role/add', 'POST /api/sys/permission/saveRolePermission'],
      async attempt(run) {
        const code = `deleg_new_${run.n}`;
        const made = async () => new Set((await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, T), eq(roles.roleCode, code)))).length > 0 ? ['system:role:add'] : []);
        const created = await change('create a role', made, () => call(run.u.token, 'POST', '/sys/role/add', { roleCode: code, roleName: code }), { needs: ['system:role:add'] });
        // without the right to create one, the administrator's new role is the one to grant
        const roleId = created.refused ? await role(T, `deleg_blank_${run.n}`, []) : (JSON.parse(created.body) as { result: { id: number } }).result.id;
        const save = (ids: number[]) => () => call(run.u.token, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: ids, lastpermissionIds: ids });
        return [
          created,
          await change('grant it the whole tree', () => roleGrants(roleId), save(grantable)),
          await change('grant it exactly S', () => roleGrants(roleId), save(run.sIds), { needs: ['system:role:auth'] }),
        ];
      },
    },
    {
      name: "the actor's own role",
      side: 'merchant',
      routes: ['POST /api/sys/permission/saveRolePermission'],
      attempt: async (run) => [
        await change('widen it to the whole tree', () => roleGrants(run.role), () => call(run.u.token, 'POST', '/sys/permission/saveRolePermission', { roleId: run.role, permissionIds: grantable })),
      ],
    },
    {
      name: 'a new user and their roles',
      side: 'merchant',
      routes: ['POST /api/sys/user/add'],
      async attempt(run) {
        const add = (username: string, roleIds: number[]) => () => call(run.u.token, 'POST', '/sys/user/add', { username, password: PASSWORD, passwordChangeRequired: false, realname: username, roleIds });
        return [
          await change("add a user with the administrator's role", () => rightsOfName(`deleg_add_a${run.n}`), add(`deleg_add_a${run.n}`, [adminRole])),
          await change('add a user with the role of S', () => rightsOfName(`deleg_add_s${run.n}`), add(`deleg_add_s${run.n}`, [run.role]), { needs: ['system:user:add'] }),
        ];
      },
    },
    {
      name: "a user's roles on the user form",
      side: 'merchant',
      routes: ['PUT /api/sys/user/edit'],
      async attempt(run) {
        const target = await person(`deleg_edit${run.n}`);
        const edit = (roleIds: number[]) => () => call(run.u.token, 'PUT', '/sys/user/edit', { id: target, realname: 'Edited', departIds: [], roleIds });
        return [
          await change("give the administrator's role", () => rightsOf(target), edit([adminRole])),
          await change('give the role of S', () => rightsOf(target), edit([run.role]), { needs: ['system:user:edit'] }),
        ];
      },
    },
    {
      name: 'imported users and their roles',
      side: 'merchant',
      routes: ['POST /api/sys/user/importExcel'],
      async attempt(run) {
        // a row refused is an answer listing it, nothing imported
        const refusedIn = (response: LightMyRequestResponse) => response.statusCode === 200 && (JSON.parse(response.body) as { result: { imported: number } }).result.imported === 0;
        return [
          await change("import a user with the administrator's role", () => rightsOfName(`deleg_imp_a${run.n}`), () => importUser(run.u.token, `deleg_imp_a${run.n}`, 'merchant_admin'), { refusedIn }),
          await change('import a user with the role of S', () => rightsOfName(`deleg_imp_s${run.n}`), () => importUser(run.u.token, `deleg_imp_s${run.n}`, run.roleCode), { needs: ['system:user:import'], refusedIn }),
        ];
      },
    },
    {
      name: "a role's users",
      side: 'merchant',
      routes: ['POST /api/sys/user/addSysUserRole'],
      async attempt(run) {
        const target = await person(`deleg_give${run.n}`);
        const give = (roleId: number, userId: number) => () => call(run.u.token, 'POST', '/sys/user/addSysUserRole', { roleId, userIdList: [userId] });
        return [
          await change("give a user the administrator's role", () => rightsOf(target), give(adminRole, target)),
          await change("give themselves the administrator's role", () => rightsOf(run.u.id), give(adminRole, run.u.id)),
          await change('give a user the role of S', () => rightsOf(target), give(run.role, target), { needs: ['system:role:edit'] }),
        ];
      },
    },
    {
      name: "a user's departments on the user form",
      side: 'merchant',
      routes: ['PUT /api/sys/user/edit'],
      async attempt(run) {
        const target = await formerMember(`deleg_back${run.n}`);
        return [
          await change('put a former member back into their department', () => rightsOf(target), () => call(run.u.token, 'PUT', '/sys/user/edit', { id: target, realname: 'Back', departIds: [wide.id] }), {
            needs: ['system:user:edit'],
          }),
        ];
      },
    },
    {
      name: "a department's members",
      side: 'merchant',
      routes: ['POST /api/sys/user/editSysDepartWithUser'],
      async attempt(run) {
        const target = await formerMember(`deleg_join${run.n}`);
        return [
          await change('add a former member to the department again', () => rightsOf(target), () => call(run.u.token, 'POST', '/sys/user/editSysDepartWithUser', { depId: wide.id, userIdList: [target] }), {
            needs: ['system:depart:edit'],
          }),
        ];
      },
    },
    {
      name: 'the members of my department',
      side: 'merchant',
      routes: ['POST /api/sys/myDepart/addMember'],
      async attempt(run) {
        const target = await formerMember(`deleg_mine${run.n}`);
        // a member brings the department's permissions, here the whole tree
        return [await change('add a member to the department they lead', () => rightsOf(target), () => call(run.u.token, 'POST', '/sys/myDepart/addMember', { departId: wide.id, userId: target }))];
      },
    },
    {
      name: "a department's ceiling",
      side: 'merchant',
      routes: ['POST /api/sys/permission/saveDepartPermission'],
      async attempt(run) {
        const [depart] = await t.db.insert(departments).values({ tenantId: T, parentId: null, departName: `Ceiling ${run.n}`, orgCode: `DLC${run.n}` }).returning({ id: departments.id });
        const ceiling = async () => codesOf(idsOf(await t.db.select({ id: departmentPermissions.permissionId }).from(departmentPermissions).where(eq(departmentPermissions.departmentId, depart!.id))));
        const save = (ids: number[]) => () => call(run.u.token, 'POST', '/sys/permission/saveDepartPermission', { departId: depart!.id, permissionIds: ids });
        return [await change('set it to the whole tree', ceiling, save(grantable)), await change('set it to S', ceiling, save(run.sIds), { needs: ['system:depart:auth'] })];
      },
    },
    {
      name: 'a new department role and its permissions',
      side: 'merchant',
      routes: ['POST /api/sys/sysDepartRole/add', 'POST /api/sys/sysDepartPermission/saveDeptRolePermission'],
      async attempt(run) {
        const code = `deleg_dr${run.n}`;
        const made = async () =>
          new Set((await t.db.select({ id: departRoles.id }).from(departRoles).where(and(eq(departRoles.tenantId, T), eq(departRoles.roleCode, code)))).length > 0 ? ['system:depart:auth'] : []);
        const created = await change('create a department role', made, () => call(run.u.token, 'POST', '/sys/sysDepartRole/add', { departId: wide.id, roleCode: code, roleName: code }), { needs: ['system:depart:auth'] });
        const roleId = created.refused ? await departRole(wide.id, `deleg_drb${run.n}`, []) : (JSON.parse(created.body) as { result: { id: number } }).result.id;
        const grants = async () => codesOf(idsOf(await t.db.select({ id: departRolePermissions.permissionId }).from(departRolePermissions).where(eq(departRolePermissions.roleId, roleId))));
        const save = (ids: number[]) => () => call(run.u.token, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: ids });
        return [created, await change('grant it the whole tree', grants, save(grantable)), await change('grant it S', grants, save(run.sIds), { needs: ['system:depart:auth'] })];
      },
    },
    {
      name: "a member's department roles",
      side: 'merchant',
      routes: ['POST /api/sys/sysDepartRole/deptRoleUserAdd'],
      async attempt(run) {
        const target = await member(`deleg_drm${run.n}`);
        const roleOfS = await departRole(wide.id, `deleg_drs${run.n}`, run.sIds);
        const give = (roleId: number) => () => call(run.u.token, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: target, departId: wide.id, newRoleId: [roleId], oldRoleId: [] });
        return [
          await change('give the department role of the whole tree', () => rightsOf(target), give(wide.roleAll)),
          await change('give the department role of S', () => rightsOf(target), give(roleOfS), { needs: ['system:depart:auth'] }),
        ];
      },
    },
    {
      name: "the roles of my department's members",
      side: 'merchant',
      routes: ['POST /api/sys/myDepart/memberRoles'],
      async attempt(run) {
        const target = await member(`deleg_mdm${run.n}`);
        const roleOfS = await departRole(wide.id, `deleg_mds${run.n}`, run.sIds);
        const give = (roleId: number) => () => call(run.u.token, 'POST', '/sys/myDepart/memberRoles', { departId: wide.id, userId: target, roleIds: [roleId] });
        return [
          await change('give the department role of the whole tree', () => rightsOf(target), give(wide.roleAll)),
          await change('give the department role of S', () => rightsOf(target), give(roleOfS), { needs: ['system:my-depart:edit'] }),
        ];
      },
    },
    {
      name: 'data rules: defined on a menu, chosen for a role',
      side: 'merchant',
      routes: ['POST /api/sys/permission/addPermissionRule', 'PUT /api/sys/permission/editPermissionRule', 'POST /api/sys/role/datarule'],
      async attempt(run) {
        const tag = `deleg${run.n}`;
        const chooser = await role(T, `deleg_rules${run.n}`, []);
        const menuIds = new Map((await t.db.select({ id: permissions.id, perms: permissions.perms }).from(permissions).where(inArray(permissions.perms, Object.keys(DATA_RULE_MENUS)))).map((row) => [row.perms, Number(row.id)]));
        const defined = async () => codesOf(idsOf(await t.db.select({ id: dataRules.permissionId }).from(dataRules).where(and(eq(dataRules.tenantId, T), like(dataRules.ruleName, `${tag}-%`)))));
        const chosen = async () =>
          codesOf(
            idsOf(
              await t.db
                .select({ id: dataRules.permissionId })
                .from(roleDataRules)
                .innerJoin(dataRules, and(eq(dataRules.tenantId, roleDataRules.tenantId), eq(dataRules.id, roleDataRules.ruleId)))
                .where(and(eq(roleDataRules.tenantId, T), eq(roleDataRules.roleId, chooser))),
            ),
          );
        const attempts: Attempt[] = [];
        for (const menu of Object.keys(DATA_RULE_MENUS) as DataRuleMenu[]) {
          const permissionId = menuIds.get(menu)!;
          // the menu held, the rules screen's right is the place's own; a menu not held is refused whatever the right
          const options = run.S.has(menu) ? { needs: ['system:role:auth'] as const } : {};
          const rule = { permissionId, field: 'status', operator: 'not_empty', valueKind: 'value', value: '' };
          attempts.push(await change(`define a rule on ${menu}`, defined, () => call(run.u.token, 'POST', '/sys/permission/addPermissionRule', { ...rule, ruleName: `${tag}-${menu}` }), options));
          attempts.push(
            await change(`edit the administrator's rule on ${menu}`, defined, () => call(run.u.token, 'PUT', '/sys/permission/editPermissionRule', { ...rule, id: ruleOf.get(menu), ruleName: `${tag}-${menu}-edited` }), options),
          );
          attempts.push(await change(`choose a rule on ${menu} for a role`, chosen, () => call(run.u.token, 'POST', '/sys/role/datarule', { permissionId, roleId: chooser, dataRuleIds: [ruleOf.get(menu)] }), options));
        }
        return attempts;
      },
    },
    {
      name: 'API keys: their scopes',
      side: 'merchant',
      routes: ['POST /api/config/api-key/add', 'PUT /api/config/api-key/edit', 'POST /api/config/api-key/roll'],
      async attempt(run) {
        const held = heldScopes(run.S);
        // the scopes of the keys the actor holds: what the keys carry of their rights
        const mine = async () =>
          new Set(
            (await t.db.select({ scopes: apiKeys.scopes }).from(apiKeys).where(and(eq(apiKeys.tenantId, T), eq(apiKeys.holderId, run.u.id), isNull(apiKeys.revokedAt)))).flatMap((row) => row.scopes.flatMap((scope) => SCOPE_PERMISSIONS[scope])),
          );
        const add = (token: string, scopes: readonly ApiScope[]) => call(token, 'POST', '/config/api-key/add', { name: `deleg-${next()}`, scopes, expiresAt: inDays(30) });
        const adminKey = async (scopes: readonly ApiScope[]) => ok<{ record: KeyRecord }>(await add(merchant, scopes)).record;
        const edit = (key: KeyRecord, scopes: readonly ApiScope[]) => () => call(run.u.token, 'PUT', '/config/api-key/edit', { id: key.id, name: key.name, scopes, expiresAt: key.expiresAt, ipAllowList: [] });
        const roll = (key: KeyRecord) => () => call(run.u.token, 'POST', '/config/api-key/roll', { id: key.id, overlapHours: 0 });
        const everyScope = await adminKey(API_SCOPES);
        const attempts = [
          await change('make a key of every scope', mine, () => add(run.u.token, API_SCOPES)),
          await change("edit the administrator's key, keeping every scope", mine, edit(everyScope, API_SCOPES)),
          await change("roll the administrator's key of every scope", mine, roll(everyScope)),
        ];
        if (held.length > 0) {
          attempts.push(await change('make a key of the scopes of S', mine, () => add(run.u.token, held), { needs: ['config:token:add'] }));
          attempts.push(await change("edit the administrator's key to the scopes of S", mine, edit(await adminKey(API_SCOPES), held), { needs: ['config:token:edit'] }));
          attempts.push(await change("roll the administrator's key of the scopes of S", mine, roll(await adminKey(held)), { needs: ['config:token:reset-secret'] }));
        }
        return attempts;
      },
    },
    {
      name: 'push endpoints: their event types',
      side: 'merchant',
      routes: ['POST /api/config/push-endpoint/add', 'PUT /api/config/push-endpoint/edit'],
      async attempt(run) {
        const held = heldTypes(run.S);
        const mine = async () =>
          new Set(
            (await t.db.select({ types: pushEndpoints.eventTypes }).from(pushEndpoints).where(and(eq(pushEndpoints.tenantId, T), eq(pushEndpoints.holderId, run.u.id)))).flatMap((row) => row.types.flatMap((type) => PUSH_TYPE_PERMISSIONS[type])),
          );
        const url = () => `https://hooks.example.com/deleg/${next()}`;
        const add = (token: string, eventTypes: readonly PushType[]) => call(token, 'POST', '/config/push-endpoint/add', { url: url(), description: '', eventTypes, enabled: true });
        const adminEndpoint = async () => ok<{ endpoint: { id: number; url: string } }>(await add(merchant, PUSH_TYPES)).endpoint;
        const edit = (endpoint: { id: number; url: string }, eventTypes: readonly PushType[]) => () =>
          call(run.u.token, 'PUT', '/config/push-endpoint/edit', { id: endpoint.id, url: endpoint.url, description: 'mine now', eventTypes, enabled: true });
        const attempts = [
          await change('subscribe to every event type', mine, () => add(run.u.token, PUSH_TYPES)),
          await change("edit the administrator's endpoint, keeping every event type", mine, edit(await adminEndpoint(), PUSH_TYPES)),
        ];
        if (held.length > 0) {
          attempts.push(await change('subscribe to the event types of S', mine, () => add(run.u.token, held), { needs: ['config:push:add'] }));
          attempts.push(await change("edit the administrator's endpoint to the event types of S", mine, edit(await adminEndpoint(), held), { needs: ['config:push:edit'] }));
        }
        // a company has at most 20
        await t.db.delete(pushEndpoints).where(eq(pushEndpoints.tenantId, T));
        return attempts;
      },
    },
    {
      name: "the home page's figures",
      side: 'merchant',
      routes: ['GET /api/logistics/summary'],
      async attempt(run) {
        const figures = { byStatus: 'logistics:order:list', ordersPerDay: 'logistics:order:list', parcelsInWarehouse: 'logistics:package:list', openExceptions: 'logistics:collection-exception:list' } as const;
        const response = await call(run.u.token, 'GET', '/logistics/summary');
        const carried = (result: unknown) => ['dashboard:analysis:view', ...given(result as Record<string, unknown>, figures)];
        return [answered('read them', response, carried, expectedOf(run.S, 'dashboard:analysis:view', Object.values(figures)))];
      },
    },
    {
      name: "the wallet's figures",
      side: 'merchant',
      routes: ['POST /platform-api/finance/virtualWallet/wallet/details', 'POST /platform-api/finance/virtualWallet/balance'],
      async attempt(run) {
        const figures = { unrecharged: 'wallet:recharge:list', pendingRefund: 'wallet:refund:list', available: 'wallet:refund:submit' } as const;
        const expected = expectedOf(run.S, 'wallet:module:view', Object.values(figures));
        const details = await platformCall(run.u.token, '/finance/virtualWallet/wallet/details', {});
        const balance = await platformCall(run.u.token, '/finance/virtualWallet/balance', { currency: 'CNY' });
        return [
          answered('read every wallet', details, (result) => ['wallet:module:view', ...(result as { wallets: Record<string, unknown>[] }).wallets.flatMap((wallet) => given(wallet, figures))], expected),
          answered('read the CNY wallet', balance, (result) => ['wallet:module:view', ...given(result as Record<string, unknown>, figures)], expected),
        ];
      },
    },
    {
      name: "the order list's status tabs",
      side: 'merchant',
      routes: ['GET /api/logistics/order/statusCounts'],
      attempt: async (run) => [answered('count the orders by status', await call(run.u.token, 'GET', '/logistics/order/statusCounts'), () => ['logistics:order:list'], expectedOf(run.S, 'logistics:order:list', []))],
    },
    {
      name: 'what a key of theirs reads (the open API)',
      side: 'merchant',
      routes: ['GET /open/v1/orders', 'GET /open/v1/orders/:orderNo', 'GET /open/v1/orders/:orderNo/tracking', 'GET /open/v1/parcels', 'GET /open/v1/purchase-orders', 'GET /open/v1/wallet/balances'],
      async attempt(run) {
        // a key of every scope whose holder is the actor (as if an administrator had made it and they had edited it)
        const { key } = await createApiKey(t.db, `deleg_u${run.n}`);
        const open = (url: string) => t.call({ method: 'GET', url: `/open/v1${url}`, headers: bearer(key) });
        const scoped = (scope: ApiScope) => SCOPE_PERMISSIONS[scope];
        const reads: [string, ApiScope][] = [
          ['/orders', 'orders:read'],
          [`/orders/${orderNo}`, 'orders:read'],
          [`/orders/${orderNo}/tracking`, 'tracking:read'],
          ['/parcels', 'parcels:read'],
          ['/purchase-orders', 'purchases:read'],
        ];
        const attempts: Attempt[] = [];
        for (const [url, scope] of reads) attempts.push(answered(`GET ${url}`, await open(url), () => [...scoped(scope)], new Set(holdsAll(run.S, scoped(scope)) ? scoped(scope) : [])));
        const figures = { unrecharged: 'wallet:recharge:list', pendingRefund: 'wallet:refund:list', available: 'wallet:refund:submit' } as const;
        const wallet = scoped('wallet:read');
        attempts.push(
          answered(
            'GET /wallet/balances',
            await open('/wallet/balances'),
            (result) => [...wallet, ...(result as { wallets: Record<string, unknown>[] }).wallets.flatMap((row) => given(row, figures))],
            new Set(holdsAll(run.S, wallet) ? [...wallet, ...Object.values(figures).filter((code) => run.S.has(code))] : []),
          ),
        );
        return attempts;
      },
    },
    {
      name: 'online reports: their rows and charts',
      side: 'merchant',
      routes: ['GET /api/online/cgreport/api/getData/:cgRpConfigId', 'GET /api/online/cgreport/api/getChart/:cgRpConfigId'],
      async attempt(run) {
        // each data set's rows are its screen's; purchase orders each platform's own
        const single: Record<Exclude<ReportDataSet, 'purchase_orders'>, PermissionCode> = {
          orders: 'logistics:order:list',
          parcels: 'logistics:package:list',
          users: 'system:user:list',
          wallet_details: 'finance:detail:list',
        };
        const byPlatform: Record<string, PermissionCode> = { TAOBAO: 'purchase:taobao-order:list', '1688': 'purchase:1688-order:list' };
        const attempts: Attempt[] = [];
        for (const set of REPORT_DATA_SETS) {
          const id = reportOf.get(set)!;
          const data = await call(run.u.token, 'GET', `/online/cgreport/api/getData/${id}`, { pageSize: 100 });
          const chart = await call(run.u.token, 'GET', `/online/cgreport/api/getChart/${id}`);
          if (set === 'purchase_orders') {
            const expected = new Set(Object.values(byPlatform).filter((code) => run.S.has(code)));
            attempts.push(answered(`${set}: rows`, data, (result) => (result as { records: { platform: string }[] }).records.map((row) => byPlatform[row.platform] ?? `platform ${row.platform}`), expected));
            attempts.push(answered(`${set}: chart`, chart, (result) => (result as { groups: { key: string }[] }).groups.map((group) => byPlatform[group.key] ?? `platform ${group.key}`), expected));
          } else {
            const code = single[set];
            const expected = new Set(run.S.has(code) ? [code] : []);
            attempts.push(answered(`${set}: rows`, data, () => [code], expected), answered(`${set}: chart`, chart, () => [code], expected));
          }
        }
        return attempts;
      },
    },
    {
      name: 'online forms: their rows',
      side: 'merchant',
      routes: ['GET /api/online/cgform/api/getData/:code'],
      attempt: async (run) => [answered(`${FORM}: rows`, await call(run.u.token, 'GET', `/online/cgform/api/getData/${FORM}`), () => [onlineFormCode(FORM)], new Set(run.S.has(onlineFormCode(FORM)) ? [onlineFormCode(FORM)] : []))],
    },
    {
      name: 'publishing an online report or form to the merchants',
      side: 'platform',
      routes: ['POST /api/online/cgreport/head/publish', 'POST /api/online/cgform/head/publish'],
      async attempt(run) {
        const report = ok<{ id: number }>(await call(admin, 'POST', '/online/cgreport/head/add', reportDefinition('orders', `deleg_pub${run.n}`)));
        const form = ok<{ id: number }>(await call(admin, 'POST', '/online/cgform/head/add', formDefinition(`deleg_pubf${run.n}`)));
        /** the menu entry made ("system:online:edit") and the packages that took it ("system:tenant-menu:auth") */
        const published = (menuOf: () => Promise<number | null | undefined>) => async () => {
          const menuId = await menuOf();
          if (menuId === null || menuId === undefined) return new Set<string>();
          const packaged = await t.db.select({ id: tenantPackagePermissions.packageId }).from(tenantPackagePermissions).where(eq(tenantPackagePermissions.permissionId, menuId));
          return new Set(['system:online:edit', ...(packaged.length > 0 ? ['system:tenant-menu:auth'] : [])]);
        };
        const kinds = [
          { kind: 'cgreport', id: report.id, menuOf: async () => (await t.db.select({ menuId: onlineReports.menuId }).from(onlineReports).where(eq(onlineReports.id, report.id)))[0]?.menuId },
          { kind: 'cgform', id: form.id, menuOf: async () => (await t.db.select({ menuId: onlineForms.menuId }).from(onlineForms).where(eq(onlineForms.id, form.id)))[0]?.menuId },
        ];
        const attempts: Attempt[] = [];
        for (const { kind, id, menuOf } of kinds) {
          const publish = (ids: number[]) => () => call(run.p.token, 'POST', `/online/${kind}/head/publish`, { id, parentId: menuGroup, packageIds: ids });
          attempts.push(await change(`${kind}: publish to the menu`, published(menuOf), publish([]), { needs: ['system:online:edit'] }));
          attempts.push(await change(`${kind}: publish into every package`, published(menuOf), publish(packageIds), { needs: ['system:online:edit', 'system:tenant-menu:auth'] }));
        }
        return attempts;
      },
    },
  ];

  const titles = (text: string) => ({ 'zh-TW': text, 'zh-CN': text, 'en-US': text });
  function reportDefinition(dataSet: ReportDataSet, code: string) {
    const grouped: Record<ReportDataSet, string> = { orders: 'status', parcels: 'status', users: 'status', purchase_orders: 'platform', wallet_details: 'kind' };
    return {
      code,
      titles: titles(code),
      dataSet,
      columns: [
        { field: 'id', titles: titles('Id'), sortable: true },
        { field: grouped[dataSet], titles: titles('Group') },
      ],
      defaultSort: { field: 'id', order: 'desc' },
      chart: { type: 'bar', groupBy: grouped[dataSet], measure: 'count' },
    };
  }
  const formDefinition = (code: string) => ({ code, titles: titles(code), fields: [{ key: 'name', titles: titles('Name'), type: 'text' }] });

  beforeAll(async () => {
    t = await createTestApp({ onRoute: recorder.onRoute });
    [merchant, admin] = [await t.login('merchant'), await t.login('admin')];
    const [main] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, 'merchant'));
    passwordHash = main!.passwordHash;
    [{ id: adminRole }] = (await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, T), eq(roles.roleCode, 'merchant_admin')))) as [{ id: number }];
    // the menu group published entries go under
    [{ id: menuGroup }] = (await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, 'logistics:module:view'))) as [{ id: number }];
    packageIds = idsOf(await t.db.select({ id: tenantPackages.id }).from(tenantPackages));

    // what the figures and reports sum: a wallet, and purchase orders of both platforms
    await fundWallet(t.db, 'CNY', 100_000n);
    await shippedPurchase(t.db, { tenantId: T });
    const on1688 = await shippedPurchase(t.db, { tenantId: T });
    await t.db.update(purchaseOrders).set({ platform: '1688' }).where(and(eq(purchaseOrders.tenantId, T), eq(purchaseOrders.id, on1688.purchaseOrderId)));
    await t.db.update(preOrders).set({ platform: '1688' }).where(and(eq(preOrders.tenantId, T), eq(preOrders.id, on1688.preOrderId)));
    [{ orderNo }] = (await t.db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.tenantId, T)).limit(1)) as [{ orderNo: string }];

    // the administrator's rule on every menu that takes rules, and a report over every data set
    for (const menu of Object.keys(DATA_RULE_MENUS) as DataRuleMenu[]) {
      const [entry] = await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, menu));
      const rule = ok<{ id: number }>(await call(merchant, 'POST', '/sys/permission/addPermissionRule', { permissionId: entry!.id, ruleName: `admin-${menu}`, field: 'status', operator: 'not_empty', valueKind: 'value', value: '' }));
      ruleOf.set(menu, rule.id);
    }
    for (const set of REPORT_DATA_SETS) reportOf.set(set, ok<{ id: number }>(await call(admin, 'POST', '/online/cgreport/head/add', reportDefinition(set, `deleg_${set}`))).id);
    // a form published to the merchants: its right joins the tree
    const form = ok<{ id: number }>(await call(admin, 'POST', '/online/cgform/head/add', formDefinition(FORM)));
    ok(await call(admin, 'POST', '/online/cgform/head/publish', { id: form.id, parentId: menuGroup, packageIds }));
    // the catalogue as it now stands: every permission's codes and parent
    for (const row of await t.db.select({ id: permissions.id, parentId: permissions.parentId, perms: permissions.perms }).from(permissions)) {
      catalogue.set(Number(row.id), { parentId: row.parentId === null ? null : Number(row.parentId), codes: splitCodes(row.perms) });
    }

    grantable = ok<PermissionTree>(await call(merchant, 'GET', '/sys/role/queryTreeList')).ids;
    platformGrantable = ok<PermissionTree>(await call(admin, 'GET', '/sys/role/queryTreeList')).ids;
    expect(codesOf(grantable).has(onlineFormCode(FORM))).toBe(true);

    // the wide department: its ceiling the whole tree, a department role of all of it
    const [depart] = await t.db.insert(departments).values({ tenantId: T, parentId: null, departName: 'Delegation', orgCode: 'DLG' }).returning({ id: departments.id });
    wide = { id: depart!.id, orgCode: 'DLG', roleAll: 0 };
    await t.db.insert(departmentPermissions).values(grantable.map((permissionId) => ({ tenantId: T, departmentId: wide.id, permissionId })));
    wide.roleAll = await departRole(wide.id, 'deleg_all', grantable);
  });
  afterAll(() => t?.close());

  it('every route whose input carries rights, and every upload, is a place of the table or named as handing nothing out', () => {
    const routes = recorder.apiRoutes();
    const name = (route: ApiRoute) => `${route.method} ${route.url}`;
    const placed = new Set(PLACES.flatMap((place) => place.routes));
    const carriesRights = routes.filter((route) => route.method !== 'GET' && [...fieldNames(route.body), ...fieldNames(route.querystring)].some((field) => RIGHT_FIELDS.has(field)));
    expect(carriesRights.length).toBeGreaterThan(10);
    expect(carriesRights.map(name).filter((route) => !placed.has(route) && !(route in NOT_HANDED_OUT))).toEqual([]);
    // an exemption is a route that carries rights (else it has nothing to be exempt from)
    expect(Object.keys(NOT_HANDED_OUT).filter((route) => !carriesRights.some((carrying) => name(carrying) === route))).toEqual([]);
    expect(routes.filter((route) => route.multipart).map(name).filter((route) => !placed.has(route) && !(route in UPLOADS))).toEqual([]);
    // and no row or exemption names a route that is gone
    const known = new Set([...routes, ...recorder.openApiRoutes()].map(name));
    expect([...placed, ...Object.keys(NOT_HANDED_OUT), ...Object.keys(UPLOADS)].filter((route) => !known.has(route))).toEqual([]);
  });

  it(`nothing beyond S is handed out anywhere (${RUNS} random sets of rights, a seeded run)`, async () => {
    const tally = new Map(PLACES.map((place) => [place.name, { accepted: 0, refused: 0, judged: false }]));
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.subarray(grantable), fc.subarray(platformGrantable), async (drawn, drawnPlatform) => {
        const n = ++runs;
        const sIds = closed(drawn);
        const S = codesOf(sIds);
        const roleCode = `deleg_s${n}`;
        const roleId = await role(T, roleCode, sIds);
        const u = await person(`deleg_u${n}`);
        await t.db.insert(userRoles).values({ userId: u, tenantId: T, roleId });
        // the actor leads the wide department (without being current there: it gives them nothing)
        await t.db.insert(userDepartments).values({ userId: u, tenantId: T, departmentId: wide.id, head: true });
        const spIds = closed(drawnPlatform);
        const p = await person(`deleg_p${n}`, PLATFORM);
        await t.db.insert(userRoles).values({ userId: p, tenantId: PLATFORM, roleId: await role(PLATFORM, `deleg_p${n}`, spIds) });
        const run: Run = { n, S, sIds, u: { id: u, token: await t.login(`deleg_u${n}`) }, role: roleId, roleCode, Sp: codesOf(spIds), p: { id: p, token: await t.login(`deleg_p${n}`) } };
        // what the user may do is what the role says, nothing else
        expect(sorted(await rightsOf(u))).toEqual(sorted(S));

        for (const place of PLACES) {
          const held = place.side === 'merchant' ? run.S : run.Sp;
          for (const attempt of await place.attempt(run)) {
            const where = `${place.name}: ${attempt.what} (${attempt.status} ${attempt.body.slice(0, 200)})`;
            expect(sorted(minus(attempt.obtained, held)), where).toEqual([]);
            if (attempt.refused) {
              expect(attempt.unchanged, where).toBe(true);
              if (attempt.status !== 200) expect(attempt.status, where).toBe(403);
            }
            if (attempt.needs) {
              expect(attempt.refused, where).toBe(!holdsAll(held, attempt.needs));
              if (!holdsAll(held, attempt.needs)) expect(attempt.status, where).toBe(403);
            }
            if (attempt.expected) expect(sorted(attempt.obtained), where).toEqual(sorted(attempt.expected));
            const counts = tally.get(place.name)!;
            counts[attempt.refused ? 'refused' : 'accepted']++;
            counts.judged ||= attempt.needs !== undefined || attempt.expected !== undefined;
          }
        }
      }),
      { numRuns: RUNS, seed: 23, endOnFailure: true },
    );
    expect(runs).toBe(RUNS);
    // every place refused, and every place with an attempt at S also gave, over the runs: the sets drawn reached both sides of its rule
    for (const [name, counts] of tally) {
      expect(counts.refused, name).toBeGreaterThan(0);
      if (counts.judged) expect(counts.accepted, name).toBeGreaterThan(0);
    }
    console.info(`delegation at every place (${testDbKind()}): ${[...tally].map(([name, c]) => `${name} ${c.accepted}/${c.refused}`).join('; ')}`);
  });
});
