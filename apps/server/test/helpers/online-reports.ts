import type { ReportDefinitionInput } from '@portal/shared/online';

/** Online report definitions the tests make. */

export const titles = (text: string) => ({ 'zh-TW': text, 'zh-CN': text, 'en-US': text });

/** A report over orders: four columns, two query fields, a chart counting by status. */
export const sampleReport = (code: string, extra: Partial<ReportDefinitionInput> = {}): ReportDefinitionInput => ({
  code,
  titles: titles(`Report ${code}`),
  dataSet: 'orders',
  columns: [
    { field: 'orderNo', titles: titles('Order number'), sortable: true },
    { field: 'status', titles: titles('Status'), dictCode: 'LOGOrderStateEnum', sortable: true },
    { field: 'weight', titles: titles('Weight'), sortable: true },
    { field: 'createdAt', titles: titles('Created'), sortable: true },
  ],
  queryFields: [
    { field: 'orderNo', operator: 'like' },
    { field: 'status', operator: 'in' },
  ],
  defaultSort: { field: 'createdAt', order: 'desc' },
  chart: { type: 'bar', groupBy: 'status', measure: 'count' },
  ...extra,
});
