import type { Owner, TenantRecord, TenantResource } from '../tenant-resource.ts';

/* Roles: a role of tenant 1 with a few grants. The calls keyed by roleId are probed in test/api/system/roles.test.ts. */

type Page = { records: { id: number; roleCode: string; roleName: string; description: string }[] };

async function viewRole(owner: Owner, record: TenantRecord) {
  const page = owner.ok<Page>(await owner.call({ method: 'GET', url: '/api/sys/role/list', query: { roleCode: record.no, pageSize: '10' } }));
  const grants = owner.ok<number[]>(await owner.call({ method: 'GET', url: '/api/sys/permission/queryRolePermission', query: { roleId: String(record.id) } }));
  return { role: page.records.find((role) => role.id === record.id), grants };
}

export const resources: TenantResource[] = [
  {
    name: 'system role',
    async create(owner) {
      const role = owner.ok<{ id: number; roleCode: string }>(
        await owner.call({ method: 'POST', url: '/api/sys/role/add', payload: { roleCode: 'tenantSafetyRole', roleName: 'Tenant safety' } }),
      );
      const tree = owner.ok<{ ids: number[] }>(await owner.call({ method: 'GET', url: '/api/sys/role/queryTreeList' }));
      owner.ok(await owner.call({ method: 'POST', url: '/api/sys/permission/saveRolePermission', payload: { roleId: role.id, permissionIds: tree.ids.slice(0, 3) } }));
      return { id: role.id, no: role.roleCode };
    },
    view: viewRole,
    byId: [
      { method: 'PUT', url: '/api/sys/role/edit', id: 'body', with: { roleCode: 'takenOver', roleName: 'Taken over' } },
      { method: 'DELETE', url: '/api/sys/role/delete', id: 'query' },
      { method: 'GET', url: '/api/sys/role/checkRoleCode', id: 'query' },
    ],
    lists: [
      { method: 'GET', url: '/api/sys/role/list', query: { pageSize: '100' } },
      { method: 'GET', url: '/api/sys/role/queryall' },
    ],
  },
];
