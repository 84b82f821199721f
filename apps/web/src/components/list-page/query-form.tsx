import { useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, type FormInstance } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { datePresetRange, DATE_FORMAT, type DatePreset } from '../../lib/format.ts';
import { DictSelect } from '../dict-select.tsx';
import { useDictOptions } from '../dict-items.ts';
import type { QueryField, StaticOption } from './list-config.ts';

const PRESETS: readonly DatePreset[] = ['today', 'yesterday', 'thisMonth', 'lastMonth'];
/** Four fields a row on wide screens, fewer as the screen narrows. */
const FIELD_COL = { xs: 24, sm: 24, md: 12, lg: 8, xl: 6 } as const;
/** Two dates need more room than one value. */
const RANGE_COL = { xs: 24, sm: 24, md: 12, lg: 12, xl: 8 } as const;

/** A dictionary's options after the field's own (a group of values the dictionary has no item for). */
function DictWithExtras({ code, extras, placeholder, ...rest }: { code: string; extras: readonly StaticOption[]; placeholder: string; value?: string; onChange?: (value: string | undefined) => void }) {
  const { t } = useTranslation();
  const { options, loading } = useDictOptions(code);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      {...rest}
      loading={loading}
      placeholder={placeholder}
      options={[...extras.map((option) => ({ value: option.value, label: t(option.label) })), ...options.map((option) => ({ value: option.value, label: option.text }))]}
    />
  );
}

/** The control of a field, as an element: Form.Item hands value and onChange to its direct child. */
function fieldControl(field: QueryField, label: string, t: TFunction) {
  switch (field.type) {
    case 'input':
      return <Input allowClear placeholder={field.placeholder ? t(field.placeholder) : t('components.query.inputPlaceholder', { label })} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} min={field.min} max={field.max} precision={field.precision} placeholder={t('components.query.inputPlaceholder', { label })} />;
    case 'select':
      return <Select allowClear placeholder={t('components.query.selectPlaceholder', { label })} options={field.options.map((option) => ({ value: option.value, label: t(option.label) }))} />;
    case 'dict':
      if (field.extraOptions?.length) return <DictWithExtras code={field.dict} extras={field.extraOptions} placeholder={t('components.query.selectPlaceholder', { label })} />;
      return <DictSelect code={field.dict} placeholder={t('components.query.selectPlaceholder', { label })} />;
    case 'date-range':
      return (
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          format={DATE_FORMAT}
          // either end may stay open (toFilters sends what is there): the picker then lets Tab leave an empty
          // start, where otherwise it pulls the focus back to it for ever and a keyboard cannot get past
          allowEmpty={[true, true]}
          placeholder={[t('components.query.startDate'), t('components.query.endDate')]}
          // a function: a page left open overnight still means today by "today"
          presets={PRESETS.map((preset) => ({ label: t(`components.datePresets.${preset}`), value: () => datePresetRange(preset) }))}
        />
      );
  }
}

/**
 * The query form of a list: its fields, Search, Reset, and Expand/Collapse when some fields are
 * shown only expanded. Collapsed fields keep their values, and those still apply. `reveal` (any text
 * that changes when it should) expands the form.
 */
export function QueryForm({ fields, form, initialValues, reveal, onSearch, onReset }: { fields: readonly QueryField[]; form: FormInstance; initialValues?: Readonly<Record<string, unknown>>; reveal?: string; onSearch: () => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(Boolean(reveal));
  // a value the URL gave to a field shown only expanded is shown, not applied out of sight
  const [revealed, setRevealed] = useState(reveal);
  if (reveal !== revealed) {
    setRevealed(reveal);
    if (reveal) setExpanded(true);
  }
  const hasHidden = fields.some((field) => field.hidden);
  const shown = fields.filter((field) => expanded || !field.hidden);
  return (
    <Form form={form} initialValues={initialValues} onFinish={onSearch} data-testid="query-form" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 0]}>
        {shown.map((field) => {
          const label = t(field.label);
          return (
            <Col key={field.name} {...(field.type === 'date-range' ? RANGE_COL : FIELD_COL)}>
              <Form.Item name={field.name} label={label} style={{ marginBottom: 12 }}>
                {fieldControl(field, label, t)}
              </Form.Item>
            </Col>
          );
        })}
        {/* as wide as the buttons: they move to the next row together rather than one by one */}
        <Col flex="none">
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('components.query.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              {t('components.query.reset')}
            </Button>
            {hasHidden && (
              <Button type="link" onClick={() => setExpanded((open) => !open)} aria-expanded={expanded} style={{ paddingInline: 4 }}>
                {expanded ? t('components.query.collapse') : t('components.query.expand')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
