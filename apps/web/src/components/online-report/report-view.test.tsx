import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { PointerEventsCheckLevel, userEvent as baseUserEvent } from '@testing-library/user-event';
import { renderUi, stubFetch } from '../../test/render-ui.tsx';
import { ORDER_REPORT, reportServer } from '../../test/online-report-fixtures.ts';
import { ReportView } from './report-view.tsx';

// antd's opening animations and a table's loading veil set pointer-events: none for a moment, longer on a busy machine
const userEvent = baseUserEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const labels = () => [...document.querySelectorAll('[data-testid="query-form"] label')].map((label) => label.textContent);
const lastCall = (calls: { url: URL }[], path: string) => calls.filter((call) => call.url.pathname.endsWith(path)).at(-1)!.url.searchParams;

// antd under happy-dom is slow when the machine is busy: a whole user flow may take more than the default 5 s
describe('online report view', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws the query form (hidden fields only expanded, a number range as two fields) and dictionary columns', async () => {
    stubFetch(reportServer());
    renderUi(<ReportView code="order_picker" />);
    expect(await screen.findByText('LO0001')).toBeTruthy();
    expect(screen.getAllByText('已建立')[0]!.closest('.ant-tag')).not.toBeNull();
    expect(labels()).toEqual(['訂單號', '狀態']);
    await userEvent.click(screen.getByRole('button', { name: /展\s?開/ }));
    expect(labels()).toEqual(['訂單號', '狀態', '重量（起）', '重量（迄）', '建立時間']);
    expect(screen.queryByTestId('report-chart-toggle')).toBeNull();
  });

  it('sends the query fields by key and a range as _begin/_end, sorts on the server, and pages by 10/20/30', async () => {
    const calls = stubFetch(reportServer());
    renderUi(<ReportView code="order_picker" />);
    await screen.findByText('LO0001');
    await userEvent.click(screen.getByRole('button', { name: /展\s?開/ }));
    await userEvent.type(screen.getByPlaceholderText('請輸入訂單號'), 'LO001');
    await userEvent.type(screen.getByPlaceholderText('請輸入重量（起）'), '2');
    await userEvent.click(screen.getByRole('button', { name: /查\s?詢/ }));
    await waitFor(() => expect(Object.fromEntries(lastCall(calls, '/getData/7'))).toMatchObject({ orderNo: 'LO001', weight_begin: '2', pageNo: '1' }));
    await userEvent.click(within(document.querySelector<HTMLElement>('thead')!).getByText('重量'));
    await waitFor(() => expect(Object.fromEntries(lastCall(calls, '/getData/7'))).toMatchObject({ column: 'weight', order: 'desc' }));
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await userEvent.click(within(document.querySelector<HTMLElement>('.ant-pagination-options')!).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.getAttribute('title'))).toEqual(['10 條/頁', '20 條/頁', '30 條/頁']);
  });

  it('exports what the list shows: the filters and order, not the page', async () => {
    const xlsx = () => new Response(new Blob(['xlsx']), { status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': 'attachment; filename="orders.xlsx"' } });
    const calls = stubFetch(reportServer({ '/online/cgreport/api/exportXls/': xlsx }));
    renderUi(<ReportView code="order_picker" />);
    await screen.findByText('LO0001');
    await userEvent.type(screen.getByPlaceholderText('請輸入訂單號'), 'LO002');
    await userEvent.click(screen.getByRole('button', { name: /查\s?詢/ }));
    await userEvent.click(screen.getByTestId('export-button'));
    await waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/exportXls/7'))).toBe(true));
    const sent = Object.fromEntries(lastCall(calls, '/exportXls/7'));
    expect(sent).toMatchObject({ orderNo: 'LO002', column: 'orderNo', order: 'desc' });
    expect(sent).not.toHaveProperty('pageNo');
  });

  it('offers its chart when it has one: grouped on the same filters, loaded only when shown', async () => {
    const calls = stubFetch(
      reportServer({
        '/online/cgreport/api/getRpColumns/': () => ({ ...ORDER_REPORT, chart: { type: 'bar', groupBy: 'status', measure: 'count' } }),
        '/online/cgreport/api/getChart/': () => ({ groups: [{ key: 'CREATED', label: '已建立', value: '12' }, { key: 'DONE', label: '已完成', value: '11' }] }),
      }),
    );
    renderUi(<ReportView code="order_picker" />);
    await screen.findByText('LO0001');
    expect(calls.some((call) => call.url.pathname.includes('/getChart/'))).toBe(false);
    await userEvent.type(screen.getByPlaceholderText('請輸入訂單號'), 'LO00');
    await userEvent.click(screen.getByRole('button', { name: /查\s?詢/ }));
    await userEvent.click(screen.getByTestId('report-chart-toggle'));
    expect(await screen.findByTestId('report-chart')).toBeTruthy();
    const sent = Object.fromEntries(lastCall(calls, '/getChart/7'));
    expect(sent).toMatchObject({ orderNo: 'LO00' });
    expect(sent).not.toHaveProperty('pageNo');
    await userEvent.click(screen.getByTestId('report-chart-toggle'));
    expect(screen.queryByTestId('report-chart')).toBeNull();
  });
});
