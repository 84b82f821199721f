import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/logistics';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/logistics.ts';
import { positionalOrder } from '../../lib/index-order.ts';
import { rawRows } from '../../lib/raw-rows.ts';

/*
 * Queries the warehouse's sub-areas share: an order found by its number and locked, and the page of
 * ids of the lists across tenants.
 */

export type LockedOrder = { id: number; tenantId: number; orderNo: string; merchantOrderNo: string; waybillNo: string | null; status: OrderStatus; warehouseCode: string };

/** The order with this number (unique across tenants), locked until the transaction ends; null when there is none. */
export async function lockOrderByNo(tx: Db, orderNo: string): Promise<LockedOrder | null> {
  const [order] = await tx
    .select({
      id: orders.id,
      tenantId: orders.tenantId,
      orderNo: orders.orderNo,
      // the numbers the merchant's systems know it by (pushed events)
      merchantOrderNo: orders.merchantOrderNo,
      waybillNo: orders.waybillNo,
      status: orders.status,
      warehouseCode: orders.warehouseCode,
    })
    .from(orders)
    .where(eq(orders.orderNo, orderNo))
    .for('update');
  return order ?? null;
}

/** One status's part of a page: a select of (id, time) in the page's order, limited and offset. */
export type StatusSlice = SQLWrapper & PromiseLike<{ id: number }[]>;

/**
 * A page of ids across several statuses, read from an index that leads with the status
 * (status, time desc, id desc) without sorting the whole table.
 *
 * The platform's lists span every tenant, so they have no tenant to lead with, and the only index in
 * time order over all tenants starts with the status. A plain `status = any(...) order by time`
 * cannot walk it in time order; a UNION ALL of one top-(offset + size) scan per status can, and the
 * outer sort then sees only statuses x (offset + size) rows.
 *
 * `slice(status, limit, offset)` builds the select for one status; it must select the id first and the
 * time second, since the union is ordered by those positions.
 */
export async function pageIdsByStatus(
  db: Db,
  statuses: readonly string[],
  slice: (status: string, limit: number, offset: number) => StatusSlice,
  page: { offset: number; size: number; direction: 'asc' | 'desc' },
): Promise<number[]> {
  const [only, ...others] = statuses;
  if (only === undefined) return [];
  if (others.length === 0) {
    const rows = await slice(only, page.size, page.offset);
    return rows.map((row) => Number(row.id));
  }
  const reach = page.offset + page.size;
  const union = sql.join(
    statuses.map((status) => sql`(${slice(status, reach, 0).getSQL()})`),
    sql` union all `,
  );
  const rows = await rawRows<{ id: unknown }>(db, sql`${union} order by ${positionalOrder(page.direction, 2, 1)} limit ${page.size} offset ${page.offset}`);
  return rows.map((row) => Number(row.id));
}
