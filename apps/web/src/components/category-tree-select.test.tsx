import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryNode } from '@portal/shared/system-dicts';
import { renderUi, stubFetch } from '../test/render-ui.tsx';
import { CategoryTreeSelect } from './category-tree-select.tsx';

const node = (id: number, parentId: number | null, code: string, title: string, leaf: boolean): CategoryNode => ({
  id,
  parentId,
  code,
  title,
  name: { 'zh-TW': title, 'zh-CN': title, 'en-US': title },
  sortOrder: 0,
  leaf,
});
const APPAREL = node(1, null, 'APPAREL', '服飾', false);
const BOOKS = node(2, null, 'BOOKS', '書籍', true);
const SHIRTS = node(3, 1, 'APPAREL.SHIRT', '襯衫', true);

function server() {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/sys/category/loadTreeChildren') return url.searchParams.get('pid') === '1' ? [SHIRTS] : url.searchParams.get('pid') ? [] : [APPAREL, BOOKS];
    if (url.pathname === '/api/sys/category/search') return url.searchParams.get('keyword') === '襯' ? [SHIRTS] : [];
    if (url.pathname === '/api/sys/category/queryById') return SHIRTS;
    return null;
  });
}
const childCalls = (calls: ReturnType<typeof server>) => calls.filter((call) => call.url.pathname === '/api/sys/category/loadTreeChildren').map((call) => call.url.searchParams.get('pid'));

describe('CategoryTreeSelect', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads the roots, then a level only when it is opened, and answers the chosen id', async () => {
    const calls = server();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderUi(<CategoryTreeSelect onChange={onChange} virtual={false} open />);
    await screen.findByText('服飾 (APPAREL)');
    expect(screen.getByText('書籍 (BOOKS)')).toBeTruthy();
    expect(childCalls(calls)).toEqual([null]);

    // the closed branch's switcher: its children come from the server when it opens
    const switcher = screen.getByText('服飾 (APPAREL)').closest('.ant-select-tree-treenode')!.querySelector('.ant-select-tree-switcher')!;
    await user.click(switcher);
    await user.click(await screen.findByText('襯衫 (APPAREL.SHIRT)'));
    expect(onChange).toHaveBeenCalledWith(3);
    expect(childCalls(calls)).toEqual([null, '1']);
    // a leaf is never asked for children
    expect(childCalls(calls)).not.toContain('2');
  });

  it('searches the whole tree on the server as the user types', async () => {
    const calls = server();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderUi(<CategoryTreeSelect onChange={onChange} virtual={false} open />);
    await screen.findByText('服飾 (APPAREL)');
    await user.type(screen.getByRole('combobox'), '襯');
    await user.click(await screen.findByText('襯衫 (APPAREL.SHIRT)'));
    expect(onChange).toHaveBeenCalledWith(3);
    expect(calls.some((call) => call.url.pathname === '/api/sys/category/search' && call.url.searchParams.get('keyword') === '襯')).toBe(true);
    // no level was opened to find it
    expect(childCalls(calls)).toEqual([null]);
  });

  it('shows the title of a value held by a form before its level is loaded', async () => {
    server();
    renderUi(<CategoryTreeSelect value={3} virtual={false} />);
    await waitFor(() => expect(screen.getByText('襯衫 (APPAREL.SHIRT)')).toBeTruthy());
  });
});
