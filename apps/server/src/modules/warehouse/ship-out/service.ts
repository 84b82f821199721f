import { ORDER_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import type { CountedPage } from '@portal/shared/api';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { moveOrder } from '../../logistics/order/lifecycle.ts';
import { giveWaybill } from '../../logistics/order/service.ts';
import { shipParcelsOf } from '../../parcel/lifecycle.ts';
import { emitParcelsShipped } from '../../../lib/push-events.ts';
import { warehouseLocation } from '../model.ts';
import { lockOrderByNo } from '../repository.ts';
import type { ListPage, WarehouseOrderRecord } from '../schemas.ts';
import { listOrders, type OrderFilters } from './repository.ts';

/** One order's outcome: shipped, or the refusal (translated by the route). */
export type ShipOutOutcome = { orderNo: string; refusal: AppError | null };

/**
 * Ship-out of a list of orders, each in its own transaction: one refused order (not received yet,
 * unknown) must not hold back the others on the truck. Each goes WHIN -> WHOUT, takes the waybill
 * when one is given, and its parcels in the warehouse leave with it.
 */
export async function shipOut(db: Db, orderNos: readonly string[], waybillNo: string | undefined, createdBy: number): Promise<ShipOutOutcome[]> {
  // a number scanned twice is one order, answered once
  const distinct = [...new Set(orderNos)];
  const outcomes: ShipOutOutcome[] = [];
  for (const orderNo of distinct) {
    try {
      await db.transaction(async (tx) => {
        const order = await lockOrderByNo(tx, orderNo);
        if (!order) throw notFound('warehouseOrderNotFound', { orderNo });
        // the waybill first, so that the move's pushed events carry it (a refused move rolls it back)
        if (waybillNo !== undefined) await giveWaybill(tx, order.id, waybillNo);
        await moveOrder(tx, order, 'WHOUT', { source: 'WAREHOUSE', location: warehouseLocation(order.warehouseCode), createdBy });
        await emitParcelsShipped(tx, order.tenantId, order.orderNo, await shipParcelsOf(tx, order.id));
      });
      outcomes.push({ orderNo, refusal: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ orderNo, refusal: error });
    }
  }
  return outcomes;
}

/** "WHIN,WHOUT" -> the statuses, each checked; none means all of them. */
export function parseStatuses(value: string | undefined): readonly OrderStatus[] {
  if (!value) return ORDER_STATUSES;
  const asked = value.split(',');
  const known = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);
  if (!asked.every(known)) throw badRequest('orderStatusFilterInvalid', { values: ORDER_STATUSES.join(', ') });
  return [...new Set(asked.filter(known))];
}

/** Orders of every merchant, for the ship-out screen; status takes one status or several separated by commas. */
export function orderPage(db: Db, filters: OrderFilters & { status?: string }, page: ListPage): Promise<CountedPage<WarehouseOrderRecord>> {
  return listOrders(db, parseStatuses(filters.status), filters, page);
}
