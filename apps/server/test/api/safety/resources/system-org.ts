import type { TenantResource } from '../tenant-resource.ts';

/* Positions of a tenant; my department and the address book answer by department and are probed in their own tests. */

type Position = { id: number; code: string; name: string; rank: number };

export const resources: TenantResource[] = [
  {
    name: 'position',
    async create(owner) {
      const created = owner.ok<Position>(await owner.call({ method: 'POST', url: '/api/sys/position/add', payload: { code: 'tenant-safety-pos', name: 'Tenant safety position', rank: 3 } }));
      return { id: created.id, no: created.code };
    },
    async view(owner, record) {
      const page = owner.ok<{ records: Position[] }>(await owner.call({ method: 'GET', url: '/api/sys/position/list', query: { code: record.no } }));
      return page.records.find((position) => position.id === record.id) ?? null;
    },
    byId: [
      { method: 'PUT', url: '/api/sys/position/edit', id: 'body', with: { code: 'tenant-safety-other', name: 'Taken over', rank: 1 } },
      { method: 'DELETE', url: '/api/sys/position/delete', id: 'query' },
      { method: 'GET', url: '/api/sys/position/checkCode', id: 'query' },
    ],
    lists: [
      { method: 'GET', url: '/api/sys/position/list', query: { pageSize: '200' } },
      { method: 'GET', url: '/api/sys/position/exportXls' },
    ],
  },
];
