import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { permissions, rolePermissions, roles, tenants } from '../../../db/schema/sys.ts';
import { must } from '../../../lib/must.ts';
import { ROLE_GRANTS, ROLE_NAMES, type CatalogueEntry, type RoleCode } from '../../auth/access/built-in-roles.ts';

/**
 * Creates the built-in roles of a tenant with their grants; returns role ids by code. Registration and the seed use it.
 * `within`: the tenant's package: a role grants nothing outside it.
 */
export async function createTenantRoles(db: Db, tenantId: number, codes: RoleCode[], within?: ReadonlySet<number>): Promise<Record<string, number>> {
  const catalogue = await db
    .select({ id: permissions.id, perms: permissions.perms, platformOnly: permissions.platformOnly, merchantOnly: permissions.merchantOnly })
    .from(permissions);
  const language = must((await db.select({ language: tenants.language }).from(tenants).where(eq(tenants.id, tenantId)))[0], `tenant ${tenantId}`).language;
  const ids: Record<string, number> = {};
  for (const code of codes) {
    const rows = await db
      .insert(roles)
      .values({ tenantId, roleCode: code, roleName: ROLE_NAMES[code][language] })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    const roleId =
      rows[0]?.id ?? must((await db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.roleCode, [code]))))[0], `role ${code}`).id;
    ids[code] = roleId;
    const links = catalogue.filter((p) => ROLE_GRANTS[code](p) && (!within || within.has(p.id))).map((p) => ({ tenantId, roleId, permissionId: p.id }));
    if (links.length > 0) await db.insert(rolePermissions).values(links).onConflictDoNothing();
  }
  return ids;
}

/**
 * The entry granted to the built-in roles whose rule admits it (the merchant administrator) in every
 * tenant using one of the packages, as the catalogue's sync grants a new entry.
 */
export async function grantToBuiltInRoles(db: Db, entry: CatalogueEntry & { id: number }, packageIds: readonly number[]): Promise<void> {
  if (packageIds.length === 0) return;
  const admitting = (Object.keys(ROLE_GRANTS) as RoleCode[]).filter((code) => ROLE_GRANTS[code](entry));
  if (admitting.length === 0) return;
  const using = db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.packageId, [...packageIds]));
  const builtIn = await db
    .select({ id: roles.id, tenantId: roles.tenantId })
    .from(roles)
    .where(and(inArray(roles.roleCode, admitting), inArray(roles.tenantId, using)));
  if (builtIn.length > 0) {
    await db
      .insert(rolePermissions)
      .values(builtIn.map((role) => ({ tenantId: role.tenantId, roleId: role.id, permissionId: entry.id })))
      .onConflictDoNothing();
  }
}
