import type { CountedPage } from '@portal/shared/api';
import type { Language } from '@portal/shared/languages';
import { EXPORT_ROWS_MAX } from '@portal/shared/logistics';
import type { PurchaseReceiveResult, WarehousePurchaseRecord } from '@portal/shared/purchase-stock-schemas';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { assertExportSize, type ExportColumn } from '../../../lib/xlsx.ts';
import type { ListPage } from '../schemas.ts';
import { purchaseStatusText, RECEIVE_FILE, receiveColumns } from './export.ts';
import { countPurchases, listPurchases, lockByExpressNo, purchaseBatches, purchaseConditions, tenantNameOf, type ExpressMatch, type PurchaseFilters } from './repository.ts';

/*
 * Purchased goods into the warehouse: the seller's parcel is scanned by its
 * domestic express number, and every purchase order it carries becomes the merchant's stock.
 */

/**
 * What receiving a purchase order's goods does to it, in the scan's transaction: purchasing moves the order
 * SELLER_SHIPPED -> IN_STOCK (received now, by the operator) and makes each of its lines one stock item in
 * the scanning warehouse; null when the order no longer was SELLER_SHIPPED. Purchasing sits above this
 * domain, so the app registers it as it starts (receivePurchasesWith): this domain imports none above it.
 */
export type PurchaseReceiver = (
  tx: Db,
  order: { id: number; tenantId: number; purchaseNo: string },
  receipt: { warehouseCode: string; receivedBy: number },
) => Promise<{ items: number; quantity: number } | null>;
let receiver: PurchaseReceiver | null = null;

/** Registers what a purchase order's receipt does; a second registration replaces the first. */
export function receivePurchasesWith(hook: PurchaseReceiver): void {
  receiver = hook;
}

/** Which purchase orders the scanned number receives: those of one merchant, shipped by the seller. */
function receivable(matches: ExpressMatch[], expressNo: string): ExpressMatch[] {
  const [first] = matches;
  if (!first) throw notFound('purchaseExpressNotFound', { expressNo });
  // unique only by chance: guessing would put one merchant's goods into another's stock
  if (matches.some((match) => match.tenantId !== first.tenantId)) throw conflict('purchaseExpressAmbiguous', { expressNo });
  const shipped = matches.filter((match) => match.status === 'SELLER_SHIPPED');
  if (shipped.length > 0) return shipped;
  if (matches.some((match) => match.status === 'IN_STOCK')) throw conflict('purchaseExpressAlreadyInStock', { expressNo });
  throw conflict('purchaseExpressNotShipped', { expressNo, status: purchaseStatusText(first.status) });
}

/**
 * The receipt, all or nothing: the purchase orders with the number are locked, each moves
 * SELLER_SHIPPED -> IN_STOCK (received now, by the operator) and each of its lines becomes one stock
 * item in the scanning warehouse. Scanned twice, the second finds them in stock (409).
 */
export async function receivePurchase(db: Db, input: { expressNo: string; warehouseCode: string }, receivedBy: number): Promise<PurchaseReceiveResult> {
  const receive = receiver;
  if (!receive) throw new Error('no purchase receiver registered (buildApp registers the purchase domain)');
  return db.transaction(async (tx) => {
    const orders = receivable(await lockByExpressNo(tx, input.expressNo), input.expressNo);
    let itemCount = 0;
    let quantity = 0;
    for (const order of orders) {
      const stocked = await receive(tx, order, { warehouseCode: input.warehouseCode, receivedBy });
      if (!stocked) throw conflict('purchaseExpressAlreadyInStock', { expressNo: input.expressNo });
      itemCount += stocked.items;
      quantity += stocked.quantity;
    }
    const tenantId = orders[0]?.tenantId ?? 0;
    // the number as the purchaser recorded it, not as it was typed
    return { expressNo: orders[0]?.expressNo ?? input.expressNo, tenantName: await tenantNameOf(tx, tenantId), purchaseNos: orders.map((order) => order.purchaseNo), itemCount, quantity };
  });
}

export function purchasePage(db: Db, filters: PurchaseFilters, page: ListPage): Promise<CountedPage<WarehousePurchaseRecord>> {
  return listPurchases(db, filters, page);
}

export type ReceiveExport = { title: string; columns: ExportColumn<WarehousePurchaseRecord>[]; batches: AsyncIterable<WarehousePurchaseRecord[]> };

export async function exportPurchases(db: Db, filters: PurchaseFilters, language: Language): Promise<ReceiveExport> {
  const where = purchaseConditions(filters);
  assertExportSize(await countPurchases(db, where, EXPORT_ROWS_MAX + 1));
  return { title: RECEIVE_FILE[language], columns: receiveColumns(language), batches: purchaseBatches(db, where) };
}
