import { stockItems } from '../../../../src/db/schema/purchase.ts';
import { shippedPurchase } from '../../purchase/stock-fixtures.ts';
import type { TenantResource } from '../tenant-resource.ts';

/*
 * The merchant's stock of purchased goods. Its one call by id, POST
 * /purchase/stock/ship, takes `stockItemIds` (not `id`): apps/server/test/api/purchase/stock.test.ts
 * proves another tenant's items answer 404 there and stay as they were.
 */

type Page = { records: { id: number }[] };

export const resources: TenantResource[] = [
  {
    name: 'purchased stock item',
    async create(owner) {
      // received goods as the warehouse scan leaves them (the scan is the platform's, not tenant 1's)
      const purchase = await shippedPurchase(owner.db, { tenantId: 1, status: 'IN_STOCK', lines: [{ title: 'Tenant safety goods', unitPrice: 100n, quantity: 1 }] });
      await owner.db.insert(stockItems).values({ tenantId: 1, purchaseOrderId: purchase.purchaseOrderId, preOrderLineId: purchase.lineIds[0]!, title: 'Tenant safety goods', quantity: 1, unitPrice: 100n, warehouseCode: 'SZ01' });
      const page = owner.ok<Page>(await owner.call({ method: 'GET', url: '/api/purchase/stock/list', query: { purchaseNo: purchase.purchaseNo } }));
      const [record] = page.records;
      if (!record) throw new Error('the stock item made for the harness is not listed');
      return { id: record.id, no: purchase.purchaseNo };
    },
    view: async (owner, record) => owner.ok<Page>(await owner.call({ method: 'GET', url: '/api/purchase/stock/list', query: { purchaseNo: record.no } })),
    byId: [],
    lists: [
      { method: 'GET', url: '/api/purchase/stock/list', query: { pageSize: '200' } },
      { method: 'GET', url: '/api/purchase/stock/exportXls' },
    ],
  },
];
