import { Button, Col, Divider, Flex, Form, Input, Row, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QUERY_OPERATORS, REPORT_CHART_TYPES, REPORT_QUERY_FIELDS_MAX, type DataSetRecord } from '@portal/shared/online';
import { useLanguage } from '../../../lib/i18n.ts';
import { emptyQueryField, groupByProblem, operatorProblem, sortProblem, sumProblem, type ReportValues } from '../report-rules.ts';
import { problemRule } from './problem-rule.ts';

/** The query form (field, an operator its type allows, a default, shown only when expanded), the default sort and the chart. */
export function ReportQuerySection({ dataSet }: { dataSet: DataSetRecord | undefined }) {
  const { t } = useTranslation('online-dev');
  const language = useLanguage();
  const form = Form.useFormInstance<ReportValues>();
  const queryFields = Form.useWatch('queryFields', form) as ReportValues['queryFields'] | undefined;
  const columns = (Form.useWatch('columns', form) as ReportValues['columns'] | undefined) ?? [];
  const chartType = Form.useWatch(['chart', 'type'], form) as ReportValues['chart']['type'] | undefined;
  const measure = Form.useWatch(['chart', 'measure'], form) as ReportValues['chart']['measure'] | undefined;
  const fieldLabel = (key: string) => `${dataSet?.fields.find((field) => field.key === key)?.titles[language] ?? key} (${key})`;
  const allFields = (dataSet?.fields ?? []).map((field) => ({ value: field.key, label: fieldLabel(field.key) }));
  const sortable = (dataSet?.fields ?? []).filter((field) => field.sortable).map((field) => ({ value: field.key, label: fieldLabel(field.key) }));
  const columnOptions = columns.flatMap((column) => (column.field ? [{ value: column.field, label: fieldLabel(column.field) }] : []));
  const operatorsOf = (key: string | undefined) => {
    const allowed = dataSet?.fields.find((field) => field.key === key)?.operators;
    return QUERY_OPERATORS.filter((operator) => !allowed || allowed.includes(operator)).map((operator) => ({ value: operator, label: t(`operators.${operator}`) }));
  };
  const message = (problem: string | null) => (problem ? t(`rules.${problem as 'fieldUnknown'}`) : null);
  return (
    <>
      <Divider titlePlacement="start">{t('report.queryFields')}</Divider>
      <Form.List
        name="queryFields"
        rules={[
          {
            validator: async (_rule, value: unknown[] | undefined) => {
              if (value && value.length > REPORT_QUERY_FIELDS_MAX) throw new Error(t('rules.queryMax', { max: REPORT_QUERY_FIELDS_MAX }));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={0}>
            {fields.map((field, index) => (
              <Row key={field.key} gutter={8} align="top" data-testid="report-query">
                <Col xs={24} sm={7}>
                  <Form.Item name={[field.name, 'field']} label={index === 0 ? t('query.field') : undefined} rules={[{ required: true, message: t('rules.choose', { label: t('query.field') }) }]}>
                    <Select options={allFields} showSearch={{ optionFilterProp: 'label' }} aria-label={t('query.field')} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item
                    name={[field.name, 'operator']}
                    label={index === 0 ? t('query.operator') : undefined}
                    dependencies={[['queryFields', field.name, 'field']]}
                    rules={[
                      { required: true, message: t('rules.choose', { label: t('query.operator') }) },
                      problemRule((operator) => message(operatorProblem(dataSet, form.getFieldValue(['queryFields', field.name, 'field']) as string | undefined, operator as string | undefined))),
                    ]}
                  >
                    <Select options={operatorsOf(queryFields?.[index]?.field)} aria-label={t('query.operator')} data-testid="report-query-operator" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Item name={[field.name, 'defaultValue']} label={index === 0 ? t('query.defaultValue') : undefined} rules={[{ max: 100, message: t('rules.tooLong', { label: t('query.defaultValue'), max: 100 }) }]}>
                    <Input maxLength={100} autoComplete="off" aria-label={t('query.defaultValue')} />
                  </Form.Item>
                </Col>
                <Col xs={18} sm={4}>
                  <Form.Item name={[field.name, 'hidden']} label={index === 0 ? t('query.hidden') : undefined} valuePropName="checked">
                    <Switch size="small" aria-label={t('query.hidden')} />
                  </Form.Item>
                </Col>
                <Col xs={6} sm={2} style={{ paddingTop: index === 0 ? 30 : 0 }}>
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={t('common.remove')} />
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= REPORT_QUERY_FIELDS_MAX} onClick={() => add(emptyQueryField())} data-testid="report-query-add">
              {t('query.add')}
            </Button>
          </Flex>
        )}
      </Form.List>

      <Divider titlePlacement="start">{t('report.defaultSort')}</Divider>
      <Row gutter={8}>
        <Col xs={16} sm={12}>
          <Form.Item
            name={['defaultSort', 'field']}
            label={t('column.field')}
            dependencies={['dataSet']}
            rules={[{ required: true, message: t('rules.choose', { label: t('report.defaultSort') }) }, problemRule((key) => message(sortProblem(dataSet, key as string | undefined)))]}
          >
            <Select options={sortable} showSearch={{ optionFilterProp: 'label' }} data-testid="report-sort-field" />
          </Form.Item>
        </Col>
        <Col xs={8} sm={6}>
          <Form.Item name={['defaultSort', 'order']} label={t('report.sortOrder')}>
            <Select options={(['asc', 'desc'] as const).map((order) => ({ value: order, label: t(`order.${order}`) }))} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('report.chart')}</Divider>
      <Row gutter={8}>
        <Col xs={12} sm={6}>
          <Form.Item name={['chart', 'type']} label={t('chart.type')}>
            <Select options={(['none', ...REPORT_CHART_TYPES] as const).map((type) => ({ value: type, label: t(`chart.${type}`) }))} data-testid="report-chart-type" />
          </Form.Item>
        </Col>
        {chartType && chartType !== 'none' && (
          <>
            <Col xs={12} sm={6}>
              <Form.Item
                name={['chart', 'groupBy']}
                label={t('chart.groupBy')}
                dependencies={['columns']}
                rules={[{ required: true, message: t('rules.choose', { label: t('chart.groupBy') }) }, problemRule((key) => message(groupByProblem(form.getFieldValue('columns') as ReportValues['columns'], key as string | undefined)))]}
              >
                <Select options={columnOptions} data-testid="report-chart-group" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name={['chart', 'measure']} label={t('chart.measure')}>
                <Select options={(['count', 'sum'] as const).map((value) => ({ value, label: t(`chart.${value}`) }))} />
              </Form.Item>
            </Col>
            {measure === 'sum' && (
              <Col xs={12} sm={6}>
                <Form.Item
                  name={['chart', 'sumField']}
                  label={t('chart.sumField')}
                  dependencies={['columns']}
                  rules={[{ required: true, message: t('rules.choose', { label: t('chart.sumField') }) }, problemRule((key) => message(sumProblem(dataSet, form.getFieldValue('columns') as ReportValues['columns'], key as string | undefined)))]}
                >
                  <Select options={columnOptions} data-testid="report-chart-sum" />
                </Form.Item>
              </Col>
            )}
          </>
        )}
      </Row>
    </>
  );
}
