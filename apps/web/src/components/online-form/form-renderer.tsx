import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Col, Form, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition, FormField, FormValues } from '@portal/shared/online';
import { evaluateEnhancements, type EnhancementOutcome } from '@portal/shared/online-enhancements';
import type { DictOption } from '@portal/shared/sys';
import { useLanguage } from '../../lib/i18n.ts';
import { ReportPicker } from '../report-picker.tsx';
import { FieldControl } from './field-control.tsx';
import { checksRemotely, fieldRules, REMOTE_CHECK_DEBOUNCE_MS } from './field-rules.ts';
import { defaultValues, fromControl, fromControls, titleOf, toControl, toControls, type ControlValues } from './form-values.ts';

export type FormRendererProps = {
  definition: FormDefinition;
  /** the dictionaries of the select, radio and checkbox fields (the schema's); a missing one is asked for */
  dictOptions?: Record<string, readonly DictOption[]>;
  form: FormInstance<ControlValues>;
  /** the row being edited: excluded from the duplicate check. None for a new row. */
  rowId?: number;
  /** the row's values; a new row starts from the fields' defaults. Keep the reference stable: a new one resets the form. */
  values?: FormValues;
  /** the valid values in the server's shape, hidden fields left out */
  onSubmit?: (values: FormValues) => void;
  disabled?: boolean;
};

/** At most this many rounds of `set` actions feeding further rules: rules that set each other in a circle stop here. */
const SET_ROUNDS = 5;

/** Every field shown, required as defined: what the form falls back on when the rules cannot be evaluated. */
const plainOutcome = (definition: FormDefinition): EnhancementOutcome => ({
  fields: Object.fromEntries(definition.fields.map((field) => [field.key, { visible: true, required: field.required }])),
  sets: {},
});

/** Spec §8 "custom script errors: logged to console": a rule that cannot be evaluated is said once and skipped. */
function useEnhancements(definition: FormDefinition) {
  const logged = useRef(new Set<string>());
  return useCallback(
    (values: FormValues): EnhancementOutcome => {
      const log = (problem: string) => {
        if (logged.current.has(problem)) return;
        logged.current.add(problem);
        console.error(`[online form ${definition.code}] ${problem}`);
      };
      try {
        return evaluateEnhancements(definition, values, log);
      } catch (error) {
        log(`the enhancements could not be evaluated: ${error instanceof Error ? error.message : String(error)}`);
        return plainOutcome(definition);
      }
    },
    [definition],
  );
}

const sameValue = (field: FormField, a: unknown, b: unknown) => JSON.stringify(fromControl(field, a as never)) === JSON.stringify(fromControl(field, b as never));

/**
 * An online form drawn from its definition: fields in rows by the layout, each by its
 * type, titles in the user's language; its rules, the server's duplicate and rule checks; the enhancements
 * evaluated on every change (hidden fields are not drawn, required follows, `set` writes the target); a
 * popup field opens the report picker and writes the picked row into its target fields. The online
 * form page and the designer's preview both draw it.
 */
export function FormRenderer({ definition, dictOptions, form, rowId, values, onSubmit, disabled }: FormRendererProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const evaluate = useEnhancements(definition);
  const byKey = useMemo(() => new Map(definition.fields.map((field) => [field.key, field])), [definition]);
  /** The rules' outcome on these values, with their `set` actions applied (they may feed further rules). */
  const settle = useCallback(
    (start: ControlValues) => {
      let controls = start;
      let result = evaluate(fromControls(definition, controls));
      for (let round = 0; round < SET_ROUNDS; round += 1) {
        const changes: ControlValues = {};
        for (const [key, value] of Object.entries(result.sets)) {
          const field = byKey.get(key);
          if (!field) continue;
          const next = toControl(field, value);
          if (!sameValue(field, controls[key], next)) changes[key] = next;
        }
        if (Object.keys(changes).length === 0) break;
        controls = { ...controls, ...changes };
        result = evaluate(fromControls(definition, controls));
      }
      return { controls, outcome: result };
    },
    [byKey, definition, evaluate],
  );
  const initial = useMemo(() => settle(toControls(definition, values ?? defaultValues(definition))), [definition, values, settle]);
  const [outcome, setOutcome] = useState<EnhancementOutcome>(initial.outcome);
  // a new row or another row: the form starts from its values (antd keeps initialValues for resetFields)
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setOutcome(initial.outcome);
  }
  useEffect(() => form.resetFields(), [form, initial]);
  // the picker keeps its last field while it closes (its animation), hence the two
  const [popupField, setPopupField] = useState<FormField | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);

  /** On every change: the rules evaluated on the form's values, their `set` actions written into the form. */
  const refresh = useCallback(() => {
    const current = form.getFieldsValue(true);
    const settled = settle(current);
    const changes = Object.fromEntries(Object.entries(settled.controls).filter(([key, value]) => value !== current[key]));
    if (Object.keys(changes).length > 0) form.setFieldsValue(changes);
    setOutcome(settled.outcome);
  }, [form, settle]);

  const visible = (key: string) => outcome.fields[key]?.visible ?? true;
  const finish = (controls: ControlValues) => onSubmit?.(fromControls(definition, { ...form.getFieldsValue(true), ...controls }, visible));

  const closePicker = useCallback(() => setPopupOpen(false), []);
  const picked = (mapped: Record<string, string>[]) => {
    const targets: string[] = [];
    const changes: ControlValues = {};
    for (const key of new Set(mapped.flatMap((row) => Object.keys(row)))) {
      const field = byKey.get(key);
      if (!field) continue;
      targets.push(key);
      // several rows (multi-select) give each target their values, comma-separated
      changes[key] = toControl(field, mapped.map((row) => row[key] ?? '').join(','));
    }
    form.setFieldsValue(changes);
    setPopupOpen(false);
    refresh();
    void form.validateFields(targets.filter(visible)).catch(() => undefined);
  };

  const minimumSpan = 24 / definition.layout.columns;
  return (
    <>
      <Form<ControlValues> form={form} layout="vertical" initialValues={initial.controls} onValuesChange={refresh} onFinish={finish} disabled={disabled} data-testid="online-form">
        <Row gutter={16}>
          {definition.fields.filter((field) => visible(field.key)).map((field) => {
            const label = titleOf(field, language);
            const required = outcome.fields[field.key]?.required ?? field.required;
            return (
              <Col key={field.key} xs={24} sm={Math.max(field.span, minimumSpan)}>
                <Form.Item
                  name={field.key}
                  label={label}
                  required={required}
                  rules={fieldRules(field, { label, required, formCode: definition.code, rowId, t })}
                  validateDebounce={checksRemotely(field) ? REMOTE_CHECK_DEBOUNCE_MS : undefined}
                  valuePropName="value"
                  data-testid={`online-item-${field.key}`}
                >
                  <FieldControl field={field} label={label} dictOptions={dictOptions} disabled={disabled} onPopup={() => {
                      setPopupField(field);
                      setPopupOpen(true);
                    }} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
      <ReportPicker
        open={popupOpen}
        config={popupField?.popup ?? { reportCode: '', originalFields: '', targetFields: '', multi: false }}
        title={popupField ? titleOf(popupField, language) : undefined}
        onOk={picked}
        onCancel={closePicker}
      />
    </>
  );
}
