import type { Db } from '../../../db/client.ts';
import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PreOrderLineRecord, PreOrderSortColumn } from '@portal/shared/pre-order-schemas';
import type { PreOrderStatus, PurchaseFallback, PurchasePlatform } from '@portal/shared/purchase';
import { preOrderLines, preOrders, purchaseCharges, purchaseOrders } from '../../../db/schema/purchase.ts';
import { notFound } from '../../../lib/errors.ts';
import { indexOrder } from '../../../lib/index-order.ts';
import { dateRange, escapeLike, numberSearch } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';
import { amountText } from '../../finance/money.ts';
import type { Estimate } from './model.ts';

/* The queries of the basket and of pre-purchase orders (the lists' and the detail's are in ./records.ts). */

/**
 * PP + the UTC date as yymmdd + 8 digits of pur_no_seq (taken modulo 10^8, like the logistics numbers):
 * unique across tenants by construction, unique in its tenant by the database.
 */
export const nextPreOrderNo = sql<string>`'PP' || to_char(now() at time zone 'UTC', 'YYMMDD') || lpad((nextval('pur_no_seq') % 100000000)::text, 8, '0')`;

/** The basket has no number yet: a placeholder unique per user and platform (one basket each). */
const basketNo = (platform: PurchasePlatform, userId: number) => `BASKET-${platform}-${userId}`;

export type PreOrderHead = {
  id: number;
  preOrderNo: string;
  platform: PurchasePlatform;
  status: PreOrderStatus;
  totalAmount: bigint;
};
const head = { id: preOrders.id, preOrderNo: preOrders.preOrderNo, platform: preOrders.platform, status: preOrders.status, totalAmount: preOrders.totalAmount };

/** The user's basket on a platform (locked for the transaction when asked), or null. */
export async function findBasket(tx: Db, tenantId: number, userId: number, platform: PurchasePlatform, lock = false): Promise<PreOrderHead | null> {
  const query = tx
    .select(head)
    .from(preOrders)
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.createdBy, userId), eq(preOrders.platform, platform), eq(preOrders.status, 'DRAFT')));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** The user's basket, made when missing (two first adds at once make one: the unique draft index), locked. */
export async function basketFor(tx: Db, tenantId: number, userId: number, platform: PurchasePlatform): Promise<PreOrderHead> {
  // the insert may yield to another request's new basket that is submitted before this one reads it: then the
  // next turn finds no draft and makes its own
  for (let turn = 0; turn < 3; turn++) {
    const found = await findBasket(tx, tenantId, userId, platform, true);
    if (found) return found;
    await tx
      .insert(preOrders)
      .values({ tenantId, platform, status: 'DRAFT', preOrderNo: basketNo(platform, userId), warehouseCode: '', createdBy: userId })
      .onConflictDoNothing();
  }
  return must(await findBasket(tx, tenantId, userId, platform, true), 'basket');
}

export type LineRow = {
  id: number;
  lineNo: number;
  itemId: string;
  skuId: string;
  title: string;
  skuText: string;
  imageUrl: string;
  itemUrl: string;
  sellerId: string;
  storeName: string;
  unitPrice: bigint;
  expressFee: bigint;
  quantity: number;
  remark: string;
};
const lineColumns = {
  id: preOrderLines.id,
  lineNo: preOrderLines.lineNo,
  itemId: preOrderLines.itemId,
  skuId: preOrderLines.skuId,
  title: preOrderLines.title,
  skuText: preOrderLines.skuText,
  imageUrl: preOrderLines.imageUrl,
  itemUrl: preOrderLines.itemUrl,
  sellerId: preOrderLines.sellerId,
  storeName: preOrderLines.storeName,
  unitPrice: preOrderLines.unitPrice,
  expressFee: preOrderLines.expressFee,
  quantity: preOrderLines.quantity,
  remark: preOrderLines.remark,
};

export function linesOf(tx: Db, tenantId: number, preOrderId: number): Promise<LineRow[]> {
  return tx
    .select(lineColumns)
    .from(preOrderLines)
    .where(and(eq(preOrderLines.tenantId, tenantId), eq(preOrderLines.preOrderId, preOrderId)))
    .orderBy(asc(preOrderLines.lineNo));
}

export const lineRecord = (line: LineRow): PreOrderLineRecord => ({
  ...line,
  id: Number(line.id),
  unitPrice: amountText(line.unitPrice, 'CNY'),
  expressFee: amountText(line.expressFee, 'CNY'),
  amount: amountText(line.unitPrice * BigInt(line.quantity), 'CNY'),
});

export type NewLine = Omit<LineRow, 'id' | 'lineNo'>;

export async function insertLine(tx: Db, tenantId: number, preOrderId: number, lineNo: number, line: NewLine): Promise<void> {
  await tx.insert(preOrderLines).values({ tenantId, preOrderId, lineNo, ...line });
}

export async function updateLine(tx: Db, tenantId: number, lineId: number, values: Partial<Pick<LineRow, 'quantity' | 'remark' | 'unitPrice' | 'expressFee' | 'title' | 'storeName'>>): Promise<void> {
  await tx
    .update(preOrderLines)
    .set(values)
    .where(and(eq(preOrderLines.tenantId, tenantId), eq(preOrderLines.id, lineId)));
}

export async function deleteLines(tx: Db, tenantId: number, preOrderId: number, lineIds: number[]): Promise<number> {
  const gone = await tx
    .delete(preOrderLines)
    .where(and(eq(preOrderLines.tenantId, tenantId), eq(preOrderLines.preOrderId, preOrderId), inArray(preOrderLines.id, lineIds)))
    .returning({ id: preOrderLines.id });
  return gone.length;
}

/** Writes the estimate of a pre-order (the basket keeps its live one too, for the lists that read it). */
export async function setEstimate(tx: Db, tenantId: number, id: number, estimate: Estimate): Promise<void> {
  await tx
    .update(preOrders)
    .set({ ...estimate, updatedAt: sql`now()` })
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, id)));
}

/** Gives the basket its number and its choices: SUBMITTED. Answers the number. */
export async function submitBasket(tx: Db, tenantId: number, id: number, values: { remark: string; fallback: PurchaseFallback; warehouseCode: string }): Promise<{ preOrderNo: string; submittedAt: Date }> {
  const [row] = await tx
    .update(preOrders)
    .set({ ...values, status: 'SUBMITTED', preOrderNo: nextPreOrderNo, submittedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, id), eq(preOrders.status, 'DRAFT')))
    .returning({ preOrderNo: preOrders.preOrderNo, submittedAt: preOrders.submittedAt });
  const submitted = must(row, 'submitted pre-order');
  return { preOrderNo: submitted.preOrderNo, submittedAt: must(submitted.submittedAt, 'submittedAt') };
}

export async function insertCharge(tx: Db, tenantId: number, preOrderId: number, kind: 'GOODS' | 'TOPUP', amount: bigint): Promise<number> {
  const [row] = await tx.insert(purchaseCharges).values({ tenantId, preOrderId, kind, amount }).returning({ id: purchaseCharges.id });
  return must(row, 'charge').id;
}

/** A submitted pre-order of the tenant on the platform, locked when asked; 404 for another tenant's, a basket or the other platform's. */
export async function findPreOrder(tx: Db, tenantId: number, platform: PurchasePlatform, id: number, lock = false): Promise<PreOrderHead> {
  const query = tx
    .select(head)
    .from(preOrders)
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.platform, platform), eq(preOrders.id, id), ne(preOrders.status, 'DRAFT')));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

export async function cancelPreOrder(tx: Db, tenantId: number, id: number): Promise<void> {
  await tx
    .update(preOrders)
    .set({ status: 'CANCELLED', updatedAt: sql`now()` })
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, id)));
  await tx
    .update(purchaseCharges)
    .set({ status: 'CANCELLED' })
    .where(and(eq(purchaseCharges.tenantId, tenantId), eq(purchaseCharges.preOrderId, id), eq(purchaseCharges.status, 'UNPAID')));
}

// ------------------------------------------------------------------ lists

export type PreOrderFilters = { preOrderNo?: string; status?: PreOrderStatus; keyword?: string; createdAt_begin?: string; createdAt_end?: string };

/** The submitted pre-orders of the tenant on the platform that the filters keep (the basket never). */
export function preOrderWhere(tenantId: number, platform: PurchasePlatform, filters: PreOrderFilters): SQL | undefined {
  return and(
    eq(preOrders.tenantId, tenantId),
    eq(preOrders.platform, platform),
    filters.status ? eq(preOrders.status, filters.status) : ne(preOrders.status, 'DRAFT'),
    numberSearch(preOrders.preOrderNo, filters.preOrderNo),
    filters.keyword
      ? sql`exists (select 1 from ${preOrderLines} where ${preOrderLines.tenantId} = ${preOrders.tenantId} and ${preOrderLines.preOrderId} = ${preOrders.id}
          and ${ilike(preOrderLines.title, `%${escapeLike(filters.keyword)}%`)})`
      : undefined,
    ...dateRange(preOrders.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

/** Sort columns the client may name (an allow-list, never SQL text from the client). */
export const SORT_COLUMNS = {
  createdAt: preOrders.createdAt,
  preOrderNo: preOrders.preOrderNo,
  totalAmount: preOrders.totalAmount,
  submittedAt: preOrders.submittedAt,
  paidAt: preOrders.paidAt,
} as const satisfies Record<PreOrderSortColumn, unknown>;

export const orderingOf = (column: PreOrderSortColumn = 'createdAt', order: 'asc' | 'desc' = 'desc'): SQL[] => [indexOrder(order)(SORT_COLUMNS[column]), indexOrder(order)(preOrders.id)];

/** A purchase order of the tenant on the platform (another helper's table, read here only), or null. */
export async function purchaseOrderOf(tx: Db, tenantId: number, platform: PurchasePlatform, id: number): Promise<{ purchaseNo: string; preOrderId: number } | null> {
  const [row] = await tx
    .select({ purchaseNo: purchaseOrders.purchaseNo, preOrderId: purchaseOrders.preOrderId })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.platform, platform), eq(purchaseOrders.id, id)));
  return row ?? null;
}
