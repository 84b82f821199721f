import type { QueryInfoItem, RpColumnsAnswer } from '@portal/shared/online';
import type { ReportRow } from '../components/online-report/report-api.ts';
import type { FetchCall } from './render-ui.tsx';

/** An order picker report as the server describes it (component tests of the report view and picker). */
export const ORDER_REPORT: RpColumnsAnswer = {
  cgRpConfigId: 7,
  cgRpConfigName: '訂單選擇',
  columns: [
    { dataIndex: 'orderNo', title: '訂單號', width: 160, sorter: true },
    { dataIndex: 'recipientName', title: '收件人', width: 120, sorter: false },
    { dataIndex: 'status', title: '狀態', width: 100, sorter: false, customRender: 'LOGOrderStateEnum' },
    { dataIndex: 'weight', title: '重量', width: 100, sorter: true },
  ],
  dictOptions: {
    LOGOrderStateEnum: [
      { value: 'CREATED', text: '已建立', label: '已建立', title: '已建立', color: 'blue' },
      { value: 'DONE', text: '已完成', label: '已完成', title: '已完成', color: 'green' },
    ],
  },
  defaultSort: { column: 'orderNo', order: 'desc' },
  chart: null,
};

export const ORDER_QUERY: QueryInfoItem[] = [
  { field: 'orderNo', label: '訂單號', type: 'text', mode: 'single', operator: 'like', dictCode: null, defaultValue: '', hidden: '0' },
  { field: 'status', label: '狀態', type: 'dict', mode: 'single', operator: 'eq', dictCode: 'LOGOrderStateEnum', defaultValue: '', hidden: '0' },
  { field: 'weight', label: '重量', type: 'number', mode: 'group', operator: 'range', dictCode: null, defaultValue: '', hidden: '1' },
  { field: 'createdAt', label: '建立時間', type: 'date', mode: 'group', operator: 'range', dictCode: null, defaultValue: '', hidden: '1' },
];

export const ORDER_ROWS: ReportRow[] = Array.from({ length: 23 }, (_, i) => ({
  orderNo: `LO${String(i + 1).padStart(4, '0')}`,
  recipientName: `收件人${i + 1}`,
  status: i % 2 === 0 ? 'CREATED' : 'DONE',
  weight: (i + 1) / 2,
}));

/** Answers the report's calls like the server (paging, the orderNo filter); `overrides` per path. */
export function reportServer(overrides: Record<string, (call: FetchCall) => unknown> = {}) {
  return (call: FetchCall): unknown => {
    const path = call.url.pathname.replace(/^\/api/, '');
    for (const [prefix, answer] of Object.entries(overrides)) if (path.startsWith(prefix)) return answer(call);
    if (path === '/online/cgreport/api/getRpColumns/order_picker') return ORDER_REPORT;
    if (path === '/online/cgreport/api/getQueryInfo/7') return ORDER_QUERY;
    if (path === '/online/cgreport/api/getData/7') {
      const search = call.url.searchParams;
      const rows = ORDER_ROWS.filter((row) => !search.get('orderNo') || String(row.orderNo).includes(search.get('orderNo')!));
      const pageNo = Number(search.get('pageNo'));
      const pageSize = Number(search.get('pageSize'));
      return { records: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length, totalExact: true };
    }
    return new Response('{}', { status: 404 });
  };
}
