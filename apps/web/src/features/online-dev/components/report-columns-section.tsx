import { Button, Col, Divider, Flex, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPORT_COLUMNS_MAX, type DataSetRecord } from '@portal/shared/online';
import { useLanguage } from '../../../lib/i18n.ts';
import { DictCodeSelect } from '../../../components/dict-code-select.tsx';
import { columnProblem, emptyColumn, type ReportValues } from '../report-rules.ts';
import { problemRule } from './problem-rule.ts';
import { TitlesFields } from './titles-fields.tsx';

/** The report's columns: a field of the data set each, its titles, width, dictionary and sorting; in order. */
export function ReportColumnsSection({ dataSet }: { dataSet: DataSetRecord | undefined }) {
  const { t } = useTranslation('online-dev');
  const language = useLanguage();
  const form = Form.useFormInstance<ReportValues>();
  const options = (dataSet?.fields ?? []).map((field) => ({ value: field.key, label: `${field.titles[language] ?? field.key} (${field.key})` }));
  // a chosen field fills the titles, dictionary and sorting the data set gives it, where still empty
  const chose = (index: number, key: string) => {
    const known = dataSet?.fields.find((field) => field.key === key);
    const column = form.getFieldValue(['columns', index]) as ReportValues['columns'][number];
    if (!known || !column) return;
    form.setFieldValue(['columns', index], {
      ...column,
      field: key,
      titles: {
        'zh-TW': column.titles['zh-TW'] || (known.titles['zh-TW'] ?? ''),
        'zh-CN': column.titles['zh-CN'] || (known.titles['zh-CN'] ?? ''),
        'en-US': column.titles['en-US'] || (known.titles['en-US'] ?? ''),
      },
      dictCode: column.dictCode || known.dictCode,
      sortable: column.sortable || known.sortable,
    });
  };
  return (
    <>
      <Divider titlePlacement="start">{t('report.columns')}</Divider>
      <Form.List
        name="columns"
        rules={[
          {
            validator: async (_rule, value: unknown[] | undefined) => {
              if (!value || value.length === 0) throw new Error(t('rules.columnsRequired'));
              if (value.length > REPORT_COLUMNS_MAX) throw new Error(t('rules.columnsMax', { max: REPORT_COLUMNS_MAX }));
            },
          },
        ]}
      >
        {(fields, { add, remove, move }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => (
              <div key={field.key} data-testid="report-column" style={{ border: '1px solid rgba(5, 5, 5, 0.08)', borderRadius: 8, padding: '8px 12px 0' }}>
                <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                  <Typography.Text strong>{t('column.index', { index: index + 1 })}</Typography.Text>
                  <Flex gap={4}>
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('common.moveUp')} />
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} aria-label={t('common.moveDown')} />
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={t('common.remove')} />
                  </Flex>
                </Flex>
                <Row gutter={8}>
                  <Col xs={24} sm={8}>
                    <Form.Item
                      name={[field.name, 'field']}
                      label={t('column.field')}
                      dependencies={['dataSet']}
                      rules={[
                        { required: true, message: t('rules.choose', { label: t('column.field') }) },
                        problemRule(() => {
                          const problem = columnProblem(dataSet, form.getFieldValue('columns') as ReportValues['columns'], index);
                          return problem ? t(`rules.${problem}`) : null;
                        }),
                      ]}
                    >
                      <Select options={options} showSearch={{ optionFilterProp: 'label' }} onChange={(key: string) => chose(index, key)} notFoundContent={dataSet ? undefined : t('report.chooseDataSetFirst')} data-testid="report-column-field" />
                    </Form.Item>
                  </Col>
                  <Col xs={8} sm={4}>
                    <Form.Item name={[field.name, 'width']} label={t('column.width')} rules={[{ required: true, type: 'integer', min: 40, max: 600, message: t('rules.widthRange') }]}>
                      <InputNumber min={40} max={600} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={10} sm={8}>
                    <Form.Item name={[field.name, 'dictCode']} label={t('column.dict')} rules={[{ max: 64, message: t('rules.tooLong', { label: t('column.dict'), max: 64 }) }]}>
                      <DictCodeSelect aria-label={`${t('column.dict')} ${index + 1}`} data-testid={`report-column-${index}-dict`} />
                    </Form.Item>
                  </Col>
                  <Col xs={6} sm={4}>
                    <Form.Item name={[field.name, 'sortable']} label={t('column.sortable')} valuePropName="checked">
                      <Switch size="small" />
                    </Form.Item>
                  </Col>
                </Row>
                <TitlesFields name={[field.name, 'titles']} label={t('common.title')} testId={`report-column-${index}-title`} compact />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= REPORT_COLUMNS_MAX} onClick={() => add(emptyColumn())} data-testid="report-column-add">
              {t('column.add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </>
  );
}
