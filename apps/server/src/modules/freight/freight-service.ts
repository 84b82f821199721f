import { and, eq } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import type { ServiceType } from '@portal/shared/logistics';
import type { Db } from '../../db/client.ts';
import { rateCards } from '../../db/schema/logistics.ts';
import { priceShipment, type Dimensions } from './freight.ts';

export type Price = { currency: CurrencyCode; chargeableWeight: number; freight: bigint };

/**
 * The freight of a shipment by the active rate card of its destination and service type: a quote on
 * the declared weight at creation, the charge on the measured one at warehouse-in. Null when the route
 * has no active rate card (the order is still accepted; it has no price yet).
 */
export async function priceFor(db: Db, route: { destinationCountry: string; serviceType: ServiceType }, grams: number, dimensions: Dimensions | null): Promise<Price | null> {
  const [rate] = await db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.destinationCountry, route.destinationCountry), eq(rateCards.serviceType, route.serviceType), eq(rateCards.active, true)))
    .limit(1);
  if (!rate) return null;
  return { currency: rate.currency, ...priceShipment(rate, grams, dimensions) };
}
