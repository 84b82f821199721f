import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { renderUi, testQueryClient } from '../../../test/render-ui.tsx';
import { exportOrders } from '../api/orders.ts';
import { OrderExportButton } from './order-export-button.tsx';

const LIST_KEY = ['logistics', 'order', 'list', { tab: 'ALL' }, { pageNo: 1, pageSize: 10 }];
const page = (total: number) => ({ records: [], total, current: 1, size: 10, pages: Math.ceil(total / 10) });

function renderButton(total: number | null, exactCount?: number) {
  const client = testQueryClient();
  if (total !== null) client.setQueryData(LIST_KEY, page(total));
  return renderUi(<OrderExportButton listKey={LIST_KEY} query={{ status: 'CREATED', column: 'createdAt', order: 'desc' }} run={exportOrders} exactCount={exactCount} />, client);
}

describe('the order export', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('logistics');
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses more than 100,000 rows before asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderButton(150_000);
    fireEvent.click(screen.getByTestId('order-export'));
    expect((await screen.findAllByText('Too many rows to export')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/matches 150,000 orders; one export holds at most 100,000/).length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('trusts the exact count when the list stops counting (at LIST_COUNT_CAP)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderButton(10_000, 100_001);
    fireEvent.click(screen.getByTestId('order-export'));
    expect((await screen.findAllByText('Too many rows to export')).length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says how many rows come, then streams the file with the filters and shows it arrive', async () => {
    const calls: URL[] = [];
    let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(new URL(String(input), 'http://portal.test'));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller;
          controller.enqueue(new Uint8Array(1536));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': "attachment; filename=\"orders.xlsx\"; filename*=UTF-8''Orders-20260301.xlsx" } });
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderButton(1234);
    fireEvent.click(screen.getByTestId('order-export'));
    expect(await screen.findByText('Export the 1,234 orders that match the current search?')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Export' }).at(-1)!);
    // the server sends no length while it writes: what has arrived so far
    expect(await screen.findByText('1.5 KB received')).toBeTruthy();
    expect(screen.getByText('Exporting 1,234 orders')).toBeTruthy();
    stream!.enqueue(new Uint8Array(2 * 1024 * 1024));
    expect(await screen.findByText('2.0 MB received')).toBeTruthy();
    stream!.close();
    expect(await screen.findByText('Export finished: Orders-20260301.xlsx')).toBeTruthy();
    expect(calls[0]!.pathname).toBe('/api/logistics/order/exportXls');
    expect(Object.fromEntries(calls[0]!.searchParams)).toMatchObject({ status: 'CREATED', column: 'createdAt', order: 'desc' });
    // the times of the file are written in the user's zone (they were UTC)
    expect(calls[0]!.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(calls[0]!.searchParams.has('pageNo')).toBe(false);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('calls a JSON answer a failed download (文件下載失敗) and saves nothing', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, message: '', code: 200, result: null, timestamp: 0 }), { headers: { 'Content-Type': 'application/json' } }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderButton(3);
    fireEvent.click(screen.getByTestId('order-export'));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Export' })).at(-1)!);
    await waitFor(() => expect(screen.getByTestId('export-failure').textContent).toBe(i18n.t('errors.downloadFailed')));
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('shows a refusal of the server (a 400 over the limit) in the dialog', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: false, message: 'More than 100000 orders match', code: 400, result: null, timestamp: 0 }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
    renderButton(100_000);
    fireEvent.click(screen.getByTestId('order-export'));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Export' })).at(-1)!);
    await waitFor(() => expect(screen.getByTestId('export-failure').textContent).toBe('More than 100000 orders match'));
  });
});
