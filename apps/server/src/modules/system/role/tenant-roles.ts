import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { permissions, rolePermissions, roles } from '../../../db/schema/sys.ts';
import { must } from '../../../lib/must.ts';
import { ROLE_GRANTS, ROLE_NAMES, type RoleCode } from '../../auth/access/built-in-roles.ts';

/**
 * Creates the built-in roles of a tenant with their grants; returns role ids by code. Registration and the seed use it.
 * `within`: the tenant's package: a role grants nothing outside it.
 */
export async function createTenantRoles(db: Db, tenantId: number, codes: RoleCode[], within?: ReadonlySet<number>): Promise<Record<string, number>> {
  const catalogue = await db
    .select({ id: permissions.id, perms: permissions.perms, platformOnly: permissions.platformOnly, merchantOnly: permissions.merchantOnly })
    .from(permissions);
  const ids: Record<string, number> = {};
  for (const code of codes) {
    const rows = await db
      .insert(roles)
      .values({ tenantId, roleCode: code, roleName: ROLE_NAMES[code] })
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
