import { App, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ONLINE_CODE_PATTERN, type ReportRecord } from '@portal/shared/online';
import { useLanguage } from '../../../lib/i18n.ts';
import { duplicateRule } from '../../../lib/remote-checks.ts';
import { useAddReport, useDataSets, useEditReport } from '../api/reports.ts';
import { newReportValues, reportDefinitionOf, reportValues, type ReportValues } from '../report-rules.ts';
import { EditorDrawer, useFillOnOpen } from '../../../components/editor-drawer.tsx';
import { ReportColumnsSection } from './report-columns-section.tsx';
import { ReportQuerySection } from './report-query-section.tsx';
import { TitlesFields } from './titles-fields.tsx';
import { saveDefinition } from '../save-definition.ts';

/**
 * Add or edit a report: its code (checked as typed), titles, the data set it reads, its columns, query
 * fields, default sort and chart. A refusal of the server shows at the code (taken) or above the form.
 */
export function ReportEditorDrawer({ open, report, onClose }: { open: boolean; report: ReportRecord | null; onClose: () => void }) {
  const { t } = useTranslation('online-dev');
  const { message } = App.useApp();
  const language = useLanguage();
  const [form] = Form.useForm<ReportValues>();
  const dataSets = useDataSets(open);
  const add = useAddReport();
  const edit = useEditReport();
  const saving = report ? edit : add;
  const dataSetId = Form.useWatch('dataSet', form) as ReportValues['dataSet'];
  const dataSet = dataSets.data?.find((set) => set.id === dataSetId);

  useFillOnOpen(open, report, form, [add, edit], () => (report ? reportValues(report) : newReportValues()));

  const save = () =>
    saveDefinition(form, {
      codeField: 'code',
      isNew: !report,
      onInvalid: () => void message.error(t('rules.checkFailed')),
      save: () => {
        const definition = reportDefinitionOf(form.getFieldsValue(true) as ReportValues);
        return report ? edit.mutateAsync({ ...definition, id: report.id, version: report.version }) : add.mutateAsync(definition);
      },
    });

  return (
    <EditorDrawer
      open={open}
      onClose={onClose}
      size={960}
      title={report ? t('report.editTitle', { code: report.code }) : t('report.addTitle')}
      saving={saving}
      onSave={save}
      saveTestId="report-save"
      data-testid="report-editor"
    >
      <Form<ReportValues> form={form} layout="vertical" name="onlineReport" initialValues={newReportValues()}>
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
                  ...(report ? [] : [duplicateRule({ tableName: 'onl_report', fieldName: 'code' })]),
              ]}
            >
              <Input maxLength={40} autoComplete="off" disabled={report !== null} data-testid="report-code" aria-label={t('common.code')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dataSet" label={t('report.dataSet')} extra={t('report.dataSetHint')} rules={[{ required: true, message: t('rules.choose', { label: t('report.dataSet') }) }]}>
              <Select
                loading={dataSets.isLoading}
                options={(dataSets.data ?? []).map((set) => ({ value: set.id, label: set.titles[language] ?? set.id }))}
                data-testid="report-data-set"
                aria-label={t('report.dataSet')}
              />
            </Form.Item>
          </Col>
        </Row>
        <TitlesFields name="titles" label={t('common.title')} testId="report-title" />
        <ReportColumnsSection dataSet={dataSet} />
        <ReportQuerySection dataSet={dataSet} />
      </Form>
    </EditorDrawer>
  );
}
