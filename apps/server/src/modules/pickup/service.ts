import { and, sql } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import type { OrderRecord, PickupBatchRecord } from '@portal/shared/logistics-schemas';
import type { Language } from '@portal/shared/languages';
import { pickupExportTexts } from '@portal/shared/messages-pickup';
import { gramsToKg } from '@portal/shared/money';
import { ORDER_STATUS_TEXTS } from '@portal/shared/order-status';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { gramsOf } from '../../lib/measures.ts';
import { assertExportSize, keysetBatches } from '../../lib/xlsx.ts';
import { moveOrder } from '../logistics/order/lifecycle.ts';
import { listOrders, orderConditions, type SortColumn } from '../logistics/order/list-repository.ts';
import { orderFilter, type OrderFilterInput } from '../logistics/order/service.ts';
import { batchColumnsFor } from './export.ts';
import { assertCancellable, assertIn, assertMove, BATCH_MOVES, cancelBatchRow, createBatch, EDITABLE_IN, moveBatch, SCHEDULABLE_IN, TO_COLLECT } from './lifecycle.ts';
import {
  countBatches,
  findBatch,
  lockBatch,
  lockTenantOrders,
  merchantBatchExportBatch,
  merchantBatchWhere,
  notInLiveBatch,
  orderInLiveBatch,
  ordersOfBatch,
  platformBatchExportBatch,
  platformBatchWhere,
  toBatchRecord,
  updateBatch,
  type MerchantBatchFilters,
  type PlatformBatchFilters,
} from './repository.ts';

/** A lorry-load: what the platform may weigh at confirmation. */
const BATCH_KG_MAX = 100_000;
/** Clock skew allowed between the operator's device and the server for "it happened now". */
const SKEW_MS = 5 * 60_000;

export type PickableQuery = Pick<OrderFilterInput, 'orderNo' | 'merchantOrderNo' | 'destinationCountry' | 'recipientName'> & {
  column?: SortColumn | undefined;
  order?: 'asc' | 'desc' | undefined;
  pageNo: number;
  pageSize: number;
};

type BatchInput = { expectedPickupAt: string; contactName: string; contactPhone: string; pickupAddress: string; remark: string };

/** A time the batch is planned for must still be ahead (400 naming the field). */
function assertFuture(field: string, time: string): void {
  if (new Date(time).getTime() <= Date.now()) throw badRequest('pickupTimeNotFuture', { field });
}

const recordOf = async (db: Db, id: number, tenantId: number | null) => toBatchRecord(must(await findBatch(db, id, tenantId), 'pick-up batch'));

async function detailOf(db: Db, id: number, tenantId: number | null) {
  const batch = await findBatch(db, id, tenantId);
  if (!batch) throw notFound();
  const members = await ordersOfBatch(db, batch.id);
  const orderList = members.map((order) => ({ id: order.id, orderNo: order.orderNo, merchantOrderNo: order.merchantOrderNo, status: order.status, weight: gramsToKg(order.weight) }));
  return { batch, record: { ...toBatchRecord(batch), orders: orderList } };
}

/** One batch of the caller tenant with its orders (404 otherwise). */
export const batchOfTenant = async (db: Db, tenantId: number, id: number) => (await detailOf(db, id, tenantId)).record;

/** One batch of any tenant with its orders and the tenant. */
export async function batchOfAnyTenant(db: Db, id: number) {
  const { batch, record } = await detailOf(db, id, null);
  return { ...record, tenantId: batch.tenantId, tenantName: batch.tenantName };
}

/** A batch (WAIT_PREPARE_GOODS) from Created orders of the tenant that are in no other live batch. */
export async function addBatch(db: Db, tenantId: number, body: BatchInput & { orderIds: number[] }): Promise<PickupBatchRecord> {
  assertFuture('expectedPickupAt', body.expectedPickupAt);
  const orderIds = [...new Set(body.orderIds)];
  const id = await db.transaction(async (tx) => {
    const found = await lockTenantOrders(tx, tenantId, orderIds);
    const byId = new Map(found.map((order) => [order.id, order]));
    for (const orderId of orderIds) {
      const order = byId.get(orderId);
      if (!order) throw notFound('pickupOrderNotFound', { id: orderId });
      if (order.status !== 'CREATED') throw conflict('pickupOrderNotCreated', { orderNo: order.orderNo, status: ORDER_STATUS_TEXTS[order.status] });
    }
    const taken = await orderInLiveBatch(tx, orderIds);
    if (taken) throw conflict('pickupOrderInBatch', { orderNo: byId.get(taken.orderId)?.orderNo ?? String(taken.orderId), batchNo: taken.batchNo });
    const details = { expectedPickupAt: new Date(body.expectedPickupAt), contactName: body.contactName, contactPhone: body.contactPhone, pickupAddress: body.pickupAddress, remark: body.remark };
    return createBatch(tx, tenantId, { ...details, estimatedWeight: found.reduce((sum, order) => sum + order.declaredWeight, 0) }, orderIds);
  });
  return recordOf(db, id, tenantId);
}

/** The expected time, contact, address and remark of a batch (only in WAIT_PREPARE_GOODS). */
export async function editBatch(db: Db, tenantId: number, body: BatchInput & { id: number }): Promise<PickupBatchRecord> {
  assertFuture('expectedPickupAt', body.expectedPickupAt);
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, body.id, tenantId);
    assertIn(batch, EDITABLE_IN);
    await updateBatch(tx, batch.id, { expectedPickupAt: new Date(body.expectedPickupAt), contactName: body.contactName, contactPhone: body.contactPhone, pickupAddress: body.pickupAddress, remark: body.remark });
  });
  return recordOf(db, body.id, tenantId);
}

/** How many received orders a refusal names before "…": enough to find them, short enough to read. */
const NAMED_ORDERS_MAX = 5;

const namesOf = (orderNos: string[]) => (orderNos.length > NAMED_ORDERS_MAX ? `${orderNos.slice(0, NAMED_ORDERS_MAX).join(', ')}…` : orderNos.join(', '));

/**
 * Goods ready: the batch to WAIT_TAKE_GOODS and its orders still Created to WAIT_COLLECT, all or nothing.
 * An order already received at the warehouse (dropped off without the truck) is beyond this step and
 * stays as it is; a batch with nothing left to collect is refused (409) saying to cancel it, and so is
 * one holding a cancelled order (naming it).
 */
export async function readyBatch(db: Db, caller: { tenantId: number; userId: number }, id: number): Promise<PickupBatchRecord> {
  await db.transaction(async (tx) => {
    if (!(await findBatch(tx, id, caller.tenantId))) throw notFound();
    // the orders first, then the batch: warehouse-in locks them in that order too (followReceivedOrder)
    const members = await ordersOfBatch(tx, id, true);
    const batch = await lockBatch(tx, id, caller.tenantId);
    assertMove(batch, 'ready');
    // a cancelled order cannot be in a live batch (cancelling it is refused); should one be, the merchant decides
    const cancelled = members.find((order) => order.status === 'CANCEL');
    if (cancelled) throw conflict('pickupOrderMovedOn', { orderNo: cancelled.orderNo, status: ORDER_STATUS_TEXTS[cancelled.status] });
    const toCollect = members.filter((order) => TO_COLLECT.includes(order.status));
    if (toCollect.length === 0) throw conflict('pickupNothingToCollect', { batchNo: batch.batchNo, orderNos: namesOf(members.map((order) => order.orderNo)) });
    await moveBatch(tx, batch, BATCH_MOVES.ready.to, {});
    for (const order of toCollect) if (order.status === 'CREATED') await moveOrder(tx, order, 'WAIT_COLLECT', { source: 'MANUAL', createdBy: caller.userId });
  });
  return recordOf(db, id, caller.tenantId);
}

/**
 * The picker of a new batch: the tenant's Created orders in no live batch, with the order list's
 * filters (numbers forgiving, recipient by prefix) and sort, on the order list's index.
 */
export function pickableOrderPage(db: Db, tenantId: number, query: PickableQuery): Promise<Page<OrderRecord>> {
  const { column, order, pageNo, pageSize, ...filters } = query;
  const where = and(orderConditions(tenantId, orderFilter({ ...filters, status: 'CREATED' })), notInLiveBatch()) ?? sql`false`;
  return listOrders(db, where, { column: column ?? 'createdAt', direction: order ?? 'desc' }, { pageNo, pageSize });
}

/** Cancel a batch still in WAIT_PREPARE_GOODS; its orders are free for another batch. */
export async function cancelBatch(db: Db, tenantId: number, id: number): Promise<PickupBatchRecord> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, id, tenantId);
    assertCancellable(batch);
    await cancelBatchRow(tx, batch);
  });
  return recordOf(db, id, tenantId);
}

/** The platform plans the pick-up of a batch waiting for it (WAIT_TAKE_GOODS). */
export async function scheduleBatch(db: Db, body: { id: number; estimatedPickupAt: string; plate: string }): Promise<PickupBatchRecord> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, body.id, null);
    assertIn(batch, SCHEDULABLE_IN);
    await updateBatch(tx, batch.id, { estimatedPickupAt: new Date(body.estimatedPickupAt), plate: body.plate });
  });
  return recordOf(db, body.id, null);
}

/** The goods were taken: WAIT_TAKE_GOODS -> WAIT_CONFIRM_TAKE, with the plate and the time (now by default). */
export async function takeBatch(db: Db, body: { id: number; plate?: string | undefined; actualPickupAt?: string | undefined }): Promise<PickupBatchRecord> {
  const actualPickupAt = body.actualPickupAt ? new Date(body.actualPickupAt) : new Date();
  if (actualPickupAt.getTime() > Date.now() + SKEW_MS) throw badRequest('pickupTimeInFuture', { field: 'actualPickupAt' });
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, body.id, null);
    assertMove(batch, 'take');
    const truck = body.plate ?? batch.plate;
    // the truck must be known by the time it has left with the goods
    if (!truck) throw badRequest('validationRequired', { field: 'plate' });
    await moveBatch(tx, batch, BATCH_MOVES.take.to, { plate: truck, actualPickupAt });
  });
  return recordOf(db, body.id, null);
}

/** The goods arrived and were weighed: WAIT_CONFIRM_TAKE -> FINISH_TAKE_GOODS with the actual weight (kg). */
export async function confirmBatch(db: Db, body: { id: number; actualWeight: string }): Promise<PickupBatchRecord> {
  const actualWeight = gramsOf('actualWeight', body.actualWeight, BATCH_KG_MAX);
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, body.id, null);
    assertMove(batch, 'confirm');
    await moveBatch(tx, batch, BATCH_MOVES.confirm.to, { actualWeight });
  });
  return recordOf(db, body.id, null);
}

/** The merchant's filtered batch list as a workbook (refused past the export size), newest first. */
export async function merchantBatchWorkbook(db: Db, tenantId: number, filters: MerchantBatchFilters, lang: Language, timeZone: string) {
  const where = merchantBatchWhere(tenantId, filters);
  assertExportSize(await countBatches(db, where));
  return {
    title: pickupExportTexts.batchTitle[lang],
    asciiTitle: 'pickup-batches',
    timeZone,
    columns: batchColumnsFor(lang, timeZone, false),
    batches: keysetBatches((after, limit) => merchantBatchExportBatch(db, where, after, limit)),
  };
}

/** The platform's filtered pick-up list as a workbook, latest expected pick-up first. */
export async function platformBatchWorkbook(db: Db, filters: PlatformBatchFilters, lang: Language, timeZone: string) {
  const where = platformBatchWhere(filters);
  assertExportSize(await countBatches(db, where));
  return {
    title: pickupExportTexts.batchTitle[lang],
    asciiTitle: 'pickups',
    timeZone,
    columns: batchColumnsFor(lang, timeZone, true),
    batches: keysetBatches((after, limit) => platformBatchExportBatch(db, where, after, limit)),
  };
}
