import { sql } from 'drizzle-orm';
import { demoPicks } from '../../../helpers/purchase-platforms.ts';
import type { Owner, TenantRecord, TenantResource } from '../tenant-resource.ts';

/* A submitted pre-purchase order of tenant 1 on each platform, and a purchase order's top-up. */

type Detail = { id: number; preOrderNo: string };

const detailOf = (base: string) => async (owner: Owner, record: TenantRecord) => owner.ok(await owner.call({ method: 'GET', url: `${base}/preOrder/detail`, query: { id: String(record.id) } }));

/** The owner's basket emptied, one line added and submitted. */
async function submitted(owner: Owner, base: string, platform: 'TAOBAO' | '1688'): Promise<Detail> {
  const basket = owner.ok<{ lines: { id: number }[] }>(await owner.call({ method: 'GET', url: `${base}/basket` }));
  if (basket.lines.length > 0) owner.ok(await owner.call({ method: 'POST', url: `${base}/basket/delete`, payload: { lineIds: basket.lines.map((line) => line.id) } }));
  const product = demoPicks(platform).first;
  owner.ok(await owner.call({ method: 'POST', url: `${base}/basket/add`, payload: { itemId: product.itemId, skuId: product.skus[0]!.skuId, quantity: 1 } }));
  return owner.ok<Detail>(await owner.call({ method: 'POST', url: `${base}/preOrder/submit`, payload: { remark: 'tenant safety', fallback: 'CONTACT_ME', warehouseCode: 'SZ01' } }));
}

const preOrderResource = (platform: 'TAOBAO' | '1688', segment: string): TenantResource => {
  const base = `/api/purchase/${segment}`;
  return {
    name: `${platform} pre-purchase order`,
    async create(owner) {
      const created = await submitted(owner, base, platform);
      return { id: created.id, no: created.preOrderNo };
    },
    view: detailOf(base),
    byId: [
      { method: 'GET', url: `${base}/preOrder/detail`, id: 'query' },
      { method: 'POST', url: `${base}/preOrder/pay/preview`, id: 'body', with: { currency: 'CNY' } },
      { method: 'POST', url: `${base}/preOrder/pay`, id: 'body', with: { currency: 'CNY', expectedRate: '1' } },
      { method: 'POST', url: `${base}/preOrder/cancel`, id: 'body' },
    ],
    lists: [
      { method: 'GET', url: `${base}/preOrder/list`, query: { pageSize: '200' } },
      { method: 'GET', url: `${base}/preOrder/exportXls` },
      { method: 'GET', url: `${base}/basket` },
    ],
  };
};

/** A purchase order with an unpaid top-up: the buying desk makes them; here it is written directly. */
const topUpResource = (platform: 'TAOBAO' | '1688', segment: string): TenantResource => {
  const base = `/api/purchase/${segment}`;
  return {
    name: `${platform} purchase order top-up`,
    async create(owner) {
      const preOrder = await submitted(owner, base, platform);
      const no = `PCSAFE${platform}${preOrder.id}`;
      const rows = (await owner.db.execute(sql`insert into pur_order (tenant_id, purchase_no, pre_order_id, platform, status, seller_id, purchase_amount, purchase_currency, warehouse_code)
        values (1, ${no}, ${preOrder.id}, ${platform}, 'PURCHASED', 'seller', 100, 'CNY', 'SZ01') returning id`)) as unknown as { rows: { id: number }[] };
      const id = Number(rows.rows[0]!.id);
      await owner.db.execute(sql`insert into pur_charge (tenant_id, pre_order_id, kind, amount, purchase_order_id) values (1, ${preOrder.id}, 'TOPUP', 320, ${id})`);
      return { id, no };
    },
    view: async (owner, record) => ((await owner.db.execute(sql`select status, pay_order_id from pur_charge where tenant_id = 1 and purchase_order_id = ${record.id}`)) as unknown as { rows: unknown[] }).rows,
    byId: [
      { method: 'POST', url: `${base}/order/payTopUp/preview`, id: 'body', with: { currency: 'CNY' } },
      { method: 'POST', url: `${base}/order/payTopUp`, id: 'body', with: { currency: 'CNY', expectedRate: '1' } },
    ],
    lists: [],
  };
};

export const resources: TenantResource[] = [preOrderResource('TAOBAO', 'taobao'), preOrderResource('1688', '1688'), topUpResource('TAOBAO', 'taobao'), topUpResource('1688', '1688')];
