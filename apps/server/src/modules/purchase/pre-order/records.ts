import { iso } from '../../../lib/iso.ts';
import type { Db } from '../../../db/client.ts';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import type { PreOrderChargeRecord, PreOrderDetail, PreOrderPurchaseRecord, PreOrderRecord, PreOrderSortColumn } from '@portal/shared/pre-order-schemas';
import { trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { PreOrderStatus, PurchaseFallback, PurchasePlatform } from '@portal/shared/purchase';
import { payments, payOrders } from '../../../db/schema/finance.ts';
import { preOrderLines, preOrders, purchaseCharges, purchaseOrders } from '../../../db/schema/purchase.ts';
import { notFound } from '../../../lib/errors.ts';
import { indexOrder } from '../../../lib/index-order.ts';
import { pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { amountText } from '../../finance/money.ts';
import { userNames } from '../../finance/repository.ts';
import { lineRecord, linesOf, orderingOf, preOrderWhere, type PreOrderFilters } from './repository.ts';

/* Pre-purchase orders as the lists, the detail and the export read them. */

const goodsCharge = (column: SQL) =>
  sql`(select ${column} from ${purchaseCharges} where ${purchaseCharges.tenantId} = ${preOrders.tenantId} and ${purchaseCharges.preOrderId} = ${preOrders.id}
    and ${purchaseCharges.kind} = 'GOODS' and ${purchaseCharges.status} = 'PAID')`;
const ofLines = (expression: SQL, tail: SQL = sql``) =>
  sql`(select ${expression} from ${preOrderLines} where ${preOrderLines.tenantId} = ${preOrders.tenantId} and ${preOrderLines.preOrderId} = ${preOrders.id} ${tail})`;
const firstLine = sql`order by ${preOrderLines.lineNo} limit 1`;

const columns = {
  id: preOrders.id,
  preOrderNo: preOrders.preOrderNo,
  platform: preOrders.platform,
  status: preOrders.status,
  goodsAmount: preOrders.goodsAmount,
  expressFee: preOrders.expressFee,
  serviceFee: preOrders.serviceFee,
  totalAmount: preOrders.totalAmount,
  actualAmount: preOrders.actualAmount,
  remark: preOrders.remark,
  fallback: preOrders.fallback,
  warehouseCode: preOrders.warehouseCode,
  cancelReason: preOrders.cancelReason,
  createdBy: preOrders.createdBy,
  createdAt: preOrders.createdAt,
  submittedAt: preOrders.submittedAt,
  paidAt: preOrders.paidAt,
  paidAmount: sql<string | null>`${goodsCharge(sql`${purchaseCharges.payAmount}::text`)}`,
  paidCurrency: sql<CurrencyCode | null>`${goodsCharge(sql`${purchaseCharges.payCurrency}`)}`,
  lineCount: sql<number>`${ofLines(sql`count(*)::int`)}`,
  quantity: sql<number>`${ofLines(sql`coalesce(sum(${preOrderLines.quantity}), 0)::int`)}`,
  firstTitle: sql<string | null>`${ofLines(sql`${preOrderLines.title}`, firstLine)}`,
  firstImageUrl: sql<string | null>`${ofLines(sql`${preOrderLines.imageUrl}`, firstLine)}`,
};

type Row = {
  id: number;
  preOrderNo: string;
  platform: PurchasePlatform;
  status: PreOrderStatus;
  goodsAmount: bigint;
  expressFee: bigint;
  serviceFee: bigint;
  totalAmount: bigint;
  actualAmount: bigint | null;
  remark: string;
  fallback: PurchaseFallback;
  warehouseCode: string;
  cancelReason: string;
  createdBy: number | null;
  createdAt: Date;
  submittedAt: Date | null;
  paidAt: Date | null;
  paidAmount: string | null;
  paidCurrency: CurrencyCode | null;
  lineCount: number;
  quantity: number;
  firstTitle: string | null;
  firstImageUrl: string | null;
};

const cny = (minor: bigint) => amountText(minor, 'CNY');

async function toRecords(tx: Db, rows: Row[]): Promise<PreOrderRecord[]> {
  const names = await userNames(
    tx,
    rows.map((row) => row.createdBy),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    preOrderNo: row.preOrderNo,
    platform: row.platform,
    status: row.status,
    goodsAmount: cny(row.goodsAmount),
    expressFee: cny(row.expressFee),
    serviceFee: cny(row.serviceFee),
    totalAmount: cny(row.totalAmount),
    actualAmount: row.actualAmount === null ? null : cny(row.actualAmount),
    paidAmount: row.paidAmount === null || row.paidCurrency === null ? null : amountText(row.paidAmount, row.paidCurrency),
    paidCurrency: row.paidCurrency,
    remark: row.remark,
    fallback: row.fallback,
    warehouseCode: row.warehouseCode,
    cancelReason: row.cancelReason,
    lineCount: Number(row.lineCount),
    quantity: Number(row.quantity),
    firstTitle: row.firstTitle ?? '',
    firstImageUrl: row.firstImageUrl ?? '',
    createdBy: (row.createdBy !== null && names.get(row.createdBy)) || '',
    createdAt: must(iso(row.createdAt), 'createdAt'),
    submittedAt: iso(row.submittedAt),
    paidAt: iso(row.paidAt),
  }));
}

type ListQuery = PreOrderFilters & { pageNo: number; pageSize: number; column?: PreOrderSortColumn; order?: 'asc' | 'desc' };

export async function preOrderPage(db: Db, tenantId: number, platform: PurchasePlatform, query: ListQuery): Promise<Page<PreOrderRecord>> {
  const where = preOrderWhere(tenantId, platform, query);
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(preOrders)
      .where(where)
      .orderBy(...orderingOf(query.column, query.order))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(preOrders).where(where),
  ]);
  return pageOf(await toRecords(db, rows), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

export async function countPreOrders(db: Db, tenantId: number, platform: PurchasePlatform, filters: PreOrderFilters): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(preOrders).where(preOrderWhere(tenantId, platform, filters));
  return Number(counted?.total ?? 0);
}

export type PreOrderExportRow = PreOrderRecord & { cursorTime: string; titles: string };

/** The next pre-orders of an export, newest first after the cursor, with their lines' titles. */
export async function preOrderExportBatch(db: Db, tenantId: number, platform: PurchasePlatform, filters: PreOrderFilters, after: Cursor | null, limit: number): Promise<PreOrderExportRow[]> {
  const where = preOrderWhere(tenantId, platform, filters);
  const rows = await db
    .select({ ...columns, cursorTime: cursorTimeOf(preOrders.createdAt), titles: sql<string>`coalesce(${ofLines(sql`string_agg(${preOrderLines.title}, '; ' order by ${preOrderLines.lineNo})`)}, '')` })
    .from(preOrders)
    .where(after ? and(where, afterCursor(preOrders.createdAt, preOrders.id, after)) : where)
    .orderBy(indexOrder('desc')(preOrders.createdAt), indexOrder('desc')(preOrders.id))
    .limit(limit);
  const records = await toRecords(db, rows);
  return records.map((record, index) => ({ ...record, cursorTime: must(rows[index], 'row').cursorTime, titles: must(rows[index], 'row').titles }));
}

// ------------------------------------------------------------------ the detail

async function chargesOf(tx: Db, tenantId: number, preOrderId: number): Promise<PreOrderChargeRecord[]> {
  const rows = await tx
    .select({
      id: purchaseCharges.id,
      kind: purchaseCharges.kind,
      status: purchaseCharges.status,
      amount: purchaseCharges.amount,
      purchaseOrderId: purchaseCharges.purchaseOrderId,
      purchaseNo: purchaseOrders.purchaseNo,
      payCurrency: purchaseCharges.payCurrency,
      payRate: purchaseCharges.payRate,
      payAmount: purchaseCharges.payAmount,
      payOrderNo: payOrders.payOrderNo,
      paymentNo: payments.paymentNo,
      refunded: payOrders.refunded,
      paidBy: purchaseCharges.paidBy,
      paidAt: purchaseCharges.paidAt,
      createdAt: purchaseCharges.createdAt,
    })
    .from(purchaseCharges)
    .leftJoin(purchaseOrders, and(eq(purchaseOrders.tenantId, purchaseCharges.tenantId), eq(purchaseOrders.id, purchaseCharges.purchaseOrderId)))
    .leftJoin(payOrders, and(eq(payOrders.tenantId, purchaseCharges.tenantId), eq(payOrders.id, purchaseCharges.payOrderId)))
    .leftJoin(payments, and(eq(payments.tenantId, payOrders.tenantId), eq(payments.id, payOrders.paymentId)))
    .where(and(eq(purchaseCharges.tenantId, tenantId), eq(purchaseCharges.preOrderId, preOrderId)))
    .orderBy(asc(purchaseCharges.id));
  const names = await userNames(
    tx,
    rows.map((row) => row.paidBy),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    amount: cny(row.amount),
    purchaseOrderId: row.purchaseOrderId === null ? null : Number(row.purchaseOrderId),
    purchaseNo: row.purchaseNo,
    payCurrency: row.payCurrency,
    payRate: row.payRate === null ? null : trimDecimal(row.payRate),
    payAmount: row.payAmount === null || row.payCurrency === null ? null : amountText(row.payAmount, row.payCurrency),
    payOrderNo: row.payOrderNo,
    paymentNo: row.paymentNo,
    refunded: row.refunded === null || row.payCurrency === null ? null : amountText(row.refunded, row.payCurrency),
    paidBy: (row.paidBy !== null && names.get(row.paidBy)) || '',
    paidAt: iso(row.paidAt),
    createdAt: must(iso(row.createdAt), 'createdAt'),
  }));
}

async function purchaseOrdersOf(tx: Db, tenantId: number, preOrderId: number): Promise<PreOrderPurchaseRecord[]> {
  const rows = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.preOrderId, preOrderId)))
    .orderBy(asc(purchaseOrders.id));
  return rows.map((row) => ({
    id: Number(row.id),
    purchaseNo: row.purchaseNo,
    status: row.status,
    externalPurchaseNo: row.externalPurchaseNo,
    platformOrderId: row.platformOrderId,
    sellerId: row.sellerId,
    storeName: row.storeName,
    purchaseAmount: amountText(row.purchaseAmount, row.purchaseCurrency),
    purchaseCurrency: row.purchaseCurrency,
    estimatedExpressFee: cny(row.estimatedExpressFee),
    domesticExpressFee: row.domesticExpressFee === null ? null : cny(row.domesticExpressFee),
    actualPaymentAmount: row.actualPaymentAmount === null ? null : amountText(row.actualPaymentAmount, row.actualPaymentCurrency ?? 'CNY'),
    actualPaymentCurrency: row.actualPaymentCurrency,
    expressCompany: row.expressCompany,
    expressNo: row.expressNo,
    createdAt: must(iso(row.createdAt), 'createdAt'),
  }));
}

/** A submitted pre-order of the tenant on the platform with its lines, charges and purchase orders; 404 otherwise. */
export async function preOrderDetail(tx: Db, tenantId: number, platform: PurchasePlatform, id: number): Promise<PreOrderDetail> {
  const rows = await tx
    .select(columns)
    .from(preOrders)
    .where(and(preOrderWhere(tenantId, platform, {}), eq(preOrders.id, id)));
  const [record] = await toRecords(tx, rows);
  if (!record) throw notFound();
  // one query after another: inside a transaction they share one connection
  const lines = (await linesOf(tx, tenantId, id)).map(lineRecord);
  const charges = await chargesOf(tx, tenantId, id);
  const purchases = await purchaseOrdersOf(tx, tenantId, id);
  return { ...record, lines, charges, purchaseOrders: purchases };
}
