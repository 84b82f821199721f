import { and, eq } from 'drizzle-orm';
import { dataRules, permissions, roles } from '../../../../src/db/schema/sys.ts';
import type { TenantResource } from '../tenant-resource.ts';

/* Data rules of tenant 1 (modules/system/data-rule) and the rules a role of tenant 1 chose on a menu. */

const RULE_NAME = 'Tenant safety rule';
/** the international order menu, found when the rule is made: a path parameter of the role's choice (the platform's catalogue, not a tenant record) */
let orderMenu = 0;

export const resources: TenantResource[] = [
  {
    name: 'data rule',
    async create(owner) {
      const [menu] = await owner.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, 'logistics:order:list'));
      orderMenu = menu!.id;
      const rule = { permissionId: orderMenu, ruleName: RULE_NAME, field: 'status', operator: 'ne', valueKind: 'value', value: 'CANCEL' };
      const created = owner.ok<{ id: number }>(await owner.call({ method: 'POST', url: '/api/sys/permission/addPermissionRule', payload: rule }));
      return { id: created.id, no: RULE_NAME };
    },
    view: async (owner) => owner.ok(await owner.call({ method: 'GET', url: '/api/sys/permission/queryPermissionRule', query: { ruleName: RULE_NAME } })),
    byId: [
      { method: 'PUT', url: '/api/sys/permission/editPermissionRule', id: 'body', with: { ruleName: 'Taken over', field: 'status', operator: 'eq', valueKind: 'value', value: 'DONE' } },
      { method: 'DELETE', url: '/api/sys/permission/deletePermissionRule', id: 'query' },
    ],
    lists: [{ method: 'GET', url: '/api/sys/permission/queryPermissionRule' }],
  },
  {
    name: "a role's data rules",
    async create(owner) {
      const [role] = await owner.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff')));
      const [rule] = await owner.db.select({ id: dataRules.id }).from(dataRules).where(and(eq(dataRules.tenantId, 1), eq(dataRules.ruleName, RULE_NAME)));
      owner.ok(await owner.call({ method: 'POST', url: '/api/sys/role/datarule', payload: { permissionId: orderMenu, roleId: role!.id, dataRuleIds: [rule!.id] } }));
      return { id: role!.id, no: RULE_NAME };
    },
    view: async (owner, record) => owner.ok(await owner.call({ method: 'GET', url: `/api/sys/role/datarule/${orderMenu}/${record.id}` })),
    byId: [
      {
        method: 'GET',
        url: '/api/sys/role/datarule/:permissionId/:roleId',
        id: 'path',
        with: {
          get permissionId() {
            return orderMenu;
          },
        },
      },
    ],
    lists: [],
  },
];
