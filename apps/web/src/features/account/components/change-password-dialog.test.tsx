import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { testUser } from '../../../test/fixtures.ts';
import { TestProviders } from '../../../test/render-ui.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

const MERCHANT = testUser();

const envelope = (success: boolean, message: string) => new Response(JSON.stringify({ success, message, code: success ? 200 : 400, result: null, timestamp: 0 }), { headers: { 'Content-Type': 'application/json' } });

function renderDialog() {
  const onClose = vi.fn();
  render(
    <TestProviders>
      <ConfigProvider locale={zhCN}>
        <AntApp>
          <ChangePasswordDialog open onClose={onClose} />
        </AntApp>
      </ConfigProvider>
    </TestProviders>,
  );
  return onClose;
}

const field = (label: string) => screen.getByLabelText(label);
/** The form item of a field: its label, control, help under it and its error. */
const itemOf = (label: string) => field(label).closest<HTMLElement>('.ant-form-item')!;
const refusal = (status: number, message: string) => new Response(JSON.stringify({ success: false, message, code: status, result: null, timestamp: 0 }), { status, headers: { 'Content-Type': 'application/json' } });
// antd spaces out two-character Chinese button texts: 确 定
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: /确\s*定/ }));

beforeAll(() => changeLanguage('zh-CN'));
afterAll(() => changeLanguage('zh-TW'));
beforeEach(() => useAuth.setState({ userInfo: MERCHANT }));
afterEach(() => {
  useAuth.setState({ userInfo: null });
  vi.unstubAllGlobals();
});

describe('change-password dialog (spec §5, zh-CN)', { timeout: 30_000 }, () => {
  test('asks for each of the three fields with the spec messages', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    await submit(user);
    expect(await screen.findByText('请输入旧密码!')).toBeTruthy();
    expect(screen.getByText('请输入新密码!')).toBeTruthy();
    expect(screen.getByText('请确认新密码!')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('refuses a confirmation that differs from the new password', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(field('旧密码'), 'Portal#2026');
    await user.type(field('新密码'), 'Better#2027');
    await user.type(field('确认新密码'), 'Better#2028');
    await submit(user);
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();
  });

  test('says no user is signed in when there is none, without calling the server', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    useAuth.setState({ userInfo: null });
    renderDialog();
    await user.type(field('旧密码'), 'Portal#2026');
    await user.type(field('新密码'), 'Better#2027');
    await user.type(field('确认新密码'), 'Better#2027');
    await submit(user);
    expect(await screen.findByText('当前系统无登录用户!')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  test("sends the spec's payload, shows the server's refusal and stays open", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => envelope(false, '旧密码输入错误'));
    vi.stubGlobal('fetch', fetch);
    const onClose = renderDialog();
    await user.type(field('旧密码'), 'Wrong#2026');
    await user.type(field('新密码'), 'Better#2027');
    await user.type(field('确认新密码'), 'Better#2027');
    await submit(user);
    // under the field it concerns, not a passing toast
    expect(await within(itemOf('旧密码')).findByText('旧密码输入错误')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sys/user/updatePassword');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'merchant', oldpassword: 'Wrong#2026', password: 'Better#2027', confirmpassword: 'Better#2027' });
  });

  test('confirms a change and closes', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(async () => envelope(true, 'ok')));
    const onClose = renderDialog();
    await user.type(field('旧密码'), 'Portal#2026');
    await user.type(field('新密码'), 'Better#2027');
    await user.type(field('确认新密码'), 'Better#2027');
    await submit(user);
    expect(await screen.findByText('密码修改成功，其他设备上的登录已退出')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test('shows the password rule under the new password before anything is typed', () => {
    renderDialog();
    expect(within(itemOf('新密码')).getByText('8 至 64 个字符，需同时包含字母与数字')).toBeTruthy();
  });

  test('refuses a weak new password, or the old one again, under the field before sending', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    await user.type(field('旧密码'), 'Portal#2026');
    await user.type(field('新密码'), 'abcdefgh');
    await user.type(field('确认新密码'), 'abcdefgh');
    await submit(user);
    expect(await within(itemOf('新密码')).findByText('新密码需 8 至 64 个字符，并同时包含字母与数字')).toBeTruthy();
    await user.clear(field('新密码'));
    await user.type(field('新密码'), 'Portal#2026');
    expect(await within(itemOf('新密码')).findByText('新密码不可与旧密码相同')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  test("puts the server's refusal of the new password under the new password", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(async () => refusal(400, '新密码需 8 至 64 个字符，并同时包含字母与数字')));
    const onClose = renderDialog();
    await user.type(field('旧密码'), 'Portal#2026');
    await user.type(field('新密码'), 'Better#2027');
    await user.type(field('确认新密码'), 'Better#2027');
    await submit(user);
    expect(await within(itemOf('新密码')).findByText('新密码需 8 至 64 个字符，并同时包含字母与数字')).toBeTruthy();
    expect(within(itemOf('旧密码')).queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
