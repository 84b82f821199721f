import { Button, Checkbox, DatePicker, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FORM_TEXT_MAX, FORM_TEXTAREA_MAX, type FormField } from '@portal/shared/online';
import type { DictOption } from '@portal/shared/sys';
import { useDictOptions } from '../dict-items.ts';
import { DATE_FORMAT, DATETIME_FORMAT } from './form-values.ts';

/** The largest text a field takes: its own limit, else the type's. */
export const textLimitOf = (field: FormField) => field.maxLength ?? (field.type === 'textarea' ? FORM_TEXTAREA_MAX : FORM_TEXT_MAX);

/** A dictionary's options: the ones the schema brought, else the dictionary asked for by itself (the designer's preview). */
function useFieldOptions(field: FormField, given: Record<string, readonly DictOption[]> | undefined): readonly DictOption[] {
  const brought = field.dictCode ? given?.[field.dictCode] : undefined;
  // asked only when the schema did not bring them: an empty code asks nothing
  const fetched = useDictOptions(brought ? '' : field.dictCode);
  return brought ?? fetched.options;
}

export type FieldControlProps = {
  field: FormField;
  label: string;
  dictOptions?: Record<string, readonly DictOption[]>;
  disabled?: boolean;
  /** a popup field's search button */
  onPopup?: () => void;
  // given by Form.Item
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
};

/**
 * One field's control by its type. Form.Item gives `value` and `onChange` (and the id its label points at);
 * the values are the controls' own (form-values.ts converts).
 */
export function FieldControl({ field, label, dictOptions, disabled, onPopup, value, onChange, id }: FieldControlProps) {
  const { t } = useTranslation();
  const options = useFieldOptions(field, dictOptions);
  const testId = `online-field-${field.key}`;
  const choices = options.map((option) => ({ value: option.value, label: option.text }));
  const common = { id, disabled, 'data-testid': testId };
  switch (field.type) {
    case 'text':
      return <Input {...common} value={value as string | undefined} onChange={(event) => onChange?.(event.target.value)} maxLength={textLimitOf(field)} placeholder={t('components.query.inputPlaceholder', { label })} />;
    case 'textarea':
      return <Input.TextArea {...common} value={value as string | undefined} onChange={(event) => onChange?.(event.target.value)} maxLength={textLimitOf(field)} showCount autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'number':
    case 'integer':
      return (
        <InputNumber<string>
          {...common}
          stringMode
          style={{ width: '100%' }}
          value={(value as string | undefined) ?? null}
          onChange={(next) => onChange?.(next ?? undefined)}
          precision={field.type === 'integer' ? 0 : field.scale}
          placeholder={t('components.query.inputPlaceholder', { label })}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...common}
          style={{ width: '100%' }}
          showTime={field.type === 'datetime'}
          format={field.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT}
          value={value as Parameters<typeof DatePicker>[0]['value']}
          onChange={(next) => onChange?.(next ?? undefined)}
        />
      );
    case 'select':
      return <Select {...common} allowClear showSearch={{ optionFilterProp: 'label' }} options={choices} value={value as string | undefined} onChange={(next) => onChange?.(next)} placeholder={t('components.query.selectPlaceholder', { label })} />;
    case 'radio':
      return <Radio.Group {...common} options={choices} value={value} onChange={(event) => onChange?.(event.target.value)} />;
    case 'checkbox':
      return <Checkbox.Group {...common} options={choices} value={(value as string[] | undefined) ?? []} onChange={(next) => onChange?.(next)} />;
    case 'switch':
      return <Switch id={id} disabled={disabled} data-testid={testId} checked={value === true} onChange={(next) => onChange?.(next)} />;
    case 'popup':
      // picked, not typed: the report's row fills it and its mapped fields
      return (
        <Space.Compact style={{ width: '100%' }}>
          <Input {...common} readOnly value={(value as string | undefined) ?? ''} placeholder={t('components.onlineForm.popupPlaceholder', { label })} />
          <Button icon={<SearchOutlined />} disabled={disabled} onClick={onPopup} aria-label={t('components.onlineForm.popupOpen', { label })} data-testid={`${testId}-search`} />
        </Space.Compact>
      );
  }
}
