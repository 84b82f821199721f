import { useState } from 'react';
import { App, Button, Col, Divider, Flex, Form, Input, Row, Segmented, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FORM_FIELDS_MAX, ONLINE_CODE_PATTERN, type FormRecordDefinition } from '@portal/shared/online';
import { useLanguage } from '../../../lib/i18n.ts';
import { duplicateRule } from '../../../lib/remote-checks.ts';
import { useAllCheckRules } from '../api/check-rules.ts';
import { useAddForm, useEditForm } from '../api/forms.ts';
import { useAllReports } from '../api/reports.ts';
import { emptyField, formDefinitionOf, formValues, newFormValues, type FormValues } from '../form-rules.ts';
import { EditorDrawer, useFillOnOpen } from '../../../components/editor-drawer.tsx';
import { FormLivePreview } from './form-live-preview.tsx';
import { FormEnhancementsSection } from './form-enhancements-section.tsx';
import { FormFieldBlock } from './form-field-block.tsx';
import { TitlesFields } from './titles-fields.tsx';
import { saveDefinition } from '../save-definition.ts';

/**
 * Add or edit an online form: its code (checked as typed), titles, layout, fields (types, checks, popups)
 * and enhancements; a preview shows the definition as it stands.
 */
export function FormEditorDrawer({ open, record, onClose }: { open: boolean; record: FormRecordDefinition | null; onClose: () => void }) {
  const { t } = useTranslation('online-dev');
  const { message } = App.useApp();
  const language = useLanguage();
  const [form] = Form.useForm<FormValues>();
  const [view, setView] = useState<'design' | 'preview'>('design');
  const add = useAddForm();
  const edit = useEditForm();
  const saving = record ? edit : add;
  const reports = useAllReports(open);
  const checkRules = useAllCheckRules(open);
  const reportChoices = (reports.data ?? []).map((report) => ({ value: report.code, label: `${report.titles[language] || report.code} (${report.code})` }));
  const ruleChoices = (checkRules.data ?? []).map((rule) => ({ value: rule.ruleCode, label: `${rule.ruleName[language] || rule.ruleCode} (${rule.ruleCode})` }));

  useFillOnOpen(open, record, form, [add, edit], () => (record ? formValues(record) : newFormValues()));

  const save = () => {
    // the checks show their messages on the design
    setView('design');
    return saveDefinition(form, {
      codeField: 'code',
      isNew: !record,
      onInvalid: () => void message.error(t('rules.checkFailed')),
      save: () => {
        const definition = formDefinitionOf(form.getFieldsValue(true) as FormValues);
        return record ? edit.mutateAsync({ ...definition, id: record.id, version: record.version }) : add.mutateAsync(definition);
      },
    });
  };

  return (
    <EditorDrawer
      open={open}
      onClose={onClose}
      size={1040}
      title={record ? t('form.editTitle', { code: record.code }) : t('form.addTitle')}
      saving={saving}
      onSave={save}
      saveTestId="form-save"
      afterOpenChange={(visible) => {
        if (!visible) setView('design');
      }}
      tools={
        <Segmented<'design' | 'preview'>
          value={view}
          onChange={setView}
          options={[
            { value: 'design', label: t('common.edit') },
            { value: 'preview', label: t('common.preview') },
          ]}
          data-testid="form-editor-view"
        />
      }
      data-testid="form-editor"
    >
      {view === 'preview' && <FormLivePreview values={form.getFieldsValue(true) as FormValues} />}
      {/* kept mounted while previewing: the values stay in the form */}
      <div style={view === 'preview' ? { display: 'none' } : undefined}>
        <Form<FormValues> form={form} layout="vertical" name="onlineForm" initialValues={newFormValues()}>
          <Row gutter={8}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="code"
                label={t('common.code')}
                extra={t('common.codeHint')}
                validateDebounce={400}
                rules={[
                  { required: true, whitespace: true, message: t('rules.required', { label: t('common.code') }) },
                  { pattern: ONLINE_CODE_PATTERN, message: t('rules.codeFormat') },
                  // the code of a saved definition does not change (its history and menu path hang on it): checked when new
                  ...(record ? [] : [duplicateRule({ tableName: 'onl_form', fieldName: 'code' })]),
                ]}
              >
                <Input maxLength={40} autoComplete="off" disabled={record !== null} aria-label={t('common.code')} data-testid="form-code" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name={['layout', 'columns']} label={t('form.layout')}>
                <Select options={([1, 2, 3] as const).map((count) => ({ value: count, label: t('form.layoutColumns', { count }) }))} />
              </Form.Item>
            </Col>
          </Row>
          <TitlesFields name="titles" label={t('common.title')} testId="form-title" />
          <Divider titlePlacement="start">{t('form.fields')}</Divider>
          <Form.List
            name="fields"
            rules={[
              {
                validator: async (_rule, value: unknown[] | undefined) => {
                  if (!value || value.length === 0) throw new Error(t('rules.fieldsRequired'));
                  if (value.length > FORM_FIELDS_MAX) throw new Error(t('rules.fieldsMax', { max: FORM_FIELDS_MAX }));
                },
              },
            ]}
          >
            {(items, { add: addField, remove, move }, { errors }) => (
              <Flex vertical gap={8}>
                {items.map((item, index) => (
                  <FormFieldBlock key={item.key} name={item.name} index={index} count={items.length} move={move} remove={remove} reports={reportChoices} checkRules={ruleChoices} />
                ))}
                <Form.ErrorList errors={errors} />
                <Button type="dashed" icon={<PlusOutlined />} disabled={items.length >= FORM_FIELDS_MAX} onClick={() => addField(emptyField())} data-testid="form-field-add">
                  {t('field.add')}
                </Button>
              </Flex>
            )}
          </Form.List>
          <FormEnhancementsSection />
        </Form>
      </div>
    </EditorDrawer>
  );
}
