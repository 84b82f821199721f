import { FORM_TEXT_MAX, FORM_TEXTAREA_MAX, type FormDefinition, type FormField, type FormValue, type FormValues } from '@portal/shared/online';
import type { MessageKey, MessageParams } from '@portal/shared/messages';

/*
 * The pure rules of an online form's row: a value checked and normalised by its field's type, and the
 * typed index rows a row's values give (decision 0032). No I/O: the service brings the dictionaries.
 */

export type Problem = { key: MessageKey; params: MessageParams };
export type Checked = { ok: true; value: FormValue } | { ok: false; problem: Problem };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^-?\d{1,20}(\.\d{1,10})?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const isEmptyValue = (value: FormValue | undefined) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Whether a text is a calendar date (2026-02-30 is not). */
export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const isDecimal = (text: string) => DECIMAL.test(text);

export function isTime(text: string): boolean {
  if (!ISO_TIME.test(text)) return false;
  const time = new Date(text).getTime();
  return !Number.isNaN(time) && isDate(text.slice(0, 10));
}

/** Decimal text compared without floating point (bounds and values have at most 20 + 10 digits). */
export function compareDecimal(a: string, b: string): number {
  const parts = (text: string) => {
    const negative = text.startsWith('-');
    const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
    return { negative, whole: whole.replace(/^0+(?=\d)/, ''), fraction: fraction.padEnd(10, '0') };
  };
  const x = parts(a);
  const y = parts(b);
  const magnitude = x.whole.length !== y.whole.length ? x.whole.length - y.whole.length : x.whole < y.whole ? -1 : x.whole > y.whole ? 1 : x.fraction < y.fraction ? -1 : x.fraction > y.fraction ? 1 : 0;
  const zero = (p: typeof x) => /^0*$/.test(p.whole + p.fraction);
  const sign = (p: typeof x) => (zero(p) ? 0 : p.negative ? -1 : 1);
  if (sign(x) !== sign(y)) return Math.sign(sign(x) - sign(y));
  return sign(x) < 0 ? -Math.sign(magnitude) : Math.sign(magnitude);
}

/** A number as its canonical text: no leading zeros, no trailing decimal zeros, no "-0". */
export function canonicalDecimal(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  const body = f ? `${w}.${f}` : w;
  return negative && body !== '0' ? `-${body}` : body;
}

const fail = (key: MessageKey, field: FormField, extra: MessageParams = {}): Checked => ({ ok: false, problem: { key, params: { field: field.titles, ...extra } } });

/**
 * One value by its field's type; `options` are the values of the field's dictionary (select, radio,
 * checkbox). An empty value is null (the service decides whether it was required).
 */
export function checkValue(field: FormField, raw: FormValue, options: ReadonlySet<string> | undefined): Checked {
  if (isEmptyValue(raw)) return { ok: true, value: field.type === 'checkbox' ? [] : null };
  const text = typeof raw === 'string' ? raw.trim() : null;
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'popup': {
      if (text === null) return fail('onlineRowNotText', field);
      const max = Math.min(field.maxLength ?? Infinity, field.type === 'textarea' ? FORM_TEXTAREA_MAX : FORM_TEXT_MAX);
      if ([...text].length > max) return fail('onlineRowTooLong', field, { max });
      return { ok: true, value: text };
    }
    case 'number':
    case 'integer': {
      if (text === null || !isDecimal(text)) return fail('onlineRowNotNumber', field);
      const [, fraction = ''] = text.split('.');
      if (field.type === 'integer' && fraction.replace(/0+$/, '') !== '') return fail('onlineRowNotInteger', field);
      if (field.type === 'number' && fraction.replace(/0+$/, '').length > field.scale) return fail('onlineRowScale', field, { scale: field.scale });
      if (field.min !== null && compareDecimal(text, field.min) < 0) return fail('onlineRowBelowMin', field, { min: field.min });
      if (field.max !== null && compareDecimal(text, field.max) > 0) return fail('onlineRowAboveMax', field, { max: field.max });
      return { ok: true, value: canonicalDecimal(text) };
    }
    case 'date':
      return text !== null && isDate(text) ? { ok: true, value: text } : fail('onlineRowNotDate', field);
    case 'datetime':
      return text !== null && isTime(text) ? { ok: true, value: new Date(text).toISOString() } : fail('onlineRowNotTime', field);
    case 'select':
    case 'radio':
      if (text === null) return fail('onlineRowNotText', field);
      return options?.has(text) ? { ok: true, value: text } : fail('onlineRowNotOption', field, { value: text.slice(0, 50) });
    case 'checkbox': {
      const list = Array.isArray(raw) ? raw : text !== null ? text.split(',').map((part) => part.trim()) : null;
      if (list === null) return fail('onlineRowNotText', field);
      const unknown = list.find((value) => !options?.has(value));
      if (unknown !== undefined) return fail('onlineRowNotOption', field, { value: unknown.slice(0, 50) });
      return { ok: true, value: [...new Set(list)] };
    }
    case 'switch':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (text === 'true' || text === '1') return { ok: true, value: true };
      if (text === 'false' || text === '0') return { ok: true, value: false };
      return fail('onlineRowNotSwitch', field);
  }
}

/** A value an enhancement sets (always text in the definition) as its field's kind of value. */
export function setValueOf(field: FormField, text: string): FormValue {
  if (field.type === 'checkbox') return text === '' ? [] : text.split(',').map((part) => part.trim());
  if (field.type === 'switch') return text === 'true' || text === '1';
  return text;
}

/** A field has index rows when the list shows it, queries it, sorts by it or keeps it unique. */
export const isIndexed = (field: FormField) => field.listed || field.queryable || field.unique;

/** The index column a field's values are compared and sorted in. */
export type IndexColumn = 'text' | 'num' | 'time';
export const indexColumnOf = (field: FormField): IndexColumn => (field.type === 'number' || field.type === 'integer' ? 'num' : field.type === 'datetime' ? 'time' : 'text');

export type IndexEntry = { fieldKey: string; textValue: string | null; numValue: string | null; timeValue: Date | null; uniqueValue: string | null };

/** The index rows of a row's (checked) values: one per indexed field with a value. */
export function indexEntries(definition: Pick<FormDefinition, 'fields'>, values: FormValues): IndexEntry[] {
  const entries: IndexEntry[] = [];
  for (const field of definition.fields) {
    const value = values[field.key];
    if (!isIndexed(field) || isEmptyValue(value)) continue;
    const text = (Array.isArray(value) ? value.join(',') : String(value)).slice(0, FORM_TEXT_MAX);
    const column = indexColumnOf(field);
    entries.push({
      fieldKey: field.key,
      textValue: column === 'text' ? text : null,
      numValue: column === 'num' && isDecimal(text) ? text : null,
      timeValue: column === 'time' && isTime(text) ? new Date(text) : null,
      uniqueValue: field.unique ? text : null,
    });
  }
  return entries;
}
