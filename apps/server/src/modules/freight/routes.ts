import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { countryCode, lengthCm, pageQuery, rateCardInput, rateCardRecord, serviceType, weightKg, type RateCardRecord } from '@portal/shared/logistics-schemas';
import { CURRENCY_EXPONENTS, currencyFromMinor, currencyToMinor, decimalPattern, fromMinor, gramsToKg, isCurrency, type CurrencyCode } from '@portal/shared/money';
import { getQuery } from '../../lib/query.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { rateCards } from '../../db/schema/logistics.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { booleanParam, idParam, pageOf } from '../../lib/list.ts';
import { gramsOf, sizesOf } from '../../lib/measures.ts';
import { priceFor } from './freight-service.ts';
import { platform } from '../../plugins/auth.ts';

/** The most a rate card's weight step may be, kg (the column holds grams in an int). */
const STEP_KG_MAX = 10_000;
const ROUTE_UNIQUE = 'log_rate_card_route_uq';

/** Sort columns: the route's unique index is (destination, service). */
const SORT_COLUMNS = { destinationCountry: rateCards.destinationCountry, serviceType: rateCards.serviceType } as const;

const listQuery = getQuery({
  ...pageQuery,
  column: z.enum(['destinationCountry', 'serviceType']).optional(),
  destinationCountry: countryCode.optional(),
  serviceType: serviceType.optional(),
  active: booleanParam.optional(),
});
const rateCardEditInput = rateCardInput.extend({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const quoteQuery = getQuery({
  destinationCountry: countryCode,
  serviceType,
  /** kg */
  weight: weightKg,
  /** cm, all three or none */
  length: lengthCm.optional(),
  width: lengthCm.optional(),
  height: lengthCm.optional(),
});
const quoteResult = z.object({ currency: z.string(), chargeableWeight: z.string(), freight: z.string() }).nullable();


type RateCardRow = typeof rateCards.$inferSelect;

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

/**
 * A rate card as stored: grams and minor units. Each price must fit its currency's exponent (no
 * decimals in JPY or KRW): refused naming the field rather than rounded.
 */
function toColumns(input: z.output<typeof rateCardInput>) {
  const currency: CurrencyCode = input.currency;
  const scale = CURRENCY_EXPONENTS[currency];
  const price = (field: 'firstPrice' | 'stepPrice') => {
    const value = input[field];
    if (!decimalPattern(scale).test(value)) throw badRequest('rateCardAmountScale', { field, scale, currency });
    return currencyToMinor(value, currency);
  };
  return {
    destinationCountry: input.destinationCountry,
    serviceType: input.serviceType,
    currency,
    firstWeight: gramsOf('firstWeight', input.firstWeight, STEP_KG_MAX),
    firstPrice: price('firstPrice'),
    stepWeight: gramsOf('stepWeight', input.stepWeight, STEP_KG_MAX),
    stepPrice: price('stepPrice'),
    volumetricDivisor: input.volumetricDivisor,
    active: input.active,
    remark: input.remark,
  };
}

/** Rate cards (platform): /warehouse/rateCard/*; and the merchant's freight quote: /logistics/freight/quote */
export const rateCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const routeTaken = async (destinationCountry: string, service: string, exceptId: number | null) => {
    const rows = await db
      .select({ id: rateCards.id })
      .from(rateCards)
      .where(and(eq(rateCards.destinationCountry, destinationCountry), eq(rateCards.serviceType, service as RateCardRow['serviceType']), exceptId === null ? undefined : ne(rateCards.id, exceptId)))
      .limit(1);
    return rows.length > 0;
  };
  const routeConflict = (card: { destinationCountry: string; serviceType: string }) => conflict('rateCardExists', { country: card.destinationCountry, serviceType: card.serviceType });

  app.get(
    '/warehouse/rateCard/list',
    {
      config: platform('warehouse:rate-card:list'),
      schema: {
        tags: ['rate-card'],
        summary: 'Rate cards by destination and service type; filters on destination, service type and active',
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(rateCardRecord)) },
      },
    },
    async (request) => {
      const query = request.query;
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
      return request.ok(pageOf(rows.map(toRateCardRecord), Number(counted[0]?.total ?? 0), query.pageNo, size));
    },
  );

  app.post(
    '/warehouse/rateCard/add',
    {
      config: platform('warehouse:rate-card:add'),
      schema: {
        tags: ['rate-card'],
        summary: 'A rate card for a destination and service type (one per route: 409); prices in the currency\'s own decimals',
        body: rateCardInput,
        response: { 200: envelopeSchema(rateCardRecord) },
      },
    },
    async (request) => {
      const values = toColumns(request.body);
      if (await routeTaken(values.destinationCountry, values.serviceType, null)) throw routeConflict(values);
      try {
        const [row] = await db.insert(rateCards).values(values).returning();
        return request.ok(toRateCardRecord(must(row, 'inserted rate card')));
      } catch (error) {
        if (violatedConstraint(error) === ROUTE_UNIQUE) throw routeConflict(values);
        throw error;
      }
    },
  );

  app.put(
    '/warehouse/rateCard/edit',
    {
      config: platform('warehouse:rate-card:edit'),
      schema: {
        tags: ['rate-card'],
        summary: 'Replace a rate card; orders keep the quotes and charges they were given',
        body: rateCardEditInput,
        response: { 200: envelopeSchema(rateCardRecord) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      const values = toColumns(input);
      // a missing card is 404 whatever route it would take
      const [existing] = await db.select({ id: rateCards.id }).from(rateCards).where(eq(rateCards.id, id)).limit(1);
      if (!existing) throw notFound();
      if (await routeTaken(values.destinationCountry, values.serviceType, id)) throw routeConflict(values);
      try {
        const [row] = await db
          .update(rateCards)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(rateCards.id, id))
          .returning();
        if (!row) throw notFound();
        return request.ok(toRateCardRecord(row));
      } catch (error) {
        if (violatedConstraint(error) === ROUTE_UNIQUE) throw routeConflict(values);
        throw error;
      }
    },
  );

  app.delete(
    '/warehouse/rateCard/delete',
    {
      config: platform('warehouse:rate-card:delete'),
      schema: {
        tags: ['rate-card'],
        summary: 'Delete a rate card: its route has no price until a new one is added',
        querystring: getQuery({ id: idParam }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const deleted = await db.delete(rateCards).where(eq(rateCards.id, request.query.id)).returning({ id: rateCards.id });
      if (deleted.length === 0) throw notFound();
      return request.ok(null);
    },
  );

  app.get(
    '/logistics/freight/quote',
    {
      config: { access: { permission: 'logistics:order:add', tenant: 'caller' } },
      schema: {
        tags: ['rate-card'],
        summary: 'Freight of a shipment by the active rate card of its route: max(actual, volumetric) weight; null when the route has no active card',
        querystring: quoteQuery,
        response: { 200: envelopeSchema(quoteResult) },
      },
    },
    async (request) => {
      const query = request.query;
      const grams = gramsOf('weight', query.weight);
      const sizes = sizesOf(query);
      const price = await priceFor(db, { destinationCountry: query.destinationCountry, serviceType: query.serviceType }, grams, sizes);
      if (!price) return request.ok(null);
      return request.ok({ currency: price.currency, chargeableWeight: gramsToKg(price.chargeableWeight), freight: currencyFromMinor(price.freight, price.currency) });
    },
  );
};
