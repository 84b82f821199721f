import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import type { ParcelMoved } from '../../lib/push-events.ts';
import { insertStored, markShippedOf, markStored, markStoredOf, parcelIdsOf, type Measure } from './repository.ts';

/*
 * A parcel's moves at the warehouse, FORECAST -> IN_WAREHOUSE -> SHIPPED: its order is received (stored,
 * measured) and leaves (shipped). The warehouse's scans call these inside their transaction, with the
 * order locked; each answers what its merchant is told.
 */

/** One parcel scanned by its tracking number: stored in `warehouseCode` with the measure. */
export function storeParcel(tx: Db, parcelId: number, warehouseCode: string, measure: Measure): Promise<ParcelMoved[]> {
  return markStored(tx, parcelId, warehouseCode, measure);
}

/**
 * Scanned by the order number: the order's parcels are now in the warehouse. A single parcel takes the
 * measure; several share the one measure the order carries; an order without any gets a parcel named
 * by its order number, so that the parcel list shows what arrived.
 */
export async function storeParcelsOf(tx: Db, order: { id: number; tenantId: number; orderNo: string }, warehouseCode: string, measure: Measure): Promise<ParcelMoved[]> {
  const own = await parcelIdsOf(tx, order);
  const [only] = own;
  if (own.length === 1 && only !== undefined) return markStored(tx, only, warehouseCode, measure);
  if (own.length > 1) return markStoredOf(tx, order.id, warehouseCode);
  const created = await insertStored(tx, order, warehouseCode, measure);
  if (created.length === 0) throw conflict('receiveParcelNumberTaken', { number: order.orderNo });
  return created;
}

/** The order left the warehouse: its parcels in the warehouse leave with it. */
export function shipParcelsOf(tx: Db, orderId: number): Promise<ParcelMoved[]> {
  return markShippedOf(tx, orderId);
}
