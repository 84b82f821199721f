import type { TenantResource } from '../tenant-resource.ts';

/*
 * A merchant's API keys: one key of tenant 1, edited, rolled and revoked by its id in the
 * body. As tenant 2 each is 404 and the key (its name, scopes, shown prefix, status) stays as it was.
 */

type Key = { id: number; name: string };

const expiry = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

export const resources: TenantResource[] = [
  {
    name: 'API key',
    async create(owner) {
      const issued = owner.ok<{ record: Key }>(await owner.call({ method: 'POST', url: '/api/config/api-key/add', payload: { name: 'tenant-safety-key', scopes: ['orders:read'], expiresAt: expiry() } }));
      return { id: issued.record.id, no: issued.record.name };
    },
    async view(owner, record) {
      const page = owner.ok<{ records: Key[] }>(await owner.call({ method: 'GET', url: '/api/config/api-key/list', query: { pageSize: '200' } }));
      return page.records.find((key) => key.id === record.id) ?? null;
    },
    byId: [
      { method: 'PUT', url: '/api/config/api-key/edit', id: 'body', with: { name: 'taken-over', scopes: ['orders:write'], expiresAt: expiry(), ipAllowList: [] } },
      { method: 'POST', url: '/api/config/api-key/roll', id: 'body' },
      { method: 'POST', url: '/api/config/api-key/revoke', id: 'body' },
    ],
    lists: [{ method: 'GET', url: '/api/config/api-key/list', query: { pageSize: '200' } }],
  },
];
