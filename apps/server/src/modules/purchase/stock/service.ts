import { emitPurchaseStatus } from '../../../lib/push-events.ts';
import type { z } from 'zod';
import type { Page } from '@portal/shared/api';
import type { Language } from '@portal/shared/languages';
import { EXPORT_ROWS_MAX, WAREHOUSE_CODES } from '@portal/shared/logistics';
import { currencyFromMinor } from '@portal/shared/money';
import type { StockItemRecord, StockShipResult, stockShipInput } from '@portal/shared/purchase-stock-schemas';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { assertExportSize, type ExportColumn } from '../../../lib/xlsx.ts';
import { createOrderIn, type Actor } from '../../logistics/order/service.ts';
import { STOCK_FILE, STOCK_STATUS_TEXTS, stockColumns } from './export.ts';
import type { PurchaseReceiver } from '../../warehouse/purchase-receive/service.ts';
import {
  allocateStock,
  countStock,
  listStock,
  lockStockItems,
  markInStock,
  preOrdersWithUnpaidCharge,
  stockBatches,
  stockConditions,
  stockLinesOf,
  type LockedStockItem,
  type StockFilters,
} from './repository.ts';

/*
 * The merchant's stock: goods bought through the platform and received at the
 * warehouse, and the international order made from them.
 */

export type StockShipInput = z.output<typeof stockShipInput>;

/**
 * The product category of goods shipped from stock: the purchase does not know one, the order needs
 * one (the merchant may edit the order while it is CREATED to be more precise).
 */
export const STOCK_ITEM_CATEGORY = 'General goods';

/** The logistics order's own limits on a product's texts. */
const NAME_MAX = 200;
const SPECIFICATIONS_MAX = 200;

export function stockPage(db: Db, tenantId: number, filters: StockFilters, page: { pageNo: number; pageSize: number }): Promise<Page<StockItemRecord>> {
  return listStock(db, stockConditions(tenantId, filters), page);
}

export type StockExport = { title: string; columns: ExportColumn<StockItemRecord>[]; batches: AsyncIterable<StockItemRecord[]> };

export async function exportStock(db: Db, tenantId: number, filters: StockFilters, language: Language): Promise<StockExport> {
  const where = stockConditions(tenantId, filters);
  assertExportSize(await countStock(db, where, EXPORT_ROWS_MAX + 1));
  return { title: STOCK_FILE[language], columns: stockColumns(language), batches: stockBatches(db, where) };
}

/** Every item asked for, of the caller's tenant, in stock, in one warehouse, their purchases paid up: else the refusal naming the item. */
async function shippableItems(tx: Db, tenantId: number, ids: readonly number[]): Promise<LockedStockItem[]> {
  const items = await lockStockItems(tx, tenantId, ids);
  const found = new Set(items.map((item) => item.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('stockItemNotFound', { id: missing });
  const [first] = items;
  if (!first) throw notFound('stockItemNotFound', { id: ids[0] ?? 0 });
  for (const item of items) {
    if (item.status !== 'IN_STOCK') throw conflict('stockItemNotInStock', { title: item.title, status: STOCK_STATUS_TEXTS[item.status] });
    if (item.warehouseCode !== first.warehouseCode) throw conflict('stockItemsWarehouseMixed', { title: item.title, warehouse: item.warehouseCode, first: first.warehouseCode });
  }
  // a purchase that cost more than was paid: its goods stay until the merchant pays the top-up
  const unpaid = new Set(await preOrdersWithUnpaidCharge(tx, tenantId, [...new Set(items.map((item) => item.preOrderId))]));
  const owing = items.find((item) => unpaid.has(item.preOrderId));
  if (owing) throw conflict('purchaseChargeUnpaid', { preOrderNo: owing.preOrderNo });
  return items;
}

/**
 * An international logistics order from stock items, all or nothing: the items are checked and
 * locked, the order is created by the logistics module (its own rules, number and quote) with one
 * product per item at the price it was bought, and the items are ALLOCATED to it. Cancelling the
 * order frees them, its ship-out marks them SHIPPED (logistics/order/lifecycle.ts).
 */
export async function shipStock(db: Db, actor: Actor, input: StockShipInput): Promise<StockShipResult> {
  const ids = [...new Set(input.stockItemIds)];
  return db.transaction(async (tx) => {
    const items = await shippableItems(tx, actor.tenantId, ids);
    const warehouseCode = WAREHOUSE_CODES.find((code) => code === items[0]?.warehouseCode);
    // stock is received into a warehouse of the list (the scan's schema): anything else is a broken row
    if (!warehouseCode) throw new Error(`stock item in an unknown warehouse: ${items[0]?.warehouseCode}`);
    const order = await createOrderIn(tx, actor, {
      ...input.order,
      warehouseCode,
      currency: 'CNY',
      items: items.map((item) => ({
        name: item.title.slice(0, NAME_MAX),
        category: STOCK_ITEM_CATEGORY,
        quantity: item.quantity,
        specifications: item.skuText.slice(0, SPECIFICATIONS_MAX),
        material: '',
        unitPrice: currencyFromMinor(item.unitPrice, 'CNY'),
      })),
    });
    await allocateStock(tx, actor.tenantId, ids, order.id);
    return { orderId: order.id, orderNo: order.orderNo, itemCount: items.length };
  });
}

/**
 * The warehouse scanned the seller's parcel (registered by the app with the warehouse's purchase receipt):
 * the purchase order, locked by the scan, moves SELLER_SHIPPED -> IN_STOCK and each of its lines becomes
 * one stock item in the scanning warehouse; null, nothing written, when it no longer was SELLER_SHIPPED.
 */
export const stockFromReceipt: PurchaseReceiver = async (tx, order, receipt) => {
  if (!(await markInStock(tx, order, receipt.receivedBy))) return null;
  await emitPurchaseStatus(tx, order, 'SELLER_SHIPPED', 'IN_STOCK');
  return stockLinesOf(tx, order, receipt.warehouseCode, receipt.receivedBy);
};
