import dayjs, { type Dayjs } from 'dayjs';
import type { FormDefinition, FormField, FormValue, FormValues } from '@portal/shared/online';
import type { Language } from '@portal/shared/languages';

/*
 * An online form's values as the server keeps them (text, decimal text, a list, a switch: `FormValues`)
 * and as antd's controls hold them (a Dayjs for a date, a boolean for a switch). The renderer converts at
 * its edges only, so the enhancements and the payloads always see the server's shape.
 */

/** What a control holds. */
export type ControlValue = string | boolean | string[] | Dayjs | null | undefined;
export type ControlValues = Record<string, ControlValue>;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A field's title in the user's language, else in any language it has, else its key. */
export function titleOf(field: Pick<FormField, 'titles' | 'key'>, language: Language): string {
  const titles: Partial<Record<string, string>> = field.titles;
  return titles[language] ?? Object.values(titles).find((title) => Boolean(title)) ?? field.key;
}

const TRUE_TEXTS = new Set(['true', '1', 'Y', 'y', 'yes']);

/** The server's value of a field as its control holds it. */
export function toControl(field: FormField, value: FormValue | undefined): ControlValue {
  if (value === undefined || value === null) return field.type === 'switch' ? false : field.type === 'checkbox' ? [] : undefined;
  switch (field.type) {
    case 'switch':
      return typeof value === 'boolean' ? value : TRUE_TEXTS.has(String(value));
    case 'checkbox':
      return Array.isArray(value) ? value : String(value).split(',').map((part) => part.trim()).filter(Boolean);
    case 'date':
    case 'datetime': {
      if (typeof value !== 'string' || value === '') return undefined;
      const parsed = dayjs(value);
      return parsed.isValid() ? parsed : undefined;
    }
    default:
      return Array.isArray(value) ? value.join(',') : String(value);
  }
}

/** A control's value as the server keeps it: empty is null. */
export function fromControl(field: FormField, value: ControlValue): FormValue {
  if (value === undefined || value === null) return field.type === 'switch' ? false : null;
  if (dayjs.isDayjs(value)) return field.type === 'date' ? value.format(DATE_FORMAT) : value.toISOString();
  if (field.type === 'switch') return value === true;
  if (Array.isArray(value)) return value.length === 0 ? null : value;
  if (typeof value === 'boolean') return String(value);
  const text = field.type === 'number' || field.type === 'integer' ? value.trim() : value;
  return text === '' ? null : text;
}

/** A new row's values: each field's default (a checkbox's as a comma-separated list, a switch's as true/1). */
export function defaultValues(definition: Pick<FormDefinition, 'fields'>): FormValues {
  return Object.fromEntries(
    definition.fields.map((field): [string, FormValue] => {
      const given = field.defaultValue.trim();
      if (field.type === 'switch') return [field.key, TRUE_TEXTS.has(given)];
      if (given === '') return [field.key, null];
      if (field.type === 'checkbox') return [field.key, given.split(',').map((part) => part.trim()).filter(Boolean)];
      return [field.key, given];
    }),
  );
}

export const toControls = (definition: Pick<FormDefinition, 'fields'>, values: FormValues): ControlValues =>
  Object.fromEntries(definition.fields.map((field) => [field.key, toControl(field, values[field.key])]));

/** The form's values in the server's shape; only the fields in `keep` (the visible ones) when given. */
export function fromControls(definition: Pick<FormDefinition, 'fields'>, controls: ControlValues, keep?: (key: string) => boolean): FormValues {
  return Object.fromEntries(definition.fields.filter((field) => !keep || keep(field.key)).map((field) => [field.key, fromControl(field, controls[field.key])]));
}
