import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import type { DictName } from '@portal/shared/system-dicts';
import { changeLanguage } from '../lib/i18n.ts';
import { renderUi, stubFetch, type FetchCall } from '../test/render-ui.tsx';
import { DictCodeSelect } from './dict-code-select.tsx';

const dict = (dictCode: string, zhTW: string, enUS: string): DictName => ({ dictCode, dictName: { 'zh-TW': zhTW, 'zh-CN': '', 'en-US': enUS } });

const DICTS = [dict('LOGOrderStateEnum', '訂單狀態', 'Order status'), dict('ServiceType', '服務類型', 'Service type'), dict('contact_kind', '聯絡人類型', '')];

/** The server's names of every dictionary (GET /sys/dict/names: the picker needs no right to administer them). */
function server(call: FetchCall): unknown {
  if (!call.url.pathname.endsWith('/sys/dict/names')) return new Response(null, { status: 404 });
  return DICTS;
}

const openSelect = () => userEvent.click(screen.getByRole('combobox'));

describe('DictCodeSelect', { timeout: 30_000 }, () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every dictionary as its name in the UI language and its code', async () => {
    const calls = stubFetch(server);
    renderUi(<DictCodeSelect aria-label="Dictionary" />);
    await openSelect();
    expect(await screen.findByTitle('Order status (LOGOrderStateEnum)')).toBeTruthy();
    expect(screen.getByTitle('Service type (ServiceType)')).toBeTruthy();
    // no English name: the Traditional Chinese one
    expect(screen.getByTitle('聯絡人類型 (contact_kind)')).toBeTruthy();
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/sys/dict/names']);
  });

  it('filters by a typed part of the name or of the code', async () => {
    stubFetch(server);
    renderUi(<DictCodeSelect aria-label="Dictionary" />);
    await openSelect();
    await screen.findByTitle('Order status (LOGOrderStateEnum)');
    await userEvent.type(screen.getByRole('combobox'), 'service');
    await waitFor(() => expect(screen.queryByTitle('Order status (LOGOrderStateEnum)')).toBeNull());
    expect(screen.getByTitle('Service type (ServiceType)')).toBeTruthy();
    await userEvent.clear(screen.getByRole('combobox'));
    await userEvent.type(screen.getByRole('combobox'), 'contact_');
    expect(await screen.findByTitle('聯絡人類型 (contact_kind)')).toBeTruthy();
    expect(screen.queryByTitle('Service type (ServiceType)')).toBeNull();
  });

  it('puts the chosen code in the form', async () => {
    stubFetch(server);
    const onFinish = vi.fn();
    renderUi(
      <Form onFinish={onFinish} initialValues={{ dictCode: '' }}>
        <Form.Item name="dictCode" label="Dictionary">
          <DictCodeSelect />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    await openSelect();
    await userEvent.click(await screen.findByTitle('Service type (ServiceType)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ dictCode: 'ServiceType' }));
  });

  it('shows a code the list does not hold as the code itself', async () => {
    stubFetch(server);
    const { container } = renderUi(<DictCodeSelect value="RetiredDict" />);
    await waitFor(() => expect(container.querySelector('.ant-select')?.textContent).toContain('RetiredDict'));
  });
});
