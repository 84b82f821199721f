import { decimalPattern, fromMinor, toMinor } from '@portal/shared/money';

const WEIGHT = decimalPattern(3);

/** The sum of weights in kg ("1.250"), exactly (grams as bigint); a weight that is not a decimal counts as nothing. */
export function totalWeight(weights: readonly (string | null | undefined)[]): string {
  let grams = 0n;
  for (const weight of weights) if (weight && WEIGHT.test(weight)) grams += toMinor(weight, 3);
  return fromMinor(grams, 3);
}
