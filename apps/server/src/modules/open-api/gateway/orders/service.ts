import type { SQL } from 'drizzle-orm';
import type { Language } from '@portal/shared/languages';
import type { OrderDetail, OrderRecord } from '@portal/shared/logistics-schemas';
import type { Page } from '@portal/shared/api';
import type { OrderStatus } from '@portal/shared/logistics';
import type { Db } from '../../../../db/client.ts';
import { notFound } from '../../../../lib/errors.ts';
import { cancelOrder, checkOrder, createdOrderDetail, insertCheckedOrder, orderDetail, orderIdByNo, orderPage, type ListQuery } from '../../../logistics/order/service.ts';
import type { CreatedOrderRows } from '../../../logistics/order/lifecycle.ts';
import type { ParsedOrder } from '../../../logistics/order/model.ts';
import type { ApiKeyCaller } from '../../access/service.ts';
import { keyAuthor, onceForKey } from '../idempotency.ts';

/*
 * The open API's orders: the portal's own use cases (modules/logistics/order/service.ts), called as the
 * key's tenant and, where a user is recorded (created_by, the cancel event), as the key's creator. Orders
 * are addressed by their number, which is what a merchant's system keeps; the number is looked up with
 * the list's own query (exact match among the numbers it begins), inside the key's tenant only.
 */

/** The open API's order: the portal's detail without what only its screens use. */
export type OpenOrder = Omit<OrderDetail, 'editable' | 'cancellable'> & { cancellable: boolean };

function openOrder(detail: OrderDetail): OpenOrder {
  const open: OpenOrder & { editable?: boolean } = { ...detail };
  delete open.editable;
  return open;
}

/** The id of the tenant's order with this number, if its data rules show it; 404 otherwise. */
async function orderIdOf(db: Db, tenantId: number, orderNo: string, scope: SQL | undefined): Promise<number> {
  const found = await orderIdByNo(db, tenantId, orderNo, scope);
  if (found === null) throw notFound();
  return found;
}

export async function openOrderByNo(db: Db, caller: ApiKeyCaller, orderNo: string, language: Language, scope: SQL | undefined): Promise<OpenOrder> {
  return openOrder(await orderDetail(db, caller.tenantId, { orderNo }, language, scope));
}

export type OpenOrderFilters = { status?: string; merchantOrderNo?: string; createdFrom?: string; createdTo?: string; pageNo: number; pageSize: number; order?: 'asc' | 'desc' };

export function openOrderPage(db: Db, caller: ApiKeyCaller, query: OpenOrderFilters, scope: SQL | undefined): Promise<Page<OrderRecord>> {
  const list: ListQuery = { ...query, column: 'createdAt' };
  return orderPage(db, caller.tenantId, list, undefined, scope);
}

/*
 * Creates and cancels run once per Idempotency-Key: what is stored with the key is the order's id. A
 * create's first answer is the order as its transaction made it (nothing read back); a replay, and a
 * cancel, read the order after the commit (outside the transaction, whose one connection cannot run the
 * detail's reads in parallel).
 */

/** A new order, once per Idempotency-Key: the same key and body answer the order made the first time. */
export async function createOpenOrder(db: Db, caller: ApiKeyCaller, clientKey: string, input: ParsedOrder, language: Language): Promise<{ result: OpenOrder; replayed: boolean }> {
  // checked and quoted before the transaction, answered after it: its connection is held only for the writes
  const checked = await checkOrder(db, input);
  let made: CreatedOrderRows | undefined;
  const { result, replayed } = await onceForKey(db, caller, clientKey, 'POST /orders', input, async (tx) => {
    made = await insertCheckedOrder(tx, { tenantId: caller.tenantId, userId: keyAuthor(caller) }, checked);
    return { id: made.id, orderNo: made.orderNo };
  });
  // the first answer is the order as its transaction made it; a replay reads it as it is now
  return { result: openOrder(made ? await createdOrderDetail(db, made, language) : await orderDetail(db, caller.tenantId, result.id, language)), replayed };
}

/** Cancels an order not yet in the warehouse, once per Idempotency-Key. */
export async function cancelOpenOrder(db: Db, caller: ApiKeyCaller, clientKey: string, orderNo: string, reason: string | undefined, language: Language, scope: SQL | undefined): Promise<{ result: OpenOrder; replayed: boolean }> {
  const id = await orderIdOf(db, caller.tenantId, orderNo, scope);
  const { replayed } = await onceForKey(db, caller, clientKey, `POST /orders/${orderNo}/cancel`, { reason: reason ?? null }, (tx) => cancelOrder(tx as Db, { tenantId: caller.tenantId, userId: keyAuthor(caller) }, id, reason, scope));
  return { result: openOrder(await orderDetail(db, caller.tenantId, id, language, scope)), replayed };
}

/** The order's tracking: its status and its events, oldest first. */
export async function openTracking(db: Db, caller: ApiKeyCaller, orderNo: string, language: Language, scope: SQL | undefined): Promise<{ orderNo: string; status: OrderStatus; waybillNo: string | null; events: OrderDetail['events'] }> {
  const detail = await orderDetail(db, caller.tenantId, { orderNo }, language, scope);
  return { orderNo: detail.orderNo, status: detail.status, waybillNo: detail.waybillNo, events: detail.events };
}
