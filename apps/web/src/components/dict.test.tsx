import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../lib/auth.ts';
import { renderUi, stubFetch } from '../test/render-ui.tsx';
import { DictSelect } from './dict-select.tsx';
import { DictTag } from './dict-tag.tsx';

const option = (value: string, text: string, color: string | null = null): DictOption => ({ value, text, label: text, title: text, color });

const ORDER_STATUS = [option('CREATED', '已建立', 'blue'), option('DONE', '已完成', 'green'), option('CANCEL', '已取消', 'default')];

// antd under happy-dom is slow when the machine is busy: a whole user flow may take more than the default 5 s
describe('dictionary components', { timeout: 30_000 }, () => {
  beforeEach(() => useAuth.setState({ dictionaries: { LOGOrderStateEnum: ORDER_STATUS } }));
  afterEach(() => {
    // unmount first: emptying the cache under mounted tags would make them fetch
    cleanup();
    useAuth.setState({ dictionaries: null });
    vi.unstubAllGlobals();
  });

  it('DictTag shows the text and colour of a cached value without calling the server', () => {
    const calls = stubFetch(() => []);
    renderUi(<DictTag code="LOGOrderStateEnum" value="DONE" />);
    const tag = screen.getByText('已完成');
    expect(tag.className).toContain('ant-tag-green');
    expect(calls).toHaveLength(0);
  });

  it('DictTag shows several values, keeps unknown ones as they are, and shows nothing for no value', () => {
    stubFetch(() => []);
    const { container } = renderUi(
      <>
        <span data-testid="list">
          <DictTag code="LOGOrderStateEnum" value="CREATED,CANCEL" />
        </span>
        <span data-testid="unknown">
          <DictTag code="LOGOrderStateEnum" value="LOST" />
        </span>
        <span data-testid="plain">
          <DictTag code="LOGOrderStateEnum" value={['CREATED', 'DONE']} plain />
        </span>
        <span data-testid="empty">
          <DictTag code="LOGOrderStateEnum" value={null} />
        </span>
      </>,
    );
    expect(within(screen.getByTestId('list')).getAllByText(/已建立|已取消/)).toHaveLength(2);
    // 'default' is antd's grey, not a colour class
    expect(within(screen.getByTestId('list')).getByText('已取消').className).not.toContain('ant-tag-default');
    expect(screen.getByTestId('unknown').textContent).toBe('LOST');
    expect(screen.getByTestId('plain').textContent).toBe('已建立, 已完成');
    expect(screen.getByTestId('empty').textContent).toBe('');
    expect(container.querySelectorAll('.ant-tag')).toHaveLength(3);
  });

  it('fetches a dictionary missing from the cache through getDictItems, once', async () => {
    const calls = stubFetch(({ url }) => (url.pathname === '/api/sys/dict/getDictItems/ServiceType' ? [option('BASE', '基礎服務', 'cyan'), option('FULL_LINK', '全鏈路')] : []));
    renderUi(
      <>
        <DictTag code="ServiceType" value="BASE" />
        <DictTag code="ServiceType" value="FULL_LINK" />
      </>,
    );
    expect(await screen.findByText('基礎服務')).toBeTruthy();
    expect(screen.getByText('全鏈路')).toBeTruthy();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/sys/dict/getDictItems/ServiceType']);
    // spec §7: dictionary-item lookups carry no timestamp
    expect(calls[0]!.url.searchParams.has('_t')).toBe(false);
  });

  it('DictSelect offers the dictionary texts and hands back the value', async () => {
    stubFetch(() => []);
    const onChange = vi.fn();
    renderUi(<DictSelect code="LOGOrderStateEnum" onChange={onChange} placeholder="status" />);
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('已完成'));
    expect(onChange).toHaveBeenCalled();
    expect(onChange.mock.calls[0]![0]).toBe('DONE');
  });

  it('says 字典Code不能為空! for an empty code and calls nothing', () => {
    const calls = stubFetch(() => []);
    renderUi(
      <>
        <DictSelect code="" />
        <DictSelect code="   " />
        <span data-testid="tag">
          <DictTag code="" value="DONE" />
        </span>
      </>,
    );
    const selects = document.querySelectorAll('.ant-select');
    expect(selects).toHaveLength(2);
    for (const select of selects) {
      expect(select.className).toContain('ant-select-status-error');
      expect(select.textContent).toContain('字典Code不能為空!');
    }
    expect(screen.getByTestId('tag').textContent).toBe('DONE');
    expect(calls).toHaveLength(0);
  });

  it('shows raw values when the dictionary does not exist, without a notification', async () => {
    const calls = stubFetch(() => new Response(JSON.stringify({ success: false, message: 'no such dictionary', code: 404, result: null, timestamp: 0 }), { status: 404 }));
    renderUi(<DictTag code="Nope" value="X" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByText('X')).toBeTruthy();
    expect(document.querySelector('.ant-notification')).toBeNull();
  });
});
