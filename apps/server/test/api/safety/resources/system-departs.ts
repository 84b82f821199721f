import type { Owner, TenantRecord, TenantResource } from '../tenant-resource.ts';

/* Departments: a department of tenant 1 and a department role inside it. */

type Node = { id: number; departName: string; orgCode: string; sortNo: number; children: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

async function addDepart(owner: Owner, departName: string): Promise<{ id: number; departName: string }> {
  return owner.ok(await owner.call({ method: 'POST', url: '/api/sys/sysDepart/add', payload: { departName, parentId: null } }));
}

const viewDepart = async (owner: Owner, record: TenantRecord) =>
  flat(owner.ok<Node[]>(await owner.call({ method: 'GET', url: '/api/sys/sysDepart/queryTreeList' }))).find((d) => d.id === record.id);

export const resources: TenantResource[] = [
  {
    name: 'department',
    async create(owner) {
      const depart = await addDepart(owner, 'Tenant safety department');
      return { id: depart.id, no: depart.departName };
    },
    view: viewDepart,
    byId: [
      { method: 'PUT', url: '/api/sys/sysDepart/edit', id: 'body', with: { departName: 'Taken over' } },
      { method: 'PUT', url: '/api/sys/sysDepart/move', id: 'body', with: { parentId: null, index: 0 } },
      { method: 'DELETE', url: '/api/sys/sysDepart/delete', id: 'query' },
    ],
    lists: [
      { method: 'GET', url: '/api/sys/sysDepart/queryTreeList' },
      { method: 'GET', url: '/api/sys/sysDepart/queryIdTree' },
      // the same tree for the user screens
      { method: 'GET', url: '/api/sys/user/departIdTree' },
      { method: 'GET', url: '/api/sys/sysDepart/searchBy', query: { keyWord: 'Tenant safety' } },
      { method: 'GET', url: '/api/sys/sysDepart/exportXls' },
    ],
  },
  {
    name: 'department role',
    async create(owner) {
      const depart = await addDepart(owner, 'Tenant safety role department');
      const role = owner.ok<{ id: number; roleName: string }>(
        await owner.call({ method: 'POST', url: '/api/sys/sysDepartRole/add', payload: { departId: depart.id, roleCode: 'tenantSafety', roleName: 'Tenant safety role' } }),
      );
      return { id: role.id, no: role.roleName };
    },
    view: async (owner, record) => owner.ok(await owner.call({ method: 'GET', url: '/api/sys/sysDepartPermission/queryDeptRolePermission', query: { roleId: String(record.id) } })),
    byId: [
      { method: 'PUT', url: '/api/sys/sysDepartRole/edit', id: 'body', with: { roleName: 'Taken over' } },
      { method: 'DELETE', url: '/api/sys/sysDepartRole/delete', id: 'query' },
    ],
    lists: [],
  },
];
