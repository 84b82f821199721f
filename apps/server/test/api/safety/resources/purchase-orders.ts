import { eq } from 'drizzle-orm';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { users } from '../../../../src/db/schema/sys.ts';
import { splitPreOrder, takePreOrder } from '../../../../src/modules/purchase/queue/service.ts';
import { paidPreOrder } from '../../purchase/buying-fixtures.ts';
import type { TenantResource } from '../tenant-resource.ts';

/* The merchant's purchase orders: made from a paid pre-order split by the purchaser, read and cancelled by the merchant. */

function purchaseOrderResource(platform: PurchasePlatform, path: 'taobao' | '1688'): TenantResource {
  return {
    name: `purchase order (${path})`,
    async create(owner) {
      const pre = await paidPreOrder(owner.db, { platform, lines: [{ sellerId: `SAFE${path}`, unitPrice: 1234n, quantity: 2, expressFee: 300n }] });
      const [purchaser] = await owner.db.select({ id: users.id }).from(users).where(eq(users.username, 'purchaser'));
      await takePreOrder(owner.db, { tenantId: 1, id: pre.id }, purchaser?.id ?? 0);
      const detail = await splitPreOrder(owner.db, { tenantId: 1, id: pre.id }, purchaser?.id ?? 0);
      const order = detail.purchaseOrders[0];
      if (!order) throw new Error('no purchase order made');
      return { id: order.id, no: order.purchaseNo };
    },
    async view(owner, record) {
      return owner.ok(await owner.call({ method: 'GET', url: `/api/purchase/${path}/order/detail`, query: { id: String(record.id) } }));
    },
    byId: [
      { method: 'GET', url: `/api/purchase/${path}/order/detail`, id: 'query' },
      { method: 'POST', url: `/api/purchase/${path}/order/sync`, id: 'body' },
      { method: 'POST', url: `/api/purchase/${path}/order/cancel`, id: 'body' },
    ],
    lists: [
      { method: 'GET', url: `/api/purchase/${path}/order/list`, query: { pageSize: '200' } },
      { method: 'GET', url: `/api/purchase/${path}/order/exportXls` },
    ],
  };
}

export const resources: TenantResource[] = [purchaseOrderResource('TAOBAO', 'taobao'), purchaseOrderResource('1688', '1688')];
