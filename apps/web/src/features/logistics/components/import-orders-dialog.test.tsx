import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportResult } from '@portal/shared/logistics-schemas';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { renderUi, testQueryClient } from '../../../test/render-ui.tsx';
import { ImportOrdersDialog } from './import-orders-dialog.tsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Reply = { status: number; body: unknown };

/** XMLHttpRequest as the import uses it: the request is recorded, the upload reports progress, then `reply` answers. */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; file: File | null }[] = [];
  static reply: Reply = { status: 200, body: null };
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  responseType = '';
  timeout = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, file: body.get('file') as File | null });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.reply.status;
      this.responseText = JSON.stringify(FakeXhr.reply.body);
      this.onload?.();
    }, 10);
  }
}

const envelope = (result: ImportResult, message = '') => ({ success: true, message, code: 200, result, timestamp: 0 });
const xlsx = (name = 'orders.xlsx', size = 2048) => new File([new Uint8Array(size)], name, { type: XLSX });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function pick(file: File) {
  // the picker's accept filter is the browser's; the dialog checks again whatever arrives
  await userEvent.setup({ applyAccept: false }).upload(fileInput(), file);
}

describe('the order import dialog', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('logistics');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('zh-TW');
  });
  afterEach(() => {
    cleanup();
    FakeXhr.sent = [];
  });

  it('refuses a wrong file in place and sends nothing', async () => {
    renderUi(<ImportOrdersDialog open onClose={vi.fn()} />);
    await pick(new File(['a,b'], 'orders.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('import-problem')).textContent).toBe('Only .xlsx files can be imported');
    expect(screen.getByTestId('import-submit').hasAttribute('disabled')).toBe(true);
    await pick(xlsx('big.xlsx', 5 * 1024 * 1024 + 10));
    await waitFor(() => expect(screen.getByTestId('import-problem').textContent).toBe('The file is 5.0 MB, over the limit of 5.0 MB'));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('lists every refused row, says nothing was imported, and does not refresh the lists', async () => {
    FakeXhr.reply = {
      status: 200,
      body: envelope(
        {
          imported: 0,
          errors: [
            { row: 2, column: 'Declared weight (kg)', message: 'Field weight is not in a valid format' },
            { row: 3, column: 'Unit price', message: 'Unit prices in JPY take no decimals' },
            { row: 3, column: 'Merchant order number', message: 'Merchant order number SO-9 already exists' },
          ],
        },
        'Errors in the file: 3. Nothing was imported: correct the file and import it again',
      ),
    };
    const client = testQueryClient();
    client.setQueryData(['logistics', 'order', 'list', {}], { records: [], total: 0, current: 1, size: 10, pages: 0 });
    renderUi(<ImportOrdersDialog open onClose={vi.fn()} />, client);
    await pick(xlsx());
    expect(screen.getByTestId('import-file').textContent).toContain('orders.xlsx');
    fireEvent.click(screen.getByTestId('import-submit'));
    const report = await screen.findByTestId('import-errors');
    expect(report.textContent).toContain('The file has 3 errors, so no order was imported');
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
      ['2', 'Declared weight (kg)', 'Field weight is not in a valid format'],
      ['3', 'Unit price', 'Unit prices in JPY take no decimals'],
      ['3', 'Merchant order number', 'Merchant order number SO-9 already exists'],
    ]);
    // the same file is not sent again before it is changed
    expect(screen.getByTestId('import-submit').hasAttribute('disabled')).toBe(true);
    expect(client.getQueryState(['logistics', 'order', 'list', {}])?.isInvalidated).toBe(false);

    const [request] = FakeXhr.sent;
    expect(request).toMatchObject({ method: 'POST', url: '/api/logistics/order/importExcel' });
    expect(request!.file?.name).toBe('orders.xlsx');
    expect(request!.headers['Accept-Language']).toBe('en-US');
  });

  it('shows long messages whole, wrapped in a table that scrolls within the dialog (the list was cut off)', async () => {
    const long = 'Destination country "Germeny" is not one we know: choose it from the drop-down list of this column, or type its name or code, such as Taiwan (TW), Hong Kong (HK), Macao (MO) …';
    const errors = Array.from({ length: 30 }, (_, index) => ({ row: index + 2, column: 'Destination country', message: long }));
    FakeXhr.reply = { status: 200, body: envelope({ imported: 0, errors }, 'Errors in the file: 30. Nothing was imported: correct the file and import it again') };
    renderUi(<ImportOrdersDialog open onClose={vi.fn()} />, testQueryClient());
    await pick(xlsx());
    fireEvent.click(screen.getByTestId('import-submit'));
    const table = await screen.findByTestId('import-error-table');
    const rows = within(table).getAllByRole('row').slice(1);
    // all 30 on one page, each message whole
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.textContent?.includes(long))).toBe(true);
    // the body scrolls vertically; nothing is laid out wider than the dialog
    expect(table.querySelector<HTMLElement>('.ant-table-body')?.style.maxHeight).toBe('320px');
    expect(table.querySelector<HTMLElement>('.ant-table-body')?.style.overflowX ?? '').not.toBe('scroll');
    expect(table.querySelector('table')?.style.tableLayout).toBe('fixed');
  });

  it('says how many orders came in and refreshes the lists', async () => {
    FakeXhr.reply = { status: 200, body: envelope({ imported: 2, errors: [] }, 'Orders imported: 2') };
    const client = testQueryClient();
    client.setQueryData(['logistics', 'order', 'list', {}], { records: [], total: 0, current: 1, size: 10, pages: 0 });
    renderUi(<ImportOrdersDialog open onClose={vi.fn()} />, client);
    await pick(xlsx());
    fireEvent.click(screen.getByTestId('import-submit'));
    expect((await screen.findByTestId('import-success')).textContent).toBe('2 orders imported');
    await waitFor(() => expect(client.getQueryState(['logistics', 'order', 'list', {}])?.isInvalidated).toBe(true));
    expect(screen.queryByTestId('import-submit')).toBeNull();
  });

  it('shows a refused file (a 400 of the server) in the dialog', async () => {
    FakeXhr.reply = { status: 400, body: { success: false, message: 'This Excel file cannot be read', code: 400, result: null, timestamp: 0 } };
    renderUi(<ImportOrdersDialog open onClose={vi.fn()} />);
    await pick(xlsx());
    fireEvent.click(screen.getByTestId('import-submit'));
    expect((await screen.findByTestId('import-failure')).textContent).toBe('This Excel file cannot be read');
  });
});
