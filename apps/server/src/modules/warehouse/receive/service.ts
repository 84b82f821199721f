import type { z } from 'zod';
import { RECEIVE_MAX_SIDE_CM, RECEIVE_MAX_WEIGHT_KG, type receiveInput } from '@portal/shared/logistics-schemas';
import type { CountedPage } from '@portal/shared/api';
import { cmToMm, currencyFromMinor, gramsToKg, kgToGrams } from '@portal/shared/money';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { moveOrder } from '../../logistics/order/lifecycle.ts';
import { followReceivedOrder } from '../../pickup/lifecycle.ts';
import { emitParcelsReceived } from '../../../lib/push-events.ts';
import { priceFor } from '../../freight/service.ts';
import { chargeableGrams, type Dimensions } from '../../freight/model.ts';
import { warehouseLocation } from '../model.ts';
import type { ListPage, WarehouseParcelRecord } from '../schemas.ts';
import { chargeReceivedOrder } from '../../logistics/order/service.ts';
import { storeParcel, storeParcelsOf } from '../../parcel/lifecycle.ts';
import type { Measure } from '../../parcel/repository.ts';
import { listParcels, lockOrder, orderIdByNo, parcelsByTrackingNo, tenantName, type ParcelFilters } from './repository.ts';

export type ReceiveInput = z.output<typeof receiveInput>;
export type ReceiveResult = {
  orderNo: string;
  tenantName: string;
  status: 'WHIN';
  /** kg, the greater of the measured and the volumetric weight */
  chargeableWeight: string;
  freightCharge: string | null;
  freightCurrency: string | null;
};

/** Without a rate card the order still gets its chargeable weight, by the usual divisor. */
const DEFAULT_VOLUMETRIC_DIVISOR = 6000;

/** The largest measure a scan may record (past 2,147 t a weight would not even fit the column). */
const MAX_WEIGHT_KG = RECEIVE_MAX_WEIGHT_KG;
const MAX_SIDE_CM = RECEIVE_MAX_SIDE_CM;

/** How many parcels one tracking number may match before we stop reading (it is unique per tenant). */
const MATCHES_READ = 20;

type Target = { orderId: number; parcelId: number | null };

/**
 * What was scanned: an order number (unique across tenants) first, else a parcel's inbound tracking
 * number, which is unique only within a tenant: when merchants share one, the operator must scan the
 * order number instead, since guessing would put the goods on another merchant's order.
 */
async function resolve(tx: Db, number: string): Promise<Target> {
  const orderId = await orderIdByNo(tx, number);
  if (orderId !== null) return { orderId, parcelId: null };
  const matches = await parcelsByTrackingNo(tx, number, MATCHES_READ);
  const [parcel] = matches;
  if (!parcel) throw notFound('receiveNumberNotFound', { number });
  if (matches.some((other) => other.tenantId !== parcel.tenantId)) throw conflict('receiveNumberAmbiguous', { number });
  if (parcel.orderId === null) throw conflict('receiveParcelWithoutOrder', { number });
  return { orderId: parcel.orderId, parcelId: parcel.id };
}

/** The measure typed at the scale, in grams and millimetres, refused past what a scan may record. */
function measureOf(input: ReceiveInput): Measure {
  const weight = kgToGrams(input.weight);
  if (weight > MAX_WEIGHT_KG * 1000) throw badRequest('validationTooBig', { field: 'weight', max: MAX_WEIGHT_KG });
  const dimensions: Dimensions = { length: cmToMm(input.length), width: cmToMm(input.width), height: cmToMm(input.height) };
  for (const side of ['length', 'width', 'height'] as const) {
    if (dimensions[side] > MAX_SIDE_CM * 10) throw badRequest('validationTooBig', { field: side, max: MAX_SIDE_CM });
  }
  return { weight, ...dimensions };
}

/**
 * Warehouse-in, all or nothing: the order moves to WHIN (only from CREATED or WAIT_COLLECT, the
 * lifecycle decides), its parcel is measured and stored, and the freight is charged on the measure.
 * The order row is locked first, so of two simultaneous scans the second waits and then finds the
 * order already received (409).
 */
export async function receiveParcel(db: Db, input: ReceiveInput, createdBy: number): Promise<ReceiveResult> {
  const measure = measureOf(input);
  const { weight: grams, ...dimensions } = measure;

  return db.transaction(async (tx) => {
    const target = await resolve(tx, input.number);
    const order = await lockOrder(tx, target.orderId);
    // the parcel's order was deleted between the two reads
    if (!order) throw notFound('receiveNumberNotFound', { number: input.number });

    await moveOrder(tx, order, 'WHIN', { source: 'WAREHOUSE', location: warehouseLocation(input.warehouseCode), createdBy });
    // a pick-up batch left with nothing to collect closes itself
    await followReceivedOrder(tx, order);

    // the parcel scanned, or the order's parcels when its number was
    const received = target.parcelId !== null ? await storeParcel(tx, target.parcelId, input.warehouseCode, measure) : await storeParcelsOf(tx, order, input.warehouseCode, measure);
    await emitParcelsReceived(tx, order.tenantId, order.orderNo, received);

    const price = await priceFor(tx, order, grams, dimensions);
    const chargeable = price?.chargeableWeight ?? chargeableGrams(grams, dimensions, DEFAULT_VOLUMETRIC_DIVISOR);
    await chargeReceivedOrder(tx, order.id, { measure, chargeableWeight: chargeable, freightCharge: price?.freight ?? null, freightCurrency: price?.currency ?? order.freightCurrency });

    return {
      orderNo: order.orderNo,
      tenantName: await tenantName(tx, order.tenantId),
      status: 'WHIN',
      chargeableWeight: gramsToKg(chargeable),
      freightCharge: price ? currencyFromMinor(price.freight, price.currency) : null,
      freightCurrency: price?.currency ?? null,
    };
  });
}

/** Parcels of every merchant, for the receiving screen. */
export function parcelPage(db: Db, filters: ParcelFilters, page: ListPage): Promise<CountedPage<WarehouseParcelRecord>> {
  return listParcels(db, filters, page);
}
