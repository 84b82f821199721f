import { ceilDiv, fromMinor, toMinor, type CurrencyCode } from '@portal/shared/money';
import { currencyDecimals, isAmount, isLengthCm, isWeightKg, VOLUMETRIC_DIVISOR_MAX, VOLUMETRIC_DIVISOR_MIN } from './value-rules.ts';

/** A rate card as its form holds it: kg and money as decimal strings. */
export type RateCardDraft = {
  currency: CurrencyCode;
  firstWeight: string;
  firstPrice: string;
  stepWeight: string;
  stepPrice: string;
  volumetricDivisor: number;
};

/** Sizes in cm, one decimal. */
export type SizesCm = { length: string; width: string; height: string };

export type FreightExample = { chargeableKg: string; volumetricKg: string | null; price: string };

/**
 * The price the server would charge (apps/server/src/modules/freight/freight.ts, the same formula,
 * copied: the web does not import server code), exactly, in bigint minor units and grams:
 * - volumetric grams = L x W x H in mm / divisor, rounded up to the gram;
 * - chargeable = the greater of actual and volumetric;
 * - up to the first weight the first price, then each further step begun at the step price.
 * Null while the card or the example is not valid yet.
 */
export function exampleFreight(card: RateCardDraft, actualKg: string, sizes?: SizesCm): FreightExample | null {
  const decimals = currencyDecimals(card.currency);
  const { volumetricDivisor: divisor } = card;
  if (![card.firstWeight, card.stepWeight, actualKg].every(isWeightKg)) return null;
  if (![card.firstPrice, card.stepPrice].every((price) => isAmount(price, card.currency))) return null;
  if (!Number.isInteger(divisor) || divisor < VOLUMETRIC_DIVISOR_MIN || divisor > VOLUMETRIC_DIVISOR_MAX) return null;
  if (sizes && ![sizes.length, sizes.width, sizes.height].every(isLengthCm)) return null;

  const actual = toMinor(actualKg, 3);
  const volumetric = sizes ? ceilDiv(toMinor(sizes.length, 1) * toMinor(sizes.width, 1) * toMinor(sizes.height, 1), BigInt(divisor)) : null;
  const chargeable = volumetric !== null && volumetric > actual ? volumetric : actual;

  const firstWeight = toMinor(card.firstWeight, 3);
  const firstPrice = toMinor(card.firstPrice, decimals);
  const price = chargeable <= firstWeight ? firstPrice : firstPrice + ceilDiv(chargeable - firstWeight, toMinor(card.stepWeight, 3)) * toMinor(card.stepPrice, decimals);
  return { chargeableKg: fromMinor(chargeable, 3), volumetricKg: volumetric === null ? null : fromMinor(volumetric, 3), price: fromMinor(price, decimals) };
}
