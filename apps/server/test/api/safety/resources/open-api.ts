import { eq } from 'drizzle-orm';
import { users } from '../../../../src/db/schema/sys.ts';
import { splitPreOrder, takePreOrder } from '../../../../src/modules/purchase/queue/service.ts';
import { paidPreOrder } from '../../purchase/buying-fixtures.ts';
import type { TenantResource } from '../tenant-resource.ts';
import { sampleOrder } from '../../../helpers/orders.ts';

/* the open API (/open/v1) addresses a merchant's records by their numbers, with an API key of the tenant. */

const order = sampleOrder('OPEN-SAFETY-1');

export const resources: TenantResource[] = [
  {
    name: 'logistics order (open API)',
    async create(owner) {
      const created = owner.ok<{ id: number; orderNo: string }>(await owner.call({ method: 'POST', url: '/api/logistics/order/add', payload: order }));
      return { id: created.id, no: created.orderNo };
    },
    view: async (owner, record) => owner.ok(await owner.call({ method: 'GET', url: '/api/logistics/order/queryById', query: { id: String(record.id) } })),
    byId: [
      { method: 'GET', url: '/open/v1/orders/:orderNo', id: 'path-no' },
      { method: 'GET', url: '/open/v1/orders/:orderNo/tracking', id: 'path-no' },
      { method: 'POST', url: '/open/v1/orders/:orderNo/cancel', id: 'path-no' },
    ],
    lists: [
      { method: 'GET', url: '/open/v1/orders', query: { pageSize: '200' } },
      { method: 'GET', url: '/open/v1/parcels', query: { pageSize: '200' } },
    ],
  },
  {
    name: 'purchase order (open API)',
    async create(owner) {
      const pre = await paidPreOrder(owner.db, { platform: 'TAOBAO', lines: [{ sellerId: 'SAFEOPEN', unitPrice: 1234n, quantity: 2, expressFee: 300n }] });
      const [purchaser] = await owner.db.select({ id: users.id }).from(users).where(eq(users.username, 'purchaser'));
      await takePreOrder(owner.db, { tenantId: 1, id: pre.id }, purchaser?.id ?? 0);
      const detail = await splitPreOrder(owner.db, { tenantId: 1, id: pre.id }, purchaser?.id ?? 0);
      const made = detail.purchaseOrders[0];
      if (!made) throw new Error('no purchase order made');
      return { id: made.id, no: made.purchaseNo };
    },
    view: async (owner, record) => owner.ok(await owner.call({ method: 'GET', url: '/api/purchase/taobao/order/detail', query: { id: String(record.id) } })),
    byId: [{ method: 'GET', url: '/open/v1/purchase-orders/:purchaseNo', id: 'path-no' }],
    lists: [{ method: 'GET', url: '/open/v1/purchase-orders', query: { pageSize: '200' } }],
  },
];
