import type { SQL } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/logistics';
import type { Language } from '@portal/shared/languages';
import type { ParcelRecord } from '@portal/shared/logistics-schemas';
import { PARCEL_STATUS_TEXTS, pickupExportTexts } from '@portal/shared/messages-pickup';
import { ORDER_STATUS_TEXTS } from '@portal/shared/order-status';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { must } from '../../lib/must.ts';
import { gramsOf, sizesOf } from '../../lib/measures.ts';
import { assertExportSize, keysetBatches } from '../../lib/xlsx.ts';
import { parcelExportColumns } from './export.ts';
import {
  countParcels,
  deleteParcel,
  findParcel,
  insertParcel,
  lockParcel,
  orderByNo,
  parcelExportBatch,
  parcelWhere,
  trackingNoTaken,
  updateParcel,
  type ParcelFilters,
  type ParcelMeasures,
} from './repository.ts';

/** The forecast parcel's unique tracking number (tenant scope) also guards a race between two adds. */
const TRACKING_UNIQUE = 'log_parcel_tenant_tracking_uq';

/** A parcel may be linked to an order that has not reached the warehouse yet. */
const LINKABLE: readonly OrderStatus[] = ['CREATED', 'WAIT_COLLECT'];

type MeasuresInput = { weight?: string; length?: string; width?: string; height?: string };
export type ParcelInput = MeasuresInput & { trackingNo: string; orderNo?: string; remark: string };

/** Weight and sizes of a forecast, as stored: grams and millimetres (all three sizes or none). */
function measuresOf(body: MeasuresInput): ParcelMeasures {
  const sizes = sizesOf(body);
  return {
    weight: body.weight === undefined ? null : gramsOf('weight', body.weight),
    length: sizes?.length ?? null,
    width: sizes?.width ?? null,
    height: sizes?.height ?? null,
  };
}

/**
 * The order a parcel is linked to, by its number: the caller tenant's (404 otherwise, as if missing)
 * and not past collection (409). `currentOrderId` is the parcel's present link, which an edit keeps
 * whatever that order's status has become.
 */
async function linkableOrder(db: Db, tenantId: number, orderNo: string, currentOrderId: number | null = null): Promise<number> {
  const order = await orderByNo(db, tenantId, orderNo);
  if (!order) throw notFound('parcelOrderNotFound', { orderNo });
  if (order.id !== currentOrderId && !LINKABLE.includes(order.status)) throw conflict('parcelOrderClosed', { orderNo, status: ORDER_STATUS_TEXTS[order.status] });
  return order.id;
}

const trackingTaken = (trackingNo: string) => conflict('parcelTrackingNoTaken', { trackingNo });

/** Forecast a parcel (its tracking number unique in the tenant: 409). */
export async function addParcel(db: Db, tenantId: number, body: ParcelInput): Promise<ParcelRecord> {
  const measures = measuresOf(body);
  const orderId = body.orderNo ? await linkableOrder(db, tenantId, body.orderNo) : null;
  if (await trackingNoTaken(db, tenantId, body.trackingNo, null)) throw trackingTaken(body.trackingNo);
  let id: number;
  try {
    id = await insertParcel(db, tenantId, { trackingNo: body.trackingNo, orderId, ...measures, remark: body.remark });
  } catch (error) {
    if (violatedConstraint(error) === TRACKING_UNIQUE) throw trackingTaken(body.trackingNo);
    throw error;
  }
  return must(await findParcel(db, tenantId, id), 'parcel');
}

/** Replace a forecast parcel (only while FORECAST: 409 otherwise); omitted fields are cleared. */
export async function editParcel(db: Db, tenantId: number, body: ParcelInput & { id: number }, scope?: SQL): Promise<ParcelRecord> {
  const measures = measuresOf(body);
  try {
    await db.transaction(async (tx) => {
      const parcel = await lockParcel(tx, tenantId, body.id, scope);
      if (parcel.status !== 'FORECAST') throw conflict('parcelNotForecast', { status: PARCEL_STATUS_TEXTS[parcel.status] });
      const orderId = body.orderNo ? await linkableOrder(tx, tenantId, body.orderNo, parcel.orderId) : null;
      if (await trackingNoTaken(tx, tenantId, body.trackingNo, parcel.id)) throw trackingTaken(body.trackingNo);
      await updateParcel(tx, tenantId, parcel.id, { trackingNo: body.trackingNo, orderId, ...measures, remark: body.remark });
    });
  } catch (error) {
    if (violatedConstraint(error) === TRACKING_UNIQUE) throw trackingTaken(body.trackingNo);
    throw error;
  }
  return must(await findParcel(db, tenantId, body.id), 'parcel');
}

/** Delete a forecast parcel (only while FORECAST: 409 otherwise). */
export async function removeParcel(db: Db, tenantId: number, id: number, scope?: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    const parcel = await lockParcel(tx, tenantId, id, scope);
    if (parcel.status !== 'FORECAST') throw conflict('parcelNotForecast', { status: PARCEL_STATUS_TEXTS[parcel.status] });
    await deleteParcel(tx, tenantId, parcel.id);
  });
}

/** The filtered parcel list as a workbook (refused past the export size), newest first. */
export async function parcelWorkbook(db: Db, tenantId: number, filters: ParcelFilters, lang: Language, timeZone: string, scope?: SQL) {
  const where = parcelWhere(db, tenantId, filters, scope);
  assertExportSize(await countParcels(db, where));
  return {
    title: pickupExportTexts.parcelTitle[lang],
    asciiTitle: 'packages',
    timeZone,
    columns: parcelExportColumns(lang, timeZone),
    batches: keysetBatches((after, limit) => parcelExportBatch(db, where, after, limit)),
  };
}
