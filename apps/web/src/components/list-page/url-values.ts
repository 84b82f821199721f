import dayjs, { type Dayjs } from 'dayjs';
import type { QueryField } from './list-config.ts';

/** A query form's values as the URL gives them: a text, a number (a remote field's id), a value of the field's options, or a range of days. */
export type UrlValues = Record<string, string | number | [Dayjs | null, Dayjs | null]>;

/** The values a select or dictionary field accepts, or null while a dictionary is not loaded. */
export type KnownValues = (field: QueryField & { type: 'select' | 'dict' }) => readonly string[] | null;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day written YYYY-MM-DD that exists (not 2026-02-30), else null. */
function dayOf(text: string | null): Dayjs | null {
  if (text === null || !DAY.test(text)) return null;
  const day = dayjs(text);
  return day.isValid() && day.format('YYYY-MM-DD') === text ? day : null;
}

/**
 * The query form's values in a URL's query string, for the fields the list declares, each as its field
 * takes it: a text trimmed, a number within the field's bounds and precision, a select's or dictionary's
 * value only when it is one of its options, a date range as `<name>_begin` / `<name>_end` days
 * (YYYY-MM-DD). Anything else (an unknown name or value) is left out, never sent. Null while a dictionary
 * a value needs is not loaded yet.
 */
export function valuesFromSearch(fields: readonly QueryField[], search: URLSearchParams, known: KnownValues): UrlValues | null {
  const values: UrlValues = {};
  for (const field of fields) {
    if (field.type === 'date-range') {
      const begin = dayOf(search.get(`${field.name}_begin`));
      const end = dayOf(search.get(`${field.name}_end`));
      if ((begin || end) && !(begin && end && end.isBefore(begin))) values[field.name] = [begin, end];
      continue;
    }
    const text = search.get(field.name)?.trim();
    if (!text) continue;
    if (field.type === 'input') {
      values[field.name] = text;
    } else if (field.type === 'remote') {
      // an id: its name is asked of the server when the field shows it
      if (/^\d{1,15}$/.test(text) && Number(text) > 0 && Number.isSafeInteger(Number(text))) values[field.name] = Number(text);
    } else if (field.type === 'number') {
      const number = Number(text);
      const places = field.precision ?? Infinity;
      const precise = places === Infinity || Number(number.toFixed(places)) === number;
      if (Number.isFinite(number) && precise && (field.min === undefined || number >= field.min) && (field.max === undefined || number <= field.max)) values[field.name] = number;
    } else {
      const accepted = known(field);
      if (accepted === null) return null;
      if (accepted.includes(text)) values[field.name] = text;
    }
  }
  return values;
}

/** A select's own options, or a dictionary's items with the field's extra options. */
export const optionValuesOf = (field: QueryField & { type: 'select' | 'dict' }, dictionary: readonly { value: string }[] | undefined): readonly string[] | null => {
  if (field.type === 'select') return field.options.map((option) => option.value);
  if (!dictionary) return null;
  return [...(field.extraOptions ?? []).map((option) => option.value), ...dictionary.map((option) => option.value)];
};
