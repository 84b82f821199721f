import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { PointerEventsCheckLevel, userEvent as baseUserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { POPUP_CACHE_MS, type PopupConfig } from '@portal/shared/online';
import { refuse, renderUi, stubFetch, testQueryClient } from '../test/render-ui.tsx';
import { reportServer } from '../test/online-report-fixtures.ts';
import { mapPickedRows, ReportPicker } from './report-picker.tsx';

// antd's opening animations and a table's loading veil set pointer-events: none for a moment, longer on a busy machine
const userEvent = baseUserEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const ORDER_CONFIG: PopupConfig = { reportCode: 'order_picker', originalFields: 'orderNo,recipientName, weight', targetFields: 'logisticsOrderNo,name,kg', multi: false };

function Harness({ config, onOk, onCancel = vi.fn() }: { config: PopupConfig; onOk: (mapped: Record<string, string>[]) => void; onCancel?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>open picker</button>
      <ReportPicker
        open={open}
        config={config}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
        onOk={(mapped) => {
          onOk(mapped);
          setOpen(false);
        }}
      />
    </>
  );
}

const openPicker = () => userEvent.click(screen.getByRole('button', { name: 'open picker' }));
const row = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = () => screen.getByRole('button', { name: /確\s?定|OK/ });
const cancelButton = () => screen.getByRole('button', { name: /取\s?消|Cancel/ });
const modalClosed = () => waitFor(() => expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? 'display: none').toContain('display: none'));
const callsTo = (calls: { url: URL }[], path: string) => calls.filter((call) => call.url.pathname.endsWith(path));

// antd under happy-dom is slow when the machine is busy: a whole user flow may take more than the default 5 s
describe('report picker (spec §5, §8, §9)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('maps each picked row onto the target fields: target i takes original i, an empty cell as ""', () => {
    const rows = [
      { orderNo: 'LO1', recipientName: 'Ann', weight: 1.5 },
      { orderNo: 'LO2', recipientName: null, weight: 2 },
    ];
    expect(mapPickedRows(ORDER_CONFIG, rows)).toEqual([
      { logisticsOrderNo: 'LO1', name: 'Ann', kg: '1.5' },
      { logisticsOrderNo: 'LO2', name: '', kg: '2' },
    ]);
  });

  it('opens on the report: its title, columns with dictionary texts, pages of 10, and answers the mapped row', async () => {
    const calls = stubFetch(reportServer());
    const onOk = vi.fn();
    renderUi(<Harness config={ORDER_CONFIG} onOk={onOk} />);
    expect(calls).toHaveLength(0);
    await openPicker();
    expect(await screen.findByText('LO0001')).toBeTruthy();
    expect(screen.getByText('訂單選擇')).toBeTruthy();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    expect(screen.getAllByText('已建立').length).toBeGreaterThan(0);
    const data = callsTo(calls, '/getData/7')[0]!.url.searchParams;
    expect(Object.fromEntries(data)).toMatchObject({ pageNo: '1', pageSize: '10', column: 'orderNo', order: 'desc' });
    await userEvent.click(row('LO0002'));
    await userEvent.click(okButton());
    expect(onOk).toHaveBeenCalledWith([{ logisticsOrderNo: 'LO0002', name: '收件人2', kg: '1' }]);
  });

  it('keeps one row in single mode, and warns 請選擇一筆紀錄 on OK with none', async () => {
    stubFetch(reportServer());
    const onOk = vi.fn();
    renderUi(<Harness config={ORDER_CONFIG} onOk={onOk} />);
    await openPicker();
    await screen.findByText('LO0001');
    await userEvent.click(okButton());
    expect(await screen.findByText('請選擇一筆紀錄')).toBeTruthy();
    await userEvent.click(row('LO0001'));
    await userEvent.click(row('LO0003'));
    expect(screen.getByTestId('picker-selected').textContent).toContain('已選擇 1 項');
    await userEvent.click(okButton());
    expect(onOk).toHaveBeenCalledWith([{ logisticsOrderNo: 'LO0003', name: '收件人3', kg: '1.5' }]);
  });

  it('answers several rows in multi mode, in the order they were picked', async () => {
    stubFetch(reportServer());
    const onOk = vi.fn();
    renderUi(<Harness config={{ ...ORDER_CONFIG, multi: true, originalFields: 'orderNo', targetFields: 'no' }} onOk={onOk} />);
    await openPicker();
    await screen.findByText('LO0001');
    await userEvent.click(row('LO0004'));
    await userEvent.click(row('LO0002'));
    await userEvent.click(okButton());
    expect(onOk).toHaveBeenCalledWith([{ no: 'LO0004' }, { no: 'LO0002' }]);
  });

  it.each([
    [{ ...ORDER_CONFIG, reportCode: ' ' }, 'popup參數未正確配置!'],
    [{ ...ORDER_CONFIG, originalFields: '' }, 'popup參數未正確配置!'],
    [{ ...ORDER_CONFIG, targetFields: 'a,b' }, 'popup參數未正確配置,原始值和目標值數量不一致!'],
  ])('refuses to open on a wrong configuration with the spec message (%#)', async (config, text) => {
    const calls = stubFetch(reportServer());
    const onCancel = vi.fn();
    renderUi(<Harness config={config} onOk={vi.fn()} onCancel={onCancel} />);
    await openPicker();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows a failed query-info as the server message in a warning, and the list still opens', async () => {
    stubFetch(reportServer({ '/online/cgreport/api/getQueryInfo/': () => refuse(500, '查詢條件讀取失敗') }));
    renderUi(<Harness config={ORDER_CONFIG} onOk={vi.fn()} />);
    await openPicker();
    expect(await screen.findByText('查詢條件讀取失敗')).toBeTruthy();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(await screen.findByText('LO0001')).toBeTruthy();
    expect(screen.queryByTestId('query-form')).toBeNull();
  });

  it('reuses the configuration for 30 s per group, then asks again; closing clears the pick', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const calls = stubFetch(reportServer());
    const client = testQueryClient();
    renderUi(<Harness config={ORDER_CONFIG} onOk={vi.fn()} />, client);
    await openPicker();
    await screen.findByText('LO0001');
    await userEvent.click(row('LO0001'));
    await userEvent.click(cancelButton());
    await modalClosed();
    await openPicker();
    await screen.findByText('LO0001');
    expect(screen.getByTestId('picker-selected').textContent).toContain('已選擇 0 項');
    expect(callsTo(calls, '/getRpColumns/order_picker')).toHaveLength(1);
    expect(callsTo(calls, '/getQueryInfo/7')).toHaveLength(1);
    await userEvent.click(cancelButton());
    await modalClosed();
    act(() => vi.setSystemTime(Date.now() + POPUP_CACHE_MS + 1));
    await openPicker();
    await waitFor(() => expect(callsTo(calls, '/getRpColumns/order_picker')).toHaveLength(2));
  });
});
