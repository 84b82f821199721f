import { ceilDiv } from '@portal/shared/money';

/** A rate card as the calculation needs it: grams and minor units (db/schema/logistics.ts rateCards). */
export type Rate = { firstWeight: number; firstPrice: bigint; stepWeight: number; stepPrice: bigint; volumetricDivisor: number };

/** Measured sizes in millimetres. */
export type Dimensions = { length: number; width: number; height: number };

/**
 * Volumetric weight in grams: L x W x H in cm / divisor gives kg, so with millimetres
 * mm³ / 1000 = cm³, / divisor = kg, x 1000 = g: mm³ / divisor, rounded up to the gram.
 */
export function volumetricGrams(dimensions: Dimensions, divisor: number): number {
  const volume = BigInt(dimensions.length) * BigInt(dimensions.width) * BigInt(dimensions.height);
  return Number(ceilDiv(volume, BigInt(divisor)));
}

/** The greater of actual and volumetric weight (without sizes, the actual weight). */
export function chargeableGrams(actualGrams: number, dimensions: Dimensions | null, divisor: number): number {
  return dimensions ? Math.max(actualGrams, volumetricGrams(dimensions, divisor)) : actualGrams;
}

/** The first step at its price, each further step begun at the step price: exact, in minor units. */
export function freightFor(rate: Rate, grams: number): bigint {
  if (grams <= rate.firstWeight) return rate.firstPrice;
  const steps = ceilDiv(BigInt(grams - rate.firstWeight), BigInt(rate.stepWeight));
  return rate.firstPrice + steps * rate.stepPrice;
}

/** Quote or charge: the chargeable weight and its freight. */
export function priceShipment(rate: Rate, actualGrams: number, dimensions: Dimensions | null): { chargeableWeight: number; freight: bigint } {
  const chargeableWeight = chargeableGrams(actualGrams, dimensions, rate.volumetricDivisor);
  return { chargeableWeight, freight: freightFor(rate, chargeableWeight) };
}
