import { Activity, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../../lib/auth.ts';
import { renderUi } from '../../test/render-ui.tsx';
import { ListPage } from './list-page.tsx';
import type { ListPageConfig, ListParams, Page } from './list-config.ts';

type Row = { id: number; title: string; priority: 'H' | 'M' | 'L'; status: string; amount: string; sendTime: string; content: string };

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  title: `Notice ${i + 1}`,
  priority: (['H', 'M', 'L'] as const)[i % 3]!,
  status: i % 2 ? 'DONE' : 'CREATED',
  amount: `${1000 * (i + 1)}.5`,
  sendTime: new Date(2026, 0, 25 - i, 8, 30, 0).toISOString(),
  content: `content ${i + 1}`,
}));

const option = (value: string, text: string, color: string | null = null): DictOption => ({ value, text, label: text, title: text, color });

function makeConfig(fetcher: ListPageConfig<Row>['fetcher']): ListPageConfig<Row> {
  return {
    id: 'test-list',
    rowKey: 'id',
    queryKey: ['test', 'list'],
    fetcher,
    defaultSort: { column: 'sendTime', order: 'desc' },
    query: [
      { name: 'title', label: 'dashboard.announcement.title', type: 'input' },
      {
        name: 'priority',
        label: 'dashboard.announcement.priority',
        type: 'select',
        options: [
          { value: 'H', label: 'dashboard.priority.H' },
          { value: 'L', label: 'dashboard.priority.L' },
        ],
      },
      { name: 'status', label: 'dashboard.department', type: 'dict', dict: 'LOGOrderStateEnum', hidden: true },
      { name: 'sendTime', label: 'dashboard.announcement.sendTime', type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'title', title: 'dashboard.announcement.title', sorter: true },
      { dataIndex: 'priority', title: 'dashboard.announcement.priority', options: [{ value: 'H', label: 'dashboard.priority.H', color: 'red' }] },
      { dataIndex: 'status', title: 'dashboard.department', dict: 'LOGOrderStateEnum' },
      { dataIndex: 'amount', title: 'dashboard.tenant', format: 'money' },
      { dataIndex: 'sendTime', title: 'dashboard.announcement.sendTime', sorter: true, format: 'dateTime' },
      { dataIndex: 'content', title: 'dashboard.announcement.content', defaultHidden: true },
      { key: 'actions', title: 'components.table.columns', render: (record) => <button>open {record.id}</button> },
    ],
  };
}

/** A server of 25 rows: filters by title, pages as asked. */
function fakeServer() {
  return vi.fn(async (params: ListParams): Promise<Page<Row>> => {
    const matching = ROWS.filter((row) => !params.title || row.title.includes(String(params.title)));
    const start = (params.pageNo - 1) * params.pageSize;
    return { records: matching.slice(start, start + params.pageSize), total: matching.length, current: params.pageNo, size: params.pageSize, pages: Math.ceil(matching.length / params.pageSize) };
  });
}

const lastParams = (fetcher: ReturnType<typeof fakeServer>) => fetcher.mock.calls.at(-1)![0];
const header = (text: string) => [...document.querySelectorAll<HTMLElement>('.ant-table-thead th')].find((th) => th.textContent?.trim() === text)!;
const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim()).filter(Boolean);

// antd under happy-dom is slow when the machine is busy: a whole user flow may take more than the default 5 s
describe('list-page toolkit', { timeout: 30_000 }, () => {
  beforeEach(() => useAuth.setState({ dictionaries: { LOGOrderStateEnum: [option('CREATED', '已建立', 'blue'), option('DONE', '已完成', 'green')] } }));
  afterEach(() => {
    cleanup();
    useAuth.setState({ dictionaries: null });
  });

  it('loads the first page in the default order and draws every kind of cell', async () => {
    const fetcher = fakeServer();
    renderUi(<ListPage config={makeConfig(fetcher)} />);
    expect(await screen.findByText('Notice 1')).toBeTruthy();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(lastParams(fetcher)).toEqual({ pageNo: 1, pageSize: 10, column: 'sendTime', order: 'desc' });
    // titles translated from their keys; the defaultHidden column is off
    expect(headers()).toEqual(['標題', '優先級', '目前部門', '所屬公司', '發布時間', '列設定']);
    const first = screen.getByText('Notice 1').closest('tr')!;
    expect(within(first).getByText('高').className).toContain('ant-tag-red');
    expect(within(first).getByText('已建立')).toBeTruthy();
    expect(within(first).getByText('1,000.50')).toBeTruthy();
    expect(within(first).getByText(/^2026-01-25 08:30:00$/)).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'open 1' })).toBeTruthy();
    expect(screen.getByText('共 25 條')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
  });

  it('shows hidden query fields only when expanded, and their values still apply when collapsed', async () => {
    const fetcher = fakeServer();
    renderUi(<ListPage config={makeConfig(fetcher)} />);
    await screen.findByText('Notice 1');
    const form = screen.getByTestId('query-form');
    expect(within(form).getByText('標題')).toBeTruthy();
    expect(within(form).queryByText('發布時間')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: /展開/ }));
    expect(within(form).getByText('發布時間')).toBeTruthy();
    expect(within(form).getByText('目前部門')).toBeTruthy();
    // the date range offers the spec's presets
    await userEvent.click(within(form).getByPlaceholderText('開始日期'));
    for (const preset of ['今天', '昨天', '本月', '上月']) expect(await screen.findByText(preset)).toBeTruthy();
    await userEvent.click(screen.getByText('本月'));
    await userEvent.click(within(form).getByRole('button', { name: /收起/ }));
    expect(within(form).queryByText('發布時間')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: /查詢/ }));
    await waitFor(() => expect(lastParams(fetcher).sendTime_begin).toBeDefined());
    const params = lastParams(fetcher);
    expect(String(params.sendTime_begin)).toMatch(/^\d{4}-\d{2}-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(String(params.sendTime_end)).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59[+-]\d{2}:\d{2}$/);
  });

  it('lets the keyboard through a date range: Tab from its start to its end and on to Search, Shift+Tab back out', async () => {
    const fetcher = fakeServer();
    const config = makeConfig(fetcher);
    // the range shown, between a field and the buttons
    // with antd's styles: they hide each input's clear button from the keyboard until there is something to clear
    renderUi(<ListPage config={{ ...config, query: config.query!.filter((field) => field.name === 'title' || field.name === 'sendTime').map((field) => ({ ...field, hidden: false })) }} />, undefined, { styles: 'document' });
    await screen.findByText('Notice 1');
    const title = screen.getByPlaceholderText('請輸入標題');
    const start = screen.getByPlaceholderText('開始日期');
    const end = screen.getByPlaceholderText('結束日期');
    title.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(start);
    await userEvent.tab();
    expect(document.activeElement).toBe(end);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /查詢/ }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(end);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(start);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(title);
  });

  it('searches with trimmed filters from page 1, and Reset clears them', async () => {
    const fetcher = fakeServer();
    renderUi(<ListPage config={makeConfig(fetcher)} />);
    await screen.findByText('Notice 1');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastParams(fetcher).pageNo).toBe(2));
    await userEvent.type(screen.getByPlaceholderText('請輸入標題'), '  Notice 2  ');
    await userEvent.click(screen.getByRole('button', { name: /查詢/ }));
    await waitFor(() => expect(lastParams(fetcher)).toEqual({ title: 'Notice 2', pageNo: 1, pageSize: 10, column: 'sendTime', order: 'desc' }));
    expect(await screen.findByText('共 7 條')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(lastParams(fetcher)).toEqual({ pageNo: 1, pageSize: 10, column: 'sendTime', order: 'desc' }));
    expect((screen.getByPlaceholderText('請輸入標題') as HTMLInputElement).value).toBe('');
  });

  it('asks again on Search with the criteria already shown (what changed since shows)', async () => {
    const fetcher = fakeServer();
    renderUi(<ListPage config={makeConfig(fetcher)} />);
    await screen.findByText('Notice 1');
    await userEvent.type(screen.getByPlaceholderText('請輸入標題'), 'Notice 2');
    await userEvent.click(screen.getByRole('button', { name: /查詢/ }));
    await waitFor(() => expect(lastParams(fetcher).title).toBe('Notice 2'));
    const asked = fetcher.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: /查詢/ }));
    await waitFor(() => expect(fetcher.mock.calls.length).toBe(asked + 1));
    expect(lastParams(fetcher)).toMatchObject({ title: 'Notice 2', pageNo: 1 });
  });

  it('keeps what was typed in its query form while its tab is hidden and shown again', async () => {
    // a page under a tab stays mounted in <Activity>, which runs its effects again each time it shows
    function Tabbed({ config }: { config: ListPageConfig<Row> }) {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button onClick={() => setShown((value) => !value)}>another tab</button>
          <Activity mode={shown ? 'visible' : 'hidden'}>
            <ListPage config={config} />
          </Activity>
        </>
      );
    }
    renderUi(<Tabbed config={makeConfig(fakeServer())} />);
    await screen.findByText('Notice 1');
    await userEvent.type(screen.getByPlaceholderText('請輸入標題'), 'typed before switching');
    await userEvent.click(screen.getByRole('button', { name: 'another tab' }));
    await userEvent.click(screen.getByRole('button', { name: 'another tab' }));
    await waitFor(() => expect(screen.getByText('Notice 1').checkVisibility()).toBe(true));
    expect((screen.getByPlaceholderText('請輸入標題') as HTMLInputElement).value).toBe('typed before switching');
  });

  it('pages, changes the page size and sorts on the server', async () => {
    const fetcher = fakeServer();
    renderUi(<ListPage config={makeConfig(fetcher)} />);
    await screen.findByText('Notice 1');
    await userEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('Notice 21')).toBeTruthy();
    expect(lastParams(fetcher)).toMatchObject({ pageNo: 3, pageSize: 10 });
    // sorting starts again from page 1, descending first
    await userEvent.click(header('標題'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ pageNo: 1, column: 'title', order: 'desc' }));
    await userEvent.click(header('標題'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ column: 'title', order: 'asc' }));
    // switched off: back to the list's default order
    await userEvent.click(header('標題'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ column: 'sendTime', order: 'desc' }));
    // page size options of the toolkit
    await userEvent.click(within(document.querySelector<HTMLElement>('.ant-pagination-options')!).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('20 條/頁'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ pageSize: 20 }));
  });

  it('toggles columns in the chooser drawer and remembers the choice per list', async () => {
    const fetcher = fakeServer();
    const { unmount } = renderUi(<ListPage config={makeConfig(fetcher)} />);
    await screen.findByText('Notice 1');
    await userEvent.click(screen.getByRole('button', { name: '列設定' }));
    const chooser = await screen.findByTestId('column-chooser');
    await userEvent.click(within(chooser).getByLabelText('優先級'));
    await userEvent.click(within(chooser).getByLabelText('內容'));
    await waitFor(() => expect(headers()).toEqual(['標題', '目前部門', '所屬公司', '發布時間', '內容', '列設定']));
    // what is kept is the hidden set: 'content' was hidden by default and is now shown
    expect(JSON.parse(window.localStorage.getItem('pro__LIST_COLUMNS_test-list')!)).toEqual(['priority']);
    unmount();

    renderUi(<ListPage config={makeConfig(fetcher)} />);
    await screen.findByText('Notice 1');
    expect(headers()).toEqual(['標題', '目前部門', '所屬公司', '發布時間', '內容', '列設定']);
    await userEvent.click(screen.getByRole('button', { name: '列設定' }));
    await userEvent.click(await screen.findByRole('button', { name: '恢復預設' }));
    await waitFor(() => expect(headers()).toEqual(['標題', '優先級', '目前部門', '所屬公司', '發布時間', '列設定']));
    expect(window.localStorage.getItem('pro__LIST_COLUMNS_test-list')).toBeNull();
  });

  it('keeps at least one column', async () => {
    const fetcher = fakeServer();
    const config = { ...makeConfig(fetcher), columns: makeConfig(fetcher).columns.slice(0, 2) };
    renderUi(<ListPage config={config} />);
    await screen.findByText('Notice 1');
    await userEvent.click(screen.getByRole('button', { name: '列設定' }));
    const chooser = await screen.findByTestId('column-chooser');
    await userEvent.click(within(chooser).getByLabelText('標題'));
    expect((within(chooser).getByLabelText('優先級') as HTMLInputElement).disabled).toBe(true);
    expect(within(chooser).getByText('至少保留一列')).toBeTruthy();
  });

  it('gives the export slot the current filters and sort, and shows the toolbar', async () => {
    const fetcher = fakeServer();
    const exported = vi.fn();
    renderUi(
      <ListPage
        config={makeConfig(fetcher)}
        toolbar={<button>add</button>}
        exportSlot={(params) => <button onClick={() => exported(params)}>export</button>}
      />,
    );
    await screen.findByText('Notice 1');
    expect(screen.getByRole('button', { name: 'add' })).toBeTruthy();
    await userEvent.type(screen.getByPlaceholderText('請輸入標題'), 'Notice 1');
    await userEvent.click(screen.getByRole('button', { name: /查詢/ }));
    await waitFor(() => expect(lastParams(fetcher).title).toBe('Notice 1'));
    await userEvent.click(screen.getByRole('button', { name: 'export' }));
    expect(exported).toHaveBeenCalledWith({ title: 'Notice 1', pageNo: 1, pageSize: 10, column: 'sendTime', order: 'desc' });
  });

  it('makes the scrolling table a named region the keyboard can reach', async () => {
    renderUi(<ListPage config={makeConfig(fakeServer())} />);
    await screen.findByText('Notice 1');
    const region = screen.getByRole('region', { name: '查詢結果' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).not.toBeNull();
  });

  it('shows only the columns a list keeps for a phone on a narrow screen', async () => {
    const config = makeConfig(fakeServer());
    const phone = new Set(['title', 'status']);
    const marked = { ...config, columns: config.columns.map((column) => (phone.has(column.dataIndex ?? '') ? { ...column, phone: true } : column)) };
    const viewport = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM;
    viewport.setViewport({ width: 390, height: 844 });
    try {
      renderUi(<ListPage config={marked} />);
      await screen.findByText('Notice 1');
      await waitFor(() => expect(headers()).toEqual(['標題', '目前部門']));
    } finally {
      viewport.setViewport({ width: 1024, height: 768 });
    }
    cleanup();
    // wider, every column
    renderUi(<ListPage config={marked} />);
    await screen.findByText('Notice 1');
    expect(headers()).toEqual(['標題', '優先級', '目前部門', '所屬公司', '發布時間', '列設定']);
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    const fetcher = vi.fn(async (params: ListParams) => {
      if (fail) throw new Error('down');
      return fakeServer()(params);
    });
    renderUi(<ListPage config={makeConfig(fetcher)} />);
    expect(await screen.findByText('資料載入失敗')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s?試/ }));
    expect(await screen.findByText('Notice 1')).toBeTruthy();
    expect(screen.queryByText('資料載入失敗')).toBeNull();
  });
});

describe('list-page toolkit: filters from the URL', { timeout: 30_000 }, () => {
  beforeEach(() => useAuth.setState({ dictionaries: { LOGOrderStateEnum: [option('CREATED', '已建立', 'blue'), option('DONE', '已完成', 'green')] } }));
  afterEach(() => {
    cleanup();
    useAuth.setState({ dictionaries: null });
  });

  const routed = (fetcher: ReturnType<typeof fakeServer>, path: string) => {
    const router = createMemoryRouter([{ path: '*', element: <ListPage config={makeConfig(fetcher)} /> }], { initialEntries: [path] });
    renderUi(<RouterProvider router={router} />);
    return router;
  };
  const selected = () => [...screen.getByTestId('query-form').querySelectorAll('.ant-select-content')]
      .map((node) => node.textContent ?? '')
      // an empty select shows its placeholder there
      .filter((text) => text !== '' && !text.startsWith('請選擇'));

  it('opens on the filters its URL names for its fields, in its first request, and shows them in the form', async () => {
    const fetcher = fakeServer();
    routed(fetcher, '/list?title=%20Notice%202%20&priority=L&status=DONE&sendTime_begin=2026-01-02&sendTime_end=2026-01-05&other=1');
    expect(await screen.findByText('Notice 2')).toBeTruthy();
    expect(fetcher).toHaveBeenCalledTimes(1);
    const params = lastParams(fetcher);
    expect(params).toMatchObject({ title: 'Notice 2', priority: 'L', status: 'DONE' });
    expect(String(params.sendTime_begin)).toMatch(/^2026-01-02T00:00:00[+-]/);
    expect(String(params.sendTime_end)).toMatch(/^2026-01-05T23:59:59[+-]/);
    expect(params).not.toHaveProperty('other');
    // the form says so, expanded since two of them are fields shown only expanded
    const form = screen.getByTestId('query-form');
    await waitFor(() => expect((within(form).getByPlaceholderText('請輸入標題') as HTMLInputElement).value).toBe('Notice 2'));
    expect(selected()).toEqual(['低', '已完成']);
    expect((within(form).getByPlaceholderText('開始日期') as HTMLInputElement).value).toBe('2026-01-02');
    expect((within(form).getByPlaceholderText('結束日期') as HTMLInputElement).value).toBe('2026-01-05');
  });

  it('ignores a value its field does not take: never sent, never shown', async () => {
    const fetcher = fakeServer();
    routed(fetcher, '/list?priority=X&status=LOST&sendTime_begin=2026-02-30&sendTime_end=tomorrow&title=%20%20');
    expect(await screen.findByText('Notice 1')).toBeTruthy();
    expect(fetcher.mock.calls.map(([params]) => params)).toEqual([{ pageNo: 1, pageSize: 10, column: 'sendTime', order: 'desc' }]);
    expect(selected()).toEqual([]);
  });

  it("applies a new URL's filters while the list stays open (a link to a list whose tab is open); a Reset clears them", async () => {
    const fetcher = fakeServer();
    const router = routed(fetcher, '/list?priority=L');
    await screen.findByText('Notice 1');
    expect(lastParams(fetcher).priority).toBe('L');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastParams(fetcher).pageNo).toBe(2));
    await router.navigate('/list?priority=H&title=Notice 1');
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ priority: 'H', title: 'Notice 1', pageNo: 1 }));
    await waitFor(() => expect(selected()).toEqual(['高']));
    await userEvent.click(within(screen.getByTestId('query-form')).getByRole('button', { name: /重\s?置/ }));
    await waitFor(() => expect(lastParams(fetcher)).not.toHaveProperty('priority'));
    expect(selected()).toEqual([]);
  });
});
