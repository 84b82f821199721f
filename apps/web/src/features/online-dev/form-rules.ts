import type { Texts } from '@portal/shared/languages';
import { FIELD_KEY_PATTERN, popupConfigProblem, type FormDefinition, type FormEnhancement, type FormFieldType, type FormRecordDefinition } from '@portal/shared/online';

/* The form editor's values and the checks it makes before sending (the server makes them again). */

export type PopupValues = { reportCode: string; originalFields: string; targetFields: string; multi: boolean };
export type FormFieldValues = {
  key: string;
  titles: Texts;
  type: FormFieldType;
  required: boolean;
  maxLength: number | null;
  min: string;
  max: string;
  scale: number;
  dictCode: string;
  unique: boolean;
  ruleCode: string | null;
  defaultValue: string;
  span: 24 | 12 | 8;
  listed: boolean;
  queryable: boolean;
  popup: PopupValues;
};
export type FormValues = {
  code: string;
  titles: Texts;
  layout: { columns: 1 | 2 | 3 };
  fields: FormFieldValues[];
  enhancements: FormEnhancement[];
};

export type FormProblem = 'duplicateKey' | 'numberFormat' | 'minAboveMax' | 'dictRequired' | 'unknownField' | 'popupTargetUnknown' | 'popupConfigMissing' | 'popupConfigMismatch';

export const DICT_TYPES: readonly FormFieldType[] = ['select', 'radio', 'checkbox'];
export const TEXT_TYPES: readonly FormFieldType[] = ['text', 'textarea'];
export const NUMBER_TYPES: readonly FormFieldType[] = ['number', 'integer'];

const emptyTitles = (): Texts => ({ 'zh-TW': '', 'zh-CN': '', 'en-US': '' });
const emptyPopup = (): PopupValues => ({ reportCode: '', originalFields: '', targetFields: '', multi: false });

export const emptyField = (): FormFieldValues => ({
  key: '',
  titles: emptyTitles(),
  type: 'text',
  required: false,
  maxLength: null,
  min: '',
  max: '',
  scale: 2,
  dictCode: '',
  unique: false,
  ruleCode: null,
  defaultValue: '',
  span: 24,
  listed: true,
  queryable: false,
  popup: emptyPopup(),
});

export const emptyEnhancement = (): FormEnhancement => ({ when: { field: '', condition: 'eq', value: '' }, then: [{ action: 'show', field: '', value: '' }] });

export const newFormValues = (): FormValues => ({ code: '', titles: emptyTitles(), layout: { columns: 2 }, fields: [emptyField()], enhancements: [] });

export function formValues(record: FormRecordDefinition): FormValues {
  const definition = record.definition;
  return {
    code: definition.code,
    titles: { ...definition.titles },
    layout: { columns: definition.layout.columns },
    fields: definition.fields.map((field) => ({
      ...field,
      titles: { ...field.titles },
      min: field.min ?? '',
      max: field.max ?? '',
      dictCode: field.dictCode ?? '',
      popup: field.popup ? { ...field.popup } : emptyPopup(),
    })),
    enhancements: definition.enhancements.map((enhancement) => ({ when: { ...enhancement.when }, then: enhancement.then.map((step) => ({ ...step })) })),
  };
}

const trimmed = (titles: Texts): Texts => ({ 'zh-TW': titles['zh-TW'].trim(), 'zh-CN': titles['zh-CN'].trim(), 'en-US': titles['en-US'].trim() });
const orNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** What the server's formDefinition takes: the settings a type does not use are left at their defaults. */
export function formDefinitionOf(values: FormValues): FormDefinition {
  return {
    code: values.code.trim(),
    titles: trimmed(values.titles),
    layout: { columns: values.layout.columns },
    fields: values.fields.map((field) => ({
      key: field.key.trim(),
      titles: trimmed(field.titles),
      type: field.type,
      required: field.required,
      maxLength: TEXT_TYPES.includes(field.type) ? (field.maxLength ?? null) : null,
      min: NUMBER_TYPES.includes(field.type) ? orNull(field.min) : null,
      max: NUMBER_TYPES.includes(field.type) ? orNull(field.max) : null,
      scale: field.type === 'number' ? field.scale : field.type === 'integer' ? 0 : 2,
      dictCode: DICT_TYPES.includes(field.type) ? orNull(field.dictCode) : null,
      unique: field.unique,
      ruleCode: orNull(field.ruleCode),
      defaultValue: field.defaultValue,
      span: field.span,
      listed: field.listed,
      queryable: field.queryable,
      popup:
        field.type === 'popup'
          ? { reportCode: field.popup.reportCode.trim(), originalFields: field.popup.originalFields.trim(), targetFields: field.popup.targetFields.trim(), multi: field.popup.multi }
          : null,
    })),
    enhancements: values.enhancements,
  };
}

const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

/** A field's key: not another field's. */
export const keyProblem = (fields: readonly FormFieldValues[], index: number): FormProblem | null => {
  const key = fields[index]?.key.trim();
  return key && fields.some((other, at) => at !== index && other.key.trim() === key) ? 'duplicateKey' : null;
};

/** A bound of a number field: decimal text. */
export const boundProblem = (text: string | undefined): FormProblem | null => (!text?.trim() || DECIMAL.test(text.trim()) ? null : 'numberFormat');

/** The lower bound not above the upper. */
export function rangeProblem(min: string | undefined, max: string | undefined): FormProblem | null {
  if (!min?.trim() || !max?.trim() || boundProblem(min) || boundProblem(max)) return null;
  return Number(min) > Number(max) ? 'minAboveMax' : null;
}

/** A select, radio or checkbox takes its options from a dictionary. */
export const dictProblem = (type: FormFieldType, dictCode: string | undefined): FormProblem | null => (DICT_TYPES.includes(type) && !dictCode?.trim() ? 'dictRequired' : null);

/** A popup field (spec §5): the report and both lists given, equal in count; the targets are fields of this form. */
export function popupProblem(fields: readonly FormFieldValues[], popup: PopupValues): FormProblem | null {
  const spec = popupConfigProblem(popup);
  if (spec) return spec;
  const keys = new Set(fields.map((field) => field.key.trim()));
  const targets = popup.targetFields.split(',').map((part) => part.trim()).filter(Boolean);
  return targets.every((target) => keys.has(target)) ? null : 'popupTargetUnknown';
}

/** An enhancement names fields of this form. */
export const fieldRefProblem = (fields: readonly FormFieldValues[], key: string | undefined): FormProblem | null =>
  !key || fields.some((field) => field.key.trim() === key) ? null : 'unknownField';

/** The definition as it stands, for the preview: only fields with a proper key of their own, rules naming them. */
export function previewDefinition(values: FormValues): FormDefinition {
  const definition = formDefinitionOf(values);
  const seen = new Set<string>();
  const fields = definition.fields.filter((field) => {
    if (!FIELD_KEY_PATTERN.test(field.key) || seen.has(field.key)) return false;
    seen.add(field.key);
    return true;
  });
  const enhancements = definition.enhancements.filter((enhancement) => seen.has(enhancement.when.field) && enhancement.then.every((step) => seen.has(step.field)));
  return { ...definition, fields, enhancements };
}
