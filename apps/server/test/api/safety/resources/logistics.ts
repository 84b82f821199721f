import type { Owner, TenantRecord, TenantResource } from '../tenant-resource.ts';
import { sampleOrder } from '../../../helpers/orders.ts';

/* The merchant's logistics: orders, pick-up batches, collection exceptions, parcels. */

type Page = { records: { id: number; [field: string]: unknown }[] };


/** The first record of one of tenant 1's lists that `pick` takes, as found in the demo seed. */
async function firstOf(owner: Owner, url: string, pick: (record: Page['records'][number]) => boolean, no: string): Promise<TenantRecord> {
  const page = owner.ok<Page>(await owner.call({ method: 'GET', url, query: { pageSize: '100' } }));
  const found = page.records.find(pick);
  if (!found) throw new Error(`the demo seed has no record of ${url} to test with`);
  return { id: found.id, no: String(found[no]) };
}

const byIdQuery = (url: string) => async (owner: Owner, record: TenantRecord) => owner.ok(await owner.call({ method: 'GET', url, query: { id: String(record.id) } }));

export const resources: TenantResource[] = [
  {
    name: 'logistics order',
    async create(owner) {
      const created = owner.ok<{ id: number; orderNo: string }>(await owner.call({ method: 'POST', url: '/api/logistics/order/add', payload: sampleOrder('TENANT-SAFETY-1') }));
      return { id: created.id, no: created.orderNo };
    },
    view: byIdQuery('/api/logistics/order/queryById'),
    byId: [
      { method: 'GET', url: '/api/logistics/order/queryById', id: 'query' },
      { method: 'PUT', url: '/api/logistics/order/edit', id: 'body', with: sampleOrder('TENANT-SAFETY-2') },
      { method: 'POST', url: '/api/logistics/order/cancel', id: 'body' },
    ],
    lists: [
      { method: 'GET', url: '/api/logistics/order/list', query: { pageSize: '100' } },
      { method: 'GET', url: '/api/logistics/order/exportXls' },
      { method: 'GET', url: '/api/logistics/logOrder/list', query: { pageSize: '100' } },
      { method: 'GET', url: '/api/logistics/logOrder/exportXls' },
    ],
  },
  {
    name: 'pick-up batch',
    create: (owner) => firstOf(owner, '/api/logistics/pickupBatch/list', (batch) => batch.status === 'WAIT_PREPARE_GOODS' && batch.cancelled !== true, 'batchNo'),
    view: byIdQuery('/api/logistics/pickupBatch/queryById'),
    byId: [
      { method: 'GET', url: '/api/logistics/pickupBatch/queryById', id: 'query' },
      {
        method: 'PUT',
        url: '/api/logistics/pickupBatch/edit',
        id: 'body',
        with: { expectedPickupAt: new Date(Date.now() + 48 * 3_600_000).toISOString(), contactName: 'X', contactPhone: '0912000000', pickupAddress: 'X' },
      },
      { method: 'POST', url: '/api/logistics/pickupBatch/ready', id: 'body' },
      { method: 'POST', url: '/api/logistics/pickupBatch/cancel', id: 'body' },
    ],
    lists: [
      { method: 'GET', url: '/api/logistics/pickupBatch/list', query: { pageSize: '100' } },
      { method: 'GET', url: '/api/logistics/pickupBatch/exportXls' },
    ],
  },
  {
    name: 'collection exception',
    create: (owner) => firstOf(owner, '/api/logistics/collectionException/list', (exception) => exception.status !== '1', 'exceptionNo'),
    view: byIdQuery('/api/logistics/collectionException/queryById'),
    byId: [
      { method: 'GET', url: '/api/logistics/collectionException/queryById', id: 'query' },
      { method: 'POST', url: '/api/logistics/collectionException/deal', id: 'body' },
    ],
    lists: [
      { method: 'GET', url: '/api/logistics/collectionException/list', query: { pageSize: '100' } },
      { method: 'GET', url: '/api/logistics/collectionException/exportXls' },
    ],
  },
  {
    name: 'parcel',
    async create(owner) {
      const created = owner.ok<{ id: number; trackingNo: string }>(await owner.call({ method: 'POST', url: '/api/logistics/package/add', payload: { trackingNo: 'TENANTSAFETY0001' } }));
      return { id: created.id, no: created.trackingNo };
    },
    // parcels have no read by id: the owner finds it by its tracking number
    view: async (owner, record) => owner.ok<Page>(await owner.call({ method: 'GET', url: '/api/logistics/package/list', query: { trackingNo: record.no } })).records,
    byId: [
      { method: 'PUT', url: '/api/logistics/package/edit', id: 'body', with: { trackingNo: 'TENANTSAFETY0002' } },
      { method: 'DELETE', url: '/api/logistics/package/delete', id: 'query' },
    ],
    lists: [
      { method: 'GET', url: '/api/logistics/package/list', query: { pageSize: '100' } },
      { method: 'GET', url: '/api/logistics/package/exportXls' },
    ],
  },
];
