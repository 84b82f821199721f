import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, rateCards, trackingEvents } from '../../db/schema/logistics.ts';
import { priceShipment } from '../freight/freight.ts';
import type { Price } from '../freight/freight-service.ts';
import { conflict } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { statusEventText } from './order-lifecycle.ts';
import type { PreparedOrder } from './order-input.ts';

/*
 * Writing orders: numbers, the rows of a new order with its products and its CREATED event, the
 * replacement of a CREATED order, the merchant-number checks. Callers hold the transaction.
 */

const MERCHANT_NO_INDEX = 'log_order_merchant_no_uq';
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row (~30 columns). */
const INSERT_CHUNK = 500;

/**
 * LO + the UTC date as yymmdd + 8 digits of log_order_no_seq. The sequence is taken modulo 10^8 so
 * the number keeps its 16 characters; two orders of one day would share a number only 100 million
 * orders apart, and the unique index would refuse the second.
 */
export function formatOrderNo(now: Date, sequence: bigint): string {
  const yymmdd = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `LO${yymmdd}${(sequence % 100_000_000n).toString().padStart(8, '0')}`;
}

/** `count` new order numbers in one round trip. */
export async function nextOrderNos(db: Db, count: number): Promise<string[]> {
  const rows = await db.select({ value: sql<string>`nextval('log_order_no_seq')::text` }).from(sql`generate_series(1, ${count}::int)`);
  const now = new Date();
  return rows.map((row) => formatOrderNo(now, BigInt(row.value)));
}

/** The merchant numbers among `numbers` the tenant already uses (except on order `exceptId`). */
export async function takenMerchantNos(db: Db, tenantId: number, numbers: string[], exceptId?: number): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < numbers.length; start += INSERT_CHUNK) {
    const chunk = numbers.slice(start, start + INSERT_CHUNK);
    const rows = await db
      .select({ id: orders.id, merchantOrderNo: orders.merchantOrderNo })
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), inArray(orders.merchantOrderNo, chunk)));
    for (const row of rows) if (row.id !== exceptId) taken.add(row.merchantOrderNo);
  }
  return taken;
}

/** A unique-index violation on the merchant number (another request took it between check and insert) as the 409 of the check. */
export function merchantNoRace(error: unknown, merchantOrderNo: string): unknown {
  return violatedConstraint(error) === MERCHANT_NO_INDEX ? conflict('merchantOrderNoTaken', { merchantOrderNo }) : error;
}

/**
 * Quotes of many orders with one read of the rate cards: what freight-service's priceFor does per
 * order (the active card of the destination and service type), for an import of 2,000 orders.
 */
export async function quoteAll(db: Db, prepared: PreparedOrder[]): Promise<(Price | null)[]> {
  const countries = [...new Set(prepared.map((p) => p.order.destinationCountry))];
  if (countries.length === 0) return [];
  const rates = await db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.active, true), inArray(rateCards.destinationCountry, countries)));
  return prepared.map(({ order, dimensions }) => {
    const rate = rates.find((r) => r.destinationCountry === order.destinationCountry && r.serviceType === order.serviceType);
    return rate ? { currency: rate.currency, ...priceShipment(rate, order.declaredWeight, dimensions) } : null;
  });
}

const quoteColumns = (quote: Price | null) => ({ freightQuote: quote?.freight ?? null, freightCurrency: (quote?.currency ?? null) as CurrencyCode | null });

/**
 * Inserts new orders (status CREATED) with their products and CREATED events, in the caller's
 * transaction; answers their ids and numbers in the order given.
 */
export async function insertOrders(
  tx: Db,
  owner: { tenantId: number; userId: number },
  entries: { prepared: PreparedOrder; quote: Price | null }[],
): Promise<{ id: number; orderNo: string }[]> {
  const numbers = await nextOrderNos(tx, entries.length);
  const created: { id: number; orderNo: string }[] = [];
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const chunk = entries.slice(start, start + INSERT_CHUNK);
    const rows = await tx
      .insert(orders)
      .values(
        chunk.map(({ prepared, quote }, index) => ({
          ...prepared.order,
          ...quoteColumns(quote),
          tenantId: owner.tenantId,
          orderNo: must(numbers[start + index], 'order number'),
          status: 'CREATED' as const,
          createdBy: owner.userId,
        })),
      )
      .returning({ id: orders.id, orderNo: orders.orderNo });
    // RETURNING is not promised to keep the VALUES order: match by the unique number
    const idOf = new Map(rows.map((row) => [row.orderNo, row.id]));
    chunk.forEach((_, index) => {
      const orderNo = must(numbers[start + index], 'order number');
      created.push({ id: must(idOf.get(orderNo), 'inserted order'), orderNo });
    });
  }
  const items = entries.flatMap(({ prepared }, index) => prepared.items.map((item) => ({ ...item, tenantId: owner.tenantId, orderId: must(created[index], 'inserted order').id })));
  for (let start = 0; start < items.length; start += INSERT_CHUNK) await tx.insert(orderItems).values(items.slice(start, start + INSERT_CHUNK));
  const texts = statusEventText('CREATED');
  const events = created.map((order) => ({
    tenantId: owner.tenantId,
    orderId: order.id,
    occurredAt: sql`now()`,
    status: 'CREATED' as const,
    fromStatus: null,
    descriptionZhTw: texts['zh-TW'],
    descriptionZhCn: texts['zh-CN'],
    descriptionEnUs: texts['en-US'],
    source: 'MANUAL' as const,
    createdBy: owner.userId,
  }));
  for (let start = 0; start < events.length; start += INSERT_CHUNK) await tx.insert(trackingEvents).values(events.slice(start, start + INSERT_CHUNK));
  return created;
}

/**
 * Replaces a CREATED order's data and products. The update holds only while the order is still
 * CREATED (a warehouse scan may have moved it since it was read): otherwise 409, nothing changed.
 */
export async function replaceOrder(tx: Db, target: { id: number; tenantId: number }, prepared: PreparedOrder, quote: Price | null): Promise<void> {
  const updated = await tx
    .update(orders)
    .set({ ...prepared.order, ...quoteColumns(quote), updatedAt: sql`now()` })
    .where(and(eq(orders.id, target.id), eq(orders.tenantId, target.tenantId), eq(orders.status, 'CREATED')))
    .returning({ id: orders.id });
  if (updated.length === 0) throw conflict('orderChangedMeanwhile');
  await tx.delete(orderItems).where(eq(orderItems.orderId, target.id));
  await tx.insert(orderItems).values(prepared.items.map((item) => ({ ...item, tenantId: target.tenantId, orderId: target.id })));
}
