import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderUi } from '../test/render-ui.tsx';
import { joinedRowKey } from '@portal/shared/online';
import { PopupPicker } from './popup-picker.tsx';
import type { ListPageConfig, ListParams, Page } from './list-page/list-config.ts';

type Row = { code: string; name: string };
const ROWS: Row[] = Array.from({ length: 35 }, (_, i) => ({ code: `C${String(i + 1).padStart(2, '0')}`, name: `Company ${i + 1}` }));

function makeConfig() {
  const fetcher = vi.fn(async (params: ListParams): Promise<Page<Row>> => {
    const rows = ROWS.filter((row) => !params.name || row.name.includes(String(params.name)));
    const start = (params.pageNo - 1) * params.pageSize;
    return { records: rows.slice(start, start + params.pageSize), total: rows.length, current: params.pageNo, size: params.pageSize, pages: Math.ceil(rows.length / params.pageSize) };
  });
  const config: ListPageConfig<Row> = {
    id: 'picker-test',
    rowKey: 'code',
    queryKey: ['picker-test'],
    fetcher,
    query: [{ name: 'name', label: 'dashboard.announcement.title', type: 'input' }],
    columns: [
      { dataIndex: 'code', title: 'dashboard.tenant' },
      { dataIndex: 'name', title: 'dashboard.announcement.title' },
    ],
  };
  return { config, fetcher };
}

function Harness({ config, multi, onOk }: { config: ListPageConfig<Row>; multi?: boolean; onOk: (rows: Row[]) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>open picker</button>
      <PopupPicker
        open={open}
        config={config}
        multi={multi}
        onCancel={() => setOpen(false)}
        onOk={(rows) => {
          onOk(rows);
          setOpen(false);
        }}
      />
    </>
  );
}

const row = (text: string) => screen.getByText(text).closest('tr')!;
const selectedText = () => screen.getByTestId('picker-selected').textContent;
const okButton = () => screen.getByRole('button', { name: /確\s?定|OK/ });
const cancelButton = () => screen.getByRole('button', { name: /取\s?消|Cancel/ });

// antd under happy-dom is slow when the machine is busy: a whole user flow may take more than the default 5 s
describe('popup picker (spec §2 Dialogs, §4, §5, §9)', { timeout: 30_000 }, () => {
  afterEach(() => cleanup());

  it('is a 1200 px modal whose table pages by 10, 20 or 30 with a quick jumper', async () => {
    const { config, fetcher } = makeConfig();
    renderUi(<Harness config={config} onOk={vi.fn()} />);
    expect(await screen.findByText('Company 1')).toBeTruthy();
    expect(fetcher.mock.calls[0]![0]).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    await userEvent.click(within(document.querySelector<HTMLElement>('.ant-pagination-options')!).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.getAttribute('title'))).toEqual(['10 條/頁', '20 條/頁', '30 條/頁']);
  });

  it("names its selection boxes in the interface's language: the page box by antd's locale, a row's by its first column", async () => {
    const { config } = makeConfig();
    renderUi(<Harness config={config} onOk={vi.fn()} />);
    await screen.findByText('Company 1');
    const boxes = within(document.querySelector<HTMLElement>('.ant-modal')!).getAllByRole('checkbox');
    expect(boxes[0]!.getAttribute('aria-label')).toBe('選取目前頁面');
    expect(boxes.slice(1, 3).map((box) => box.getAttribute('aria-label'))).toEqual(['C01', 'C02']);
    expect(boxes.map((box) => box.getAttribute('aria-label')).filter((label) => /select/i.test(label ?? ''))).toEqual([]);
  });

  it('warns 請選擇一筆紀錄 on OK with nothing selected and stays open', async () => {
    const { config } = makeConfig();
    const onOk = vi.fn();
    renderUi(<Harness config={config} onOk={onOk} />);
    await screen.findByText('Company 1');
    await userEvent.click(okButton());
    expect(await screen.findByText('請選擇一筆紀錄')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    expect(screen.getByText('Company 1')).toBeTruthy();
  });

  it('toggles a row on click, keeps picks across pages, and answers them in order', async () => {
    const { config } = makeConfig();
    const onOk = vi.fn();
    renderUi(<Harness config={config} onOk={onOk} />);
    await screen.findByText('Company 1');
    await userEvent.click(row('Company 2'));
    await userEvent.click(row('Company 3'));
    await userEvent.click(row('Company 2'));
    expect(selectedText()).toContain('已選擇 1 項');
    // the checkbox itself toggles once, not twice (its click does not also count as a row click)
    await userEvent.click(within(row('Company 5')).getByRole('checkbox'));
    expect(selectedText()).toContain('已選擇 2 項');
    await userEvent.click(screen.getByTitle('2'));
    await userEvent.click(row(await screen.findByText('Company 11').then((e) => e.textContent!)));
    expect(selectedText()).toContain('已選擇 3 項');
    await userEvent.click(okButton());
    expect(onOk).toHaveBeenCalledWith([ROWS[2], ROWS[4], ROWS[10]]);
  });

  it('allows one row in single mode: a click replaces the pick', async () => {
    const { config } = makeConfig();
    const onOk = vi.fn();
    renderUi(<Harness config={config} multi={false} onOk={onOk} />);
    await screen.findByText('Company 1');
    expect(screen.getAllByRole('radio').length).toBeGreaterThan(0);
    await userEvent.click(row('Company 1'));
    await userEvent.click(row('Company 4'));
    expect(selectedText()).toContain('已選擇 1 項');
    await userEvent.click(okButton());
    expect(onOk).toHaveBeenCalledWith([ROWS[3]]);
  });

  it('forgets the selection and the query when closed', async () => {
    const { config, fetcher } = makeConfig();
    const onOk = vi.fn();
    renderUi(<Harness config={config} onOk={onOk} />);
    await screen.findByText('Company 1');
    await userEvent.type(screen.getByPlaceholderText('請輸入標題'), 'Company 3');
    await userEvent.click(screen.getByRole('button', { name: /查\s?詢/ }));
    await waitFor(() => expect(fetcher.mock.calls.at(-1)![0]).toMatchObject({ name: 'Company 3' }));
    await userEvent.click(row('Company 30'));
    expect(selectedText()).toContain('已選擇 1 項');
    await userEvent.click(cancelButton());
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? 'display: none').toContain('display: none'));
    await userEvent.click(screen.getByRole('button', { name: 'open picker' }));
    expect(await screen.findByText('Company 1')).toBeTruthy();
    expect(selectedText()).toContain('已選擇 0 項');
    expect((screen.getByPlaceholderText('請輸入標題') as HTMLInputElement).value).toBe('');
    await userEvent.click(okButton());
    expect(await screen.findByText('請選擇一筆紀錄')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('keys a row without an id by its values joined, cut to 50 characters (spec §9)', () => {
    expect(joinedRowKey({ a: 'x', b: 1, c: null, d: true })).toBe('x1true');
    expect(joinedRowKey({ a: 'y'.repeat(40), b: 'z'.repeat(40) })).toHaveLength(50);
  });
});
