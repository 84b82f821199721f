import { cmToMm, kgToGrams } from '@portal/shared/money';
import { badRequest } from './errors.ts';

/* Weights and sizes typed into forms (parcels, pick-up batches, rate cards), bounded to what the columns hold. */

/** The heaviest parcel, order or quote we take (the columns hold grams in an int). */
export const PARCEL_KG_MAX = 10_000;
/** The longest side, cm: 10 m covers a pallet; the columns hold millimetres in an int. */
export const SIDE_CM_MAX = 1_000;

/** Kilograms (already matching weightKg) to grams, refused past `maxKg` naming the field. */
export function gramsOf(field: string, kg: string, maxKg: number = PARCEL_KG_MAX): number {
  const grams = kgToGrams(kg);
  if (grams > maxKg * 1000) throw badRequest('validationTooBig', { field, max: String(maxKg) });
  return grams;
}

export type Sizes = { length: number; width: number; height: number };

/**
 * Length, width and height (cm, matching lengthCm) as millimetres: all three or none, since a volumetric
 * weight needs all of them; a partial set is refused naming the first missing field.
 */
export function sizesOf(input: { length?: string; width?: string; height?: string }): Sizes | null {
  const { length, width, height } = input;
  if (length === undefined && width === undefined && height === undefined) return null;
  if (length === undefined || width === undefined || height === undefined) {
    const field = length === undefined ? 'length' : width === undefined ? 'width' : 'height';
    throw badRequest('dimensionsAllOrNone', { field });
  }
  const mm = (field: string, cm: string) => {
    const value = cmToMm(cm);
    if (value > SIDE_CM_MAX * 10) throw badRequest('validationTooBig', { field, max: String(SIDE_CM_MAX) });
    return value;
  };
  return { length: mm('length', length), width: mm('width', width), height: mm('height', height) };
}
