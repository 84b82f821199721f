import { iso } from './iso.ts';
import type { Db } from '../db/client.ts';
import type { PushType } from '@portal/shared/open-api';
import type { PushEventData } from '@portal/shared/push-events';
import type { OrderStatus, PickupBatchStatus } from '@portal/shared/logistics';
import type { PurchaseOrderStatus } from '@portal/shared/purchase';
import type { JournalKind } from '@portal/shared/finance';
import { currencyFromMinor, gramsToKg, type CurrencyCode } from '@portal/shared/money';
import { emitPushEvent, emitPushEvents } from './outbox.ts';

/*
 * The events of the existing flows (docs/push-events.md): one small function per kind, called
 * inside the transaction of the change from the rows the flow already has, so that the message exists
 * exactly when the change does. The data follow packages/shared/src/push-events.ts.
 */

type Event<T extends PushType> = { type: T; data: PushEventData<T> };
type AnyEvent = { [T in PushType]: Event<T> }[PushType];

/** An event's time: the one given, or now when the change has no stored time of its own. */
const isoOrNow = (at: Date | string | null | undefined): string => iso(at) ?? new Date().toISOString();

function emit<T extends PushType>(tx: Db, tenantId: number, type: T, data: PushEventData<T>): Promise<number> {
  return emitPushEvent(tx, { tenantId, type, data });
}

/** Several events of one tenant: one look at its endpoints (outbox.ts). */
export const emitAll = (tx: Db, tenantId: number, events: readonly AnyEvent[]): Promise<number> => emitPushEvents(tx, tenantId, events);

// ------------------------------------------------------------------ logistics orders

export type OrderNumbers = { orderNo: string; merchantOrderNo: string; waybillNo: string | null };
export type TrackingRow = {
  status: OrderStatus | null;
  carrierCode: string | null;
  location: string;
  rawText: string | null;
  descriptionZhTw: string | null;
  descriptionZhCn: string | null;
  descriptionEnUs: string | null;
  occurredAt: Date | string;
};

export const orderStatusEvent = (order: OrderNumbers, from: OrderStatus | null, to: OrderStatus, at?: Date): Event<'ORDER_STATUS'> => ({
  type: 'ORDER_STATUS',
  data: { orderNo: order.orderNo, merchantOrderNo: order.merchantOrderNo, from, to, at: isoOrNow(at) },
});

export const trackingEvent = (order: OrderNumbers, row: TrackingRow): Event<'TRACKING_EVENT'> => ({
  type: 'TRACKING_EVENT',
  data: {
    orderNo: order.orderNo,
    merchantOrderNo: order.merchantOrderNo,
    waybillNo: order.waybillNo,
    status: row.status,
    carrierCode: row.carrierCode,
    description: { 'zh-TW': row.descriptionZhTw, 'zh-CN': row.descriptionZhCn, 'en-US': row.descriptionEnUs },
    rawText: row.rawText,
    location: row.location,
    occurredAt: isoOrNow(row.occurredAt),
  },
});

/** An order's move with the tracking event recording it (lifecycle.moveOrder). */
export const emitOrderMoved = (tx: Db, tenantId: number, order: OrderNumbers, from: OrderStatus, row: TrackingRow & { status: OrderStatus }) =>
  emitAll(tx, tenantId, [orderStatusEvent(order, from, row.status), trackingEvent(order, row)]);

/** A tracking event that moves nothing (lifecycle.recordEvent). */
export const emitTrackingEvent = (tx: Db, tenantId: number, order: OrderNumbers, row: TrackingRow) => emitAll(tx, tenantId, [trackingEvent(order, row)]);

/** New orders (CREATED) with their creation events, one look at the endpoints for all of them. */
export const emitOrdersCreated = (tx: Db, tenantId: number, created: readonly (OrderNumbers & { event: TrackingRow })[]) =>
  emitAll(
    tx,
    tenantId,
    created.flatMap((order) => [orderStatusEvent(order, null, 'CREATED'), trackingEvent(order, order.event)]),
  );

// ------------------------------------------------------------------ parcels

export type ParcelMoved = { trackingNo: string; weight: number | null; warehouseCode: string | null; at: Date | null };

const parcelData = (parcel: ParcelMoved, orderNo: string | null) => ({
  trackingNo: parcel.trackingNo,
  orderNo,
  weight: parcel.weight === null ? null : gramsToKg(parcel.weight),
  warehouseCode: parcel.warehouseCode,
  at: isoOrNow(parcel.at),
});

export const emitParcelsReceived = (tx: Db, tenantId: number, orderNo: string | null, parcels: readonly ParcelMoved[]) =>
  emitAll(
    tx,
    tenantId,
    parcels.map((parcel) => ({ type: 'PARCEL_WHIN', data: parcelData(parcel, orderNo) }) as const),
  );

export const emitParcelsShipped = (tx: Db, tenantId: number, orderNo: string | null, parcels: readonly ParcelMoved[]) =>
  emitAll(
    tx,
    tenantId,
    parcels.map((parcel) => ({ type: 'PARCEL_WHOUT', data: parcelData(parcel, orderNo) }) as const),
  );

// ------------------------------------------------------------------ pick-up, exceptions, purchases

export const emitPickupStatus = (tx: Db, batch: { tenantId: number; batchNo: string }, from: PickupBatchStatus | null, to: PickupBatchStatus | 'CANCELLED') =>
  emit(tx, batch.tenantId, 'PICKUP_STATUS', { batchNo: batch.batchNo, from, to, at: isoOrNow(null) });

export type ExceptionState = Omit<PushEventData<'EXCEPTION'>, 'from' | 'at'> & { tenantId: number };

export const emitException = (tx: Db, exception: ExceptionState, from: PushEventData<'EXCEPTION'>['from']) => {
  const { tenantId, ...data } = exception;
  return emit(tx, tenantId, 'EXCEPTION', { ...data, from, at: isoOrNow(null) });
};

export const emitPurchaseStatus = (tx: Db, order: { tenantId: number; purchaseNo: string }, from: PurchaseOrderStatus | null, to: PurchaseOrderStatus) =>
  emit(tx, order.tenantId, 'PURCHASE_STATUS', { purchaseNo: order.purchaseNo, from, to, at: isoOrNow(null) });

// ------------------------------------------------------------------ money

export type WalletMoved = { tenantId: number; currency: CurrencyCode; amount: bigint; balance: bigint };

/** The merchants' wallet legs of one posting, one event each, one look per tenant. */
export async function emitWalletChanges(tx: Db, head: { kind: JournalKind; refNo: string }, legs: readonly WalletMoved[], at: Date): Promise<void> {
  const tenants = [...new Set(legs.map((leg) => leg.tenantId))];
  for (const tenantId of tenants) {
    const events = legs
      .filter((leg) => leg.tenantId === tenantId)
      .map(
        (leg) =>
          ({
            type: 'WALLET_CHANGE',
            data: { currency: leg.currency, amount: currencyFromMinor(leg.amount, leg.currency), balance: currencyFromMinor(leg.balance, leg.currency), journalKind: head.kind, refNo: head.refNo, at: isoOrNow(at) },
          }) as const,
      );
    await emitAll(tx, tenantId, events);
  }
}

export type RechargeDecided = {
  tenantId: number;
  rechargeNo: string;
  transferAmount: bigint;
  transferCurrency: CurrencyCode;
  receivedCurrency: CurrencyCode;
};

export const emitRechargeResult = (
  tx: Db,
  row: RechargeDecided,
  result: PushEventData<'RECHARGE_RESULT'>['result'],
  outcome: { credited?: bigint | null; rate?: string | null; reason?: string },
) =>
  emit(tx, row.tenantId, 'RECHARGE_RESULT', {
    rechargeNo: row.rechargeNo,
    result,
    transferAmount: currencyFromMinor(row.transferAmount, row.transferCurrency),
    transferCurrency: row.transferCurrency,
    creditedAmount: outcome.credited === undefined || outcome.credited === null ? null : currencyFromMinor(outcome.credited, row.receivedCurrency),
    creditedCurrency: row.receivedCurrency,
    rate: outcome.rate ?? null,
    reason: outcome.reason ?? '',
    at: isoOrNow(null),
  });

export const emitRefundResult = (
  tx: Db,
  refund: { tenantId: number; refundNo: string; kind: PushEventData<'REFUND_RESULT'>['kind']; amount: bigint; currency: CurrencyCode },
  approve: boolean,
  reason: string,
) =>
  emit(tx, refund.tenantId, 'REFUND_RESULT', {
    refundNo: refund.refundNo,
    kind: refund.kind,
    result: approve ? 'APPROVED' : 'REJECTED',
    amount: currencyFromMinor(refund.amount, refund.currency),
    currency: refund.currency,
    reason,
    at: isoOrNow(null),
  });
