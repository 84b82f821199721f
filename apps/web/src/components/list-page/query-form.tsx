import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, type ColProps, type FormInstance } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { datePresetRange, DATE_FORMAT, type DatePreset } from '../../lib/format.ts';
import { DictSelect } from '../dict-select.tsx';
import { RemoteSelect } from '../remote-select.tsx';
import { useDictOptions } from '../dict-items.ts';
import type { QueryField, StaticOption } from './list-config.ts';
import { CONTROL_CHROME, QUERY_GUTTER, queryLayout, type FieldNeed, type QueryLayout } from './query-layout.ts';
import { useTextWidth } from './text-width.ts';

const PRESETS: readonly DatePreset[] = ['today', 'yesterday', 'thisMonth', 'lastMonth'];
/** Before the form's width is known (the first render, a test without layout): four fields a row on wide screens, fewer as the screen narrows. */
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

/** The empty field's text: the field's own, or "enter" / "select" and its label. */
function placeholderOf(field: Exclude<QueryField, { type: 'date-range' }>, label: string, t: TFunction): string {
  if (field.type === 'input' && field.placeholder) return t(field.placeholder);
  return field.type === 'input' || field.type === 'number' ? t('components.query.inputPlaceholder', { label }) : t('components.query.selectPlaceholder', { label });
}

/** The control of a field, as an element: Form.Item hands value and onChange to its direct child. */
function fieldControl(field: QueryField, label: string, t: TFunction) {
  if (field.type === 'date-range') {
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
  const placeholder = placeholderOf(field, label, t);
  switch (field.type) {
    case 'input':
      return <Input allowClear placeholder={placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} min={field.min} max={field.max} precision={field.precision} placeholder={placeholder} />;
    case 'select':
      return <Select allowClear placeholder={placeholder} options={field.options.map((option) => ({ value: option.value, label: t(option.label) }))} />;
    case 'remote':
      return <RemoteSelect remote={field.remote} placeholder={placeholder} />;
    case 'dict':
      if (field.extraOptions?.length) return <DictWithExtras code={field.dict} extras={field.extraOptions} placeholder={placeholder} />;
      return <DictSelect code={field.dict} placeholder={placeholder} />;
  }
}

/** What each field needs of the row: its label, and its control with the placeholder whole. */
function useFieldNeeds(fields: readonly QueryField[]): FieldNeed[] {
  const { t } = useTranslation();
  const measure = useTextWidth();
  return fields.map((field) => {
    const label = t(field.label);
    if (field.type === 'date-range') {
      const widest = Math.max(measure(t('components.query.startDate')), measure(t('components.query.endDate')));
      return { label: measure(label), control: widest * 2 + CONTROL_CHROME.range, wide: true };
    }
    const chrome = field.type === 'input' ? CONTROL_CHROME.input : field.type === 'number' ? CONTROL_CHROME.number : CONTROL_CHROME.select;
    return { label: measure(label), control: measure(placeholderOf(field, label, t)) + chrome };
  });
}

/** The width of the element `ref` holds, once laid out; a hidden one (a tab not shown) keeps its last. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  // before the first paint: the form never shows in the window's layout first
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = element.clientWidth;
      if (next > 0) setWidth(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A field's place in the row: its columns of the form's layout, or the window's breakpoints before it is measured. */
function placeOf(field: QueryField, index: number, layout: QueryLayout | null): ColProps {
  if (!layout) return field.type === 'date-range' ? RANGE_COL : FIELD_COL;
  // one field a row: it takes what it needs and grows, and the buttons stay beside it where they fit
  if (layout.columns === 1) return { flex: `1 1 ${(layout.widths[index] ?? 0) + QUERY_GUTTER}px`, style: { maxWidth: '100%' } };
  return { flex: `0 0 ${(100 * (layout.spans[index] ?? 1)) / layout.columns}%` };
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
  // every field is measured, the hidden ones too: expanding the form adds rows, it does not reshuffle the first
  const needs = useFieldNeeds(fields);
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const layout = width > 0 ? queryLayout(width, needs) : null;
  return (
    <div ref={box}>
      <Form
        form={form}
        initialValues={initialValues}
        onFinish={onSearch}
        data-testid="query-form"
        style={{ marginBottom: 16 }}
        layout={layout?.vertical ? 'vertical' : 'horizontal'}
      >
        <Row gutter={[QUERY_GUTTER, 0]}>
          {fields.map((field, index) => {
            if (!expanded && field.hidden) return null;
            const label = t(field.label);
            return (
              <Col key={field.name} {...placeOf(field, index, layout)}>
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
    </div>
  );
}
