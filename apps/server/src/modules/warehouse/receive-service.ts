import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { receiveInput } from '@portal/shared/logistics-schemas';
import { cmToMm, currencyFromMinor, gramsToKg, kgToGrams } from '@portal/shared/money';
import type { Db } from '../../db/client.ts';
import { orders, parcels } from '../../db/schema/logistics.ts';
import { tenants } from '../../db/schema/sys.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { moveOrder } from '../logistics/order-lifecycle.ts';
import { priceFor } from '../freight/freight-service.ts';
import { chargeableGrams, type Dimensions } from '../freight/freight.ts';
import { warehouseLocation } from './warehouse-places.ts';

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

/**
 * The largest measure a scan may record: a pallet, not a container. Beyond this the number is a typo
 * (and past 2,147 t it would not even fit the column).
 */
export const MAX_WEIGHT_KG = 1_000;
export const MAX_SIDE_CM = 500;

/** How many parcels one tracking number may match before we stop reading (it is unique per tenant). */
const MATCHES_READ = 20;

type Target = { orderId: number; parcelId: number | null };

/**
 * What was scanned: an order number (unique across tenants) first, else a parcel's inbound tracking
 * number, which is unique only within a tenant: when merchants share one, the operator must scan the
 * order number instead, since guessing would put the goods on another merchant's order.
 */
async function resolve(tx: Db, number: string): Promise<Target> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, number)).limit(1);
  if (order) return { orderId: order.id, parcelId: null };
  const matches = await tx
    .select({ id: parcels.id, tenantId: parcels.tenantId, orderId: parcels.orderId })
    .from(parcels)
    .where(eq(parcels.trackingNo, number))
    .limit(MATCHES_READ);
  const [parcel] = matches;
  if (!parcel) throw notFound('receiveNumberNotFound', { number });
  if (matches.some((other) => other.tenantId !== parcel.tenantId)) throw conflict('receiveNumberAmbiguous', { number });
  if (parcel.orderId === null) throw conflict('receiveParcelWithoutOrder', { number });
  return { orderId: parcel.orderId, parcelId: parcel.id };
}

/**
 * Warehouse-in, all or nothing: the order moves to WHIN (only from CREATED or WAIT_COLLECT, the
 * lifecycle decides), its parcel is measured and stored, and the freight is charged on the measure.
 * The order row is locked first, so of two simultaneous scans the second waits and then finds the
 * order already received (409).
 */
export async function receiveParcel(db: Db, input: ReceiveInput, createdBy: number): Promise<ReceiveResult> {
  const grams = kgToGrams(input.weight);
  if (grams > MAX_WEIGHT_KG * 1000) throw badRequest('validationTooBig', { field: 'weight', max: MAX_WEIGHT_KG });
  const dimensions: Dimensions = { length: cmToMm(input.length), width: cmToMm(input.width), height: cmToMm(input.height) };
  for (const side of ['length', 'width', 'height'] as const) {
    if (dimensions[side] > MAX_SIDE_CM * 10) throw badRequest('validationTooBig', { field: side, max: MAX_SIDE_CM });
  }
  const measure = { weight: grams, ...dimensions };

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const target = await resolve(tx, input.number);
    const [order] = await tx
      .select({
        id: orders.id,
        tenantId: orders.tenantId,
        orderNo: orders.orderNo,
        status: orders.status,
        destinationCountry: orders.destinationCountry,
        serviceType: orders.serviceType,
        freightCurrency: orders.freightCurrency,
      })
      .from(orders)
      .where(eq(orders.id, target.orderId))
      .for('update');
    // the parcel's order was deleted between the two reads
    if (!order) throw notFound('receiveNumberNotFound', { number: input.number });

    await moveOrder(tx, order, 'WHIN', { source: 'WAREHOUSE', location: warehouseLocation(input.warehouseCode), createdBy });

    const stored = { status: 'IN_WAREHOUSE' as const, warehouseCode: input.warehouseCode, storageTime: sql`now()`, updatedAt: sql`now()` };
    if (target.parcelId !== null) {
      await tx
        .update(parcels)
        .set({ ...stored, ...measure })
        .where(eq(parcels.id, target.parcelId));
    } else {
      await storeByOrderNumber(tx, order, stored, measure);
    }

    const price = await priceFor(tx, order, grams, dimensions);
    const chargeable = price?.chargeableWeight ?? chargeableGrams(grams, dimensions, DEFAULT_VOLUMETRIC_DIVISOR);
    await tx
      .update(orders)
      .set({
        actualWeight: grams,
        length: dimensions.length,
        width: dimensions.width,
        height: dimensions.height,
        chargeableWeight: chargeable,
        freightCharge: price?.freight ?? null,
        freightCurrency: price?.currency ?? order.freightCurrency,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));

    const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, order.tenantId));
    return {
      orderNo: order.orderNo,
      tenantName: must(tenant, 'tenant of an order').name,
      status: 'WHIN',
      chargeableWeight: gramsToKg(chargeable),
      freightCharge: price ? currencyFromMinor(price.freight, price.currency) : null,
      freightCurrency: price?.currency ?? null,
    };
  });
}

/**
 * Scanned by the order number: the order's parcels are now in the warehouse. A single parcel takes the
 * measure; several share the one measure the order carries; an order without any gets a parcel named
 * by its order number, so that the parcel list shows what arrived.
 */
async function storeByOrderNumber(
  tx: Db,
  order: { id: number; tenantId: number; orderNo: string },
  stored: { status: 'IN_WAREHOUSE'; warehouseCode: string; storageTime: ReturnType<typeof sql>; updatedAt: ReturnType<typeof sql> },
  measure: { weight: number } & Dimensions,
): Promise<void> {
  const own = await tx
    .select({ id: parcels.id })
    .from(parcels)
    .where(and(eq(parcels.orderId, order.id), eq(parcels.tenantId, order.tenantId)));
  if (own.length === 1) {
    await tx
      .update(parcels)
      .set({ ...stored, ...measure })
      .where(eq(parcels.id, must(own[0], 'one parcel').id));
    return;
  }
  if (own.length > 1) {
    await tx.update(parcels).set(stored).where(eq(parcels.orderId, order.id));
    return;
  }
  const created = await tx
    .insert(parcels)
    .values({ tenantId: order.tenantId, orderId: order.id, trackingNo: order.orderNo, ...stored, ...measure })
    .onConflictDoNothing()
    .returning({ id: parcels.id });
  if (created.length === 0) throw conflict('receiveParcelNumberTaken', { number: order.orderNo });
}
