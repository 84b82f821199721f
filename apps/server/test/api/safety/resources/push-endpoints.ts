import type { TenantResource } from '../tenant-resource.ts';

/* Message push configuration: a merchant's webhook endpoints and the deliveries of its delivery log. */

type Endpoint = { id: number; url: string; description: string; enabled: boolean };
type Delivery = { id: number; msgId: string; status: string };

const ENDPOINT_URL = 'https://tenant-safety.example.com/push';

async function endpointOf(owner: Parameters<TenantResource['create']>[0]): Promise<number> {
  const page = owner.ok<{ records: Endpoint[] }>(await owner.call({ method: 'GET', url: '/api/config/push-endpoint/list', query: { pageSize: '200' } }));
  const found = page.records.find((endpoint) => endpoint.url === ENDPOINT_URL);
  if (found) return found.id;
  return owner.ok<{ endpoint: Endpoint }>(await owner.call({ method: 'POST', url: '/api/config/push-endpoint/add', payload: { url: ENDPOINT_URL, description: 'tenant safety', eventTypes: ['ORDER_STATUS'] } })).endpoint.id;
}

export const resources: TenantResource[] = [
  {
    name: 'push endpoint',
    async create(owner) {
      return { id: await endpointOf(owner), no: ENDPOINT_URL };
    },
    async view(owner, record) {
      const page = owner.ok<{ records: Endpoint[] }>(await owner.call({ method: 'GET', url: '/api/config/push-endpoint/list', query: { pageSize: '200' } }));
      return page.records.find((endpoint) => endpoint.id === record.id) ?? null;
    },
    byId: [
      { method: 'PUT', url: '/api/config/push-endpoint/edit', id: 'body', with: { url: 'https://taken-over.example.com/', eventTypes: ['ORDER_STATUS'], enabled: false } },
      { method: 'DELETE', url: '/api/config/push-endpoint/delete', id: 'query' },
      { method: 'POST', url: '/api/config/push-endpoint/rotate-secret', id: 'body' },
      { method: 'POST', url: '/api/config/push-endpoint/test', id: 'body' },
    ],
    lists: [{ method: 'GET', url: '/api/config/push-endpoint/list', query: { pageSize: '200' } }],
  },
  {
    name: 'push delivery',
    async create(owner) {
      const endpointId = await endpointOf(owner);
      const test = owner.ok<{ deliveryId: number; msgId: string }>(await owner.call({ method: 'POST', url: '/api/config/push-endpoint/test', payload: { id: endpointId } }));
      return { id: test.deliveryId, no: test.msgId };
    },
    async view(owner, record) {
      return owner.ok<{ delivery: Delivery }>(await owner.call({ method: 'GET', url: '/api/config/push-endpoint/delivery/queryById', query: { id: String(record.id) } }));
    },
    byId: [
      { method: 'GET', url: '/api/config/push-endpoint/delivery/queryById', id: 'query' },
      { method: 'POST', url: '/api/config/push-endpoint/delivery/replay', id: 'body' },
    ],
    lists: [{ method: 'GET', url: '/api/config/push-endpoint/delivery/list', query: { pageSize: '200' } }],
  },
];
