import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ONLINE_FORM_TABLE_PREFIX, type FormField } from '@portal/shared/online';
import { duplicateRule, ruleCheckRule } from '../../lib/remote-checks.ts';
import { textLimitOf } from './field-control.tsx';

/** How long typing pauses before the server's checks (duplicate, rule) are asked. */
export const REMOTE_CHECK_DEBOUNCE_MS = 400;

/** Whether the field asks the server about its value (so its Form.Item debounces validation). */
export const checksRemotely = (field: FormField) => field.unique || Boolean(field.ruleCode);

/**
 * A field's rules: required (as the enhancements say now), its length or bounds, then the server's
 * duplicate and rule checks, which run only on a given value and show the server's own message.
 */
export function fieldRules(field: FormField, options: { label: string; required: boolean; formCode: string; rowId?: number; t: TFunction }): FormRule[] {
  const { label, required, formCode, rowId, t } = options;
  const rules: FormRule[] = [];
  if (required && field.type !== 'switch') {
    rules.push(field.type === 'checkbox' ? { required: true, type: 'array', min: 1, message: t('components.onlineForm.required', { label }) } : { required: true, whitespace: true, message: t('components.onlineForm.required', { label }) });
  }
  if (field.type === 'text' || field.type === 'textarea') {
    const max = textLimitOf(field);
    rules.push({ type: 'string', max, message: t('components.onlineForm.tooLong', { label, max }) });
  }
  if ((field.type === 'number' || field.type === 'integer') && (field.min !== null || field.max !== null)) {
    const min = field.min === null ? null : Number(field.min);
    const max = field.max === null ? null : Number(field.max);
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const given = Number(value);
        if (Number.isNaN(given)) return;
        if (min !== null && given < min) throw new Error(max === null ? t('components.onlineForm.atLeast', { label, min: field.min }) : t('components.onlineForm.between', { label, min: field.min, max: field.max }));
        if (max !== null && given > max) throw new Error(min === null ? t('components.onlineForm.atMost', { label, max: field.max }) : t('components.onlineForm.between', { label, min: field.min, max: field.max }));
      },
    });
  }
  if (field.type !== 'checkbox' && field.type !== 'switch') {
    if (field.unique) rules.push(duplicateRule({ tableName: `${ONLINE_FORM_TABLE_PREFIX}${formCode}`, fieldName: field.key, dataId: rowId }));
    if (field.ruleCode) rules.push(ruleCheckRule(field.ruleCode));
  }
  return rules;
}
