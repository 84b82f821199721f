import { inArray } from 'drizzle-orm';
import { permissions, rolePermissions, roles, userRoles, users, userTenants } from '../../src/db/schema/sys.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import type { TestApp } from './test-app.ts';

/** A data rule as the rule screen saves it: a field of the menu's resource, an operator, and a value or a variable. */
export type RuleOf = { ruleName: string; field: string; operator: string; valueKind?: 'value' | 'variable'; value: string };

/**
 * Readers whose rights a test narrows, in one merchant's tenant: a role of some grants, a data rule of a
 * menu chosen for a role (defined and chosen by `admin`, the tenant's main account, through the rule
 * screen's own calls), and a user holding a role, signed in. What a figure must equal is then read from
 * the list it summarises, as that user.
 */
export function restrictedReaders(t: TestApp, admin: string, tenantId = 1) {
  const ids = async (codes: string[]) => (await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, codes))).map((row) => row.id);
  const refuse = (what: string, response: { statusCode: number; body: string }) => {
    if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  };

  return {
    /** A role of the tenant granting exactly these permission codes; answers its id. */
    async role(code: string, grants: string[]): Promise<number> {
      const [row] = await t.db.insert(roles).values({ tenantId, roleCode: code, roleName: code }).returning({ id: roles.id });
      const granted = await ids(grants);
      if (granted.length !== grants.length) throw new Error(`unknown permission among ${grants.join(', ')}`);
      await t.db.insert(rolePermissions).values(granted.map((permissionId) => ({ tenantId, roleId: row!.id, permissionId })));
      return row!.id;
    },

    /** Rules on the menu of `menuCode`, defined and chosen for the role (a row must then meet all of them). */
    async rule(menuCode: string, roleId: number, ...rules: RuleOf[]): Promise<void> {
      const [menu] = await ids([menuCode]);
      const chosen: number[] = [];
      for (const rule of rules) {
        const added = await t.call({ method: 'POST', url: '/api/sys/permission/addPermissionRule', token: admin, payload: { permissionId: menu, valueKind: 'value', ...rule } });
        refuse(`rule ${rule.ruleName}`, added);
        chosen.push(added.json().result.id);
      }
      refuse('choosing the rules', await t.call({ method: 'POST', url: '/api/sys/role/datarule', token: admin, payload: { permissionId: menu, roleId, dataRuleIds: chosen } }));
    },

    /** A user of the tenant holding the role, signed in; answers the token. */
    async person(username: string, roleId: number): Promise<string> {
      const [row] = await t.db.insert(users).values({ username, realname: username, passwordHash: await hashPassword(DEMO_PASSWORD), defaultTenantId: tenantId }).returning({ id: users.id });
      await t.db.insert(userTenants).values({ userId: row!.id, tenantId });
      await t.db.insert(userRoles).values({ userId: row!.id, tenantId, roleId });
      return t.login(username);
    },
  };
}
