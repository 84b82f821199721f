import { z } from 'zod';
import { gte, lt, lte, type AnyColumn, type SQL } from 'drizzle-orm';
import { isoTime } from '@portal/shared/logistics-schemas';
import { cmToMm, kgToGrams } from '@portal/shared/money';
import { badRequest } from '../../lib/errors.ts';

/*
 * What the lists and forms of parcels, pick-up batches, exceptions and rate cards share: time filters in
 * the list-page toolkit's shape, id parameters, the page answer and bounded weights and sizes.
 */

// PostgreSQL refuses year 0 and a filter of the year 0001 is a typing slip: both are 400, never a 500
const sensibleTime = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1970 && year <= 9999;
};

/** A time in a filter or a form: ISO 8601 with an offset (the toolkit sends the user's own). */
export const timeParam = isoTime.refine(sensibleTime);

/**
 * `<name>_begin` / `<name>_end` of a date range. The toolkit sends the end as 23:59:59 of the last day,
 * meaning that whole second; a row stamped 23:59:59.400 belongs to the day, so a whole-second end is
 * read as "before the next second".
 */
export function timeRange(column: AnyColumn, begin: string | undefined, end: string | undefined): SQL[] {
  const filters: SQL[] = [];
  if (begin) filters.push(gte(column, new Date(begin)));
  if (end) {
    const until = new Date(end);
    const wholeSecond = !/\.\d/.test(end);
    filters.push(wholeSecond ? lt(column, new Date(until.getTime() + 1000)) : lte(column, until));
  }
  return filters;
}

/** `?id=` of queryById and delete. */
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** `{ id }` in a body. */
export const idField = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A yes/no filter as a query string carries it. */
export const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

export function pageOf<T>(records: T[], total: number, pageNo: number, size: number): Page<T> {
  return { records, total, current: pageNo, size, pages: Math.ceil(total / size) };
}

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
