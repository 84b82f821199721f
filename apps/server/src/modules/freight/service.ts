import type { z } from 'zod';
import type { rateCardInput, RateCardRecord } from '@portal/shared/logistics-schemas';
import { CURRENCY_EXPONENTS, currencyFromMinor, currencyToMinor, decimalPattern, gramsToKg, type CurrencyCode } from '@portal/shared/money';
import type { ServiceType } from '@portal/shared/logistics';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { gramsOf, sizesOf } from '../../lib/measures.ts';
import { priceShipment, type Dimensions } from './model.ts';
import { activeRate, deleteRateCard, insertRateCard, rateCardExists, routeTaken, updateRateCard, type RateCardColumns } from './repository.ts';

export type Price = { currency: CurrencyCode; chargeableWeight: number; freight: bigint };

/** The most a rate card's weight step may be, kg (the column holds grams in an int). */
const STEP_KG_MAX = 10_000;
const ROUTE_UNIQUE = 'log_rate_card_route_uq';

type RateCardInput = z.output<typeof rateCardInput>;

/**
 * The freight of a shipment by the active rate card of its destination and service type: a quote on
 * the declared weight at creation, the charge on the measured one at warehouse-in. Null when the route
 * has no active rate card (the order is still accepted; it has no price yet).
 */
export async function priceFor(db: Db, route: { destinationCountry: string; serviceType: ServiceType }, grams: number, dimensions: Dimensions | null): Promise<Price | null> {
  const rate = await activeRate(db, route.destinationCountry, route.serviceType);
  if (!rate) return null;
  return { currency: rate.currency, ...priceShipment(rate, grams, dimensions) };
}

/**
 * A rate card as stored: grams and minor units. Each price must fit its currency's exponent (no
 * decimals in JPY or KRW): refused naming the field rather than rounded.
 */
function toColumns(input: RateCardInput): RateCardColumns {
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

const routeConflict = (card: { destinationCountry: string; serviceType: string }) => conflict('rateCardExists', { country: card.destinationCountry, serviceType: card.serviceType });

/** One card per route (409), also when two adds race to the unique index. */
export async function addRateCard(db: Db, input: RateCardInput): Promise<RateCardRecord> {
  const values = toColumns(input);
  if (await routeTaken(db, values.destinationCountry, values.serviceType, null)) throw routeConflict(values);
  try {
    return await insertRateCard(db, values);
  } catch (error) {
    if (violatedConstraint(error) === ROUTE_UNIQUE) throw routeConflict(values);
    throw error;
  }
}

/** Replace a card; orders keep the quotes and charges they were given. */
export async function editRateCard(db: Db, id: number, input: RateCardInput): Promise<RateCardRecord> {
  const values = toColumns(input);
  // a missing card is 404 whatever route it would take
  if (!(await rateCardExists(db, id))) throw notFound();
  if (await routeTaken(db, values.destinationCountry, values.serviceType, id)) throw routeConflict(values);
  try {
    const record = await updateRateCard(db, id, values);
    if (!record) throw notFound();
    return record;
  } catch (error) {
    if (violatedConstraint(error) === ROUTE_UNIQUE) throw routeConflict(values);
    throw error;
  }
}

export async function removeRateCard(db: Db, id: number): Promise<void> {
  if (!(await deleteRateCard(db, id))) throw notFound();
}

export type QuoteQuery = { destinationCountry: string; serviceType: ServiceType; weight: string } & Parameters<typeof sizesOf>[0];

/** The merchant's quote: max(actual, volumetric) weight in kg and its freight; null without an active card. */
export async function quoteFreight(db: Db, query: QuoteQuery): Promise<{ currency: string; chargeableWeight: string; freight: string } | null> {
  const grams = gramsOf('weight', query.weight);
  const sizes = sizesOf(query);
  const price = await priceFor(db, { destinationCountry: query.destinationCountry, serviceType: query.serviceType }, grams, sizes);
  if (!price) return null;
  return { currency: price.currency, chargeableWeight: gramsToKg(price.chargeableWeight), freight: currencyFromMinor(price.freight, price.currency) };
}
