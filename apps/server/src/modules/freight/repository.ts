import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ServiceType } from '@portal/shared/logistics';
import type { RateCardRecord } from '@portal/shared/logistics-schemas';
import { CURRENCY_EXPONENTS, fromMinor, gramsToKg, isCurrency } from '@portal/shared/money';
import type { Page } from '@portal/shared/api';
import type { Db } from '../../db/client.ts';
import { rateCards } from '../../db/schema/logistics.ts';
import { must } from '../../lib/must.ts';
import { pageOf } from '../../lib/list.ts';
import { preparedOnce } from '../../lib/prepared.ts';
import { referenceChanged, referenced } from '../../lib/reference-memory.ts';

type RateCardRow = typeof rateCards.$inferSelect;
/** A rate card as stored: grams and minor units. */
export type RateCardColumns = Omit<typeof rateCards.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Sort columns: the route's unique index is (destination, service). */
const SORT_COLUMNS = { destinationCountry: rateCards.destinationCountry, serviceType: rateCards.serviceType } as const;

export type RateCardFilter = {
  pageNo: number;
  pageSize: number;
  order?: 'asc' | 'desc' | undefined;
  column?: keyof typeof SORT_COLUMNS | undefined;
  destinationCountry?: string | undefined;
  serviceType?: ServiceType | undefined;
  active?: boolean | undefined;
};

// the currency column is written only from the contract's currency enum; an unknown one reads with 2 decimals
const exponentOf = (currency: string) => (isCurrency(currency) ? CURRENCY_EXPONENTS[currency] : 2);

function toRateCardRecord(row: RateCardRow): RateCardRecord {
  const exponent = exponentOf(row.currency);
  return {
    id: row.id,
    destinationCountry: row.destinationCountry,
    serviceType: row.serviceType,
    currency: row.currency,
    firstWeight: gramsToKg(row.firstWeight),
    firstPrice: fromMinor(row.firstPrice, exponent),
    stepWeight: gramsToKg(row.stepWeight),
    stepPrice: fromMinor(row.stepPrice, exponent),
    volumetricDivisor: row.volumetricDivisor,
    active: row.active,
    remark: row.remark,
  };
}

/** The active rate cards of these destinations (every service type). */
export async function activeRateCards(db: Db, countries: readonly string[]) {
  return db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.active, true), inArray(rateCards.destinationCountry, [...countries])));
}

/** The active rate card of a route, or null. */
export async function activeRate(db: Db, destinationCountry: string, serviceType: ServiceType): Promise<RateCardRow | null> {
  const rates = await referenced(db, 'rateCards', async () => new Map((await activeRates(db).execute()).map((rate) => [routeKey(rate), rate])));
  return rates.get(routeKey({ destinationCountry, serviceType })) ?? null;
}
// every new order asks for its route's: all of them, kept in memory until one changes
const routeKey = (route: { destinationCountry: string; serviceType: string }) => `${route.destinationCountry} ${route.serviceType}`;
const activeRates = preparedOnce((db) => db.select().from(rateCards).where(eq(rateCards.active, true)).prepare('freight_active_rates'));

export async function listRateCards(db: Db, query: RateCardFilter): Promise<Page<RateCardRecord>> {
  const where: SQL[] = [];
  if (query.destinationCountry) where.push(eq(rateCards.destinationCountry, query.destinationCountry));
  if (query.serviceType) where.push(eq(rateCards.serviceType, query.serviceType));
  if (query.active !== undefined) where.push(eq(rateCards.active, query.active));
  const direction = query.order === 'desc' ? desc : asc;
  const first = SORT_COLUMNS[query.column ?? 'destinationCountry'];
  const second = query.column === 'serviceType' ? rateCards.destinationCountry : rateCards.serviceType;
  const size = query.pageSize;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(rateCards)
      .where(and(...where))
      .orderBy(direction(first), direction(second), asc(rateCards.id))
      .limit(size)
      .offset((query.pageNo - 1) * size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(rateCards)
      .where(and(...where)),
  ]);
  return pageOf(rows.map(toRateCardRecord), Number(counted[0]?.total ?? 0), query.pageNo, size);
}

/** Whether another card (not `exceptId`) has this route. */
export async function routeTaken(db: Db, destinationCountry: string, serviceType: ServiceType, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: rateCards.id })
    .from(rateCards)
    .where(and(eq(rateCards.destinationCountry, destinationCountry), eq(rateCards.serviceType, serviceType), exceptId === null ? undefined : ne(rateCards.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function rateCardExists(db: Db, id: number): Promise<boolean> {
  const [existing] = await db.select({ id: rateCards.id }).from(rateCards).where(eq(rateCards.id, id)).limit(1);
  return existing !== undefined;
}

export async function insertRateCard(db: Db, values: RateCardColumns): Promise<RateCardRecord> {
  const [row] = await db.insert(rateCards).values(values).returning();
  await referenceChanged(db, 'rateCards');
  return toRateCardRecord(must(row, 'inserted rate card'));
}

/** The replaced card, or null when it is gone. */
export async function updateRateCard(db: Db, id: number, values: RateCardColumns): Promise<RateCardRecord | null> {
  const [row] = await db
    .update(rateCards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(rateCards.id, id))
    .returning();
  await referenceChanged(db, 'rateCards');
  return row ? toRateCardRecord(row) : null;
}

/** Whether a card was deleted. */
export async function deleteRateCard(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(rateCards).where(eq(rateCards.id, id)).returning({ id: rateCards.id });
  await referenceChanged(db, 'rateCards');
  return deleted.length > 0;
}
