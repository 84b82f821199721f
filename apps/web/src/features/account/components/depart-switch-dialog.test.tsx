import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { Depart } from '@portal/shared/sys';
import { testUser } from '../../../test/fixtures.ts';
import { TestProviders } from '../../../test/render-ui.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { DepartSwitchDialog } from './depart-switch-dialog.tsx';

const MERCHANT = testUser();
const DEPARTS: Depart[] = [
  { id: 2, orgCode: 'A01A01', departName: '华东业务部', parentId: 1 },
  { id: 3, orgCode: 'A01A02', departName: '华南业务部', parentId: 1 },
];

const json = (result: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', code: 200, result, timestamp: 0 }), { headers: { 'Content-Type': 'application/json' } });

/** A stand-in server: the department list, and selectDepart answering the user with the chosen orgCode. */
function stubServer(list: Depart[]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/sys/user/getCurrentUserDeparts')) return json({ list, orgCode: list[0]?.orgCode ?? null });
    if (url === '/api/sys/selectDepart') return json({ userInfo: { ...MERCHANT, orgCode: (JSON.parse(String(init?.body)) as { orgCode: string }).orgCode } });
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderDialog(onSwitched = vi.fn()) {
  const onClose = vi.fn();
  render(
    <TestProviders>
      <ConfigProvider locale={zhCN}>
        <AntApp>
          <DepartSwitchDialog open onClose={onClose} onSwitched={onSwitched} />
        </AntApp>
      </ConfigProvider>
    </TestProviders>,
  );
  return { onClose, onSwitched };
}

const ok = () => screen.getByRole('button', { name: /确\s*定/ });

beforeAll(() => changeLanguage('zh-CN'));
afterAll(() => changeLanguage('zh-TW'));
beforeEach(() => useAuth.setState({ userInfo: MERCHANT }));
afterEach(() => {
  useAuth.setState({ userInfo: null });
  vi.unstubAllGlobals();
});

describe('department switch dialog (spec §5, zh-CN)', () => {
  test('tells a user without departments so', async () => {
    stubServer([]);
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    expect(await screen.findByText('您尚未设置部门信息!')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(ok());
    expect(onClose).toHaveBeenCalled();
  });

  test('names the current department, insists on a choice, then replaces the user info', async () => {
    const fetch = stubServer(DEPARTS);
    const user = userEvent.setup();
    const { onClose, onSwitched } = renderDialog();
    expect(await screen.findByText('切换部门（当前：华东业务部）')).toBeTruthy();

    await user.click(ok());
    expect(await screen.findByText('请选择部门', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(document.querySelector('.ant-form-item-has-error')).not.toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === '/api/sys/selectDepart')).toBe(false);

    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('华南业务部', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error')).toBeNull());
    await user.click(ok());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useAuth.getState().userInfo?.orgCode).toBe('A01A02');
    expect(onSwitched).toHaveBeenCalled();
    const call = fetch.mock.calls.find(([url]) => url === '/api/sys/selectDepart');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ orgCode: 'A01A02', username: 'merchant' });
  });
});
