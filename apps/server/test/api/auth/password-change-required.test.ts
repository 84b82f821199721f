import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LoginResult, UserInfo } from '@portal/shared/sys';
import type { PasswordResetResult, UserRecord } from '@portal/shared/system-users';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { routeRecorder } from '../safety/route-table.ts';
import { roles, users } from '../../../src/db/schema/sys.ts';

/*
 * A password an administrator reset (/sys/user/changePassword) or chose for a new user is one the administrator
 * knows: its user must change it before the portal answers anything but the change screen's calls (plugins/auth.ts).
 */

const PASSWORD = 'Welcome2026x';
const UPDATE = '/api/sys/user/updatePassword';
const DEPARTS = '/api/sys/user/getCurrentUserDeparts';
const REFUSAL = {
  'zh-TW': '您的密碼由管理員設定，請先修改密碼才能繼續使用',
  'zh-CN': '您的密码由管理员设置，请先修改密码才能继续使用',
  'en-US': 'An administrator set your password: change it before you continue',
};
/** What the change screen needs, and nothing more. */
const OPEN_DURING_CHANGE = ['GET /api/sys/permission/getUserPermissionByToken', 'GET /api/user/info', 'POST /api/sys/logout', 'POST /api/sys/user/updatePassword'];

describe(`a password an administrator reset is changed before anything else (${testDbKind()})`, () => {
  let t: TestApp;
  const recorder = routeRecorder();
  const outbox: { phone: string; text: string }[] = [];
  let merchant: string;
  let staffRole: number;
  let phones = 0;

  beforeAll(async () => {
    t = await createTestApp({ onRoute: recorder.onRoute, smsGateway: { send: async (phone, text) => void outbox.push({ phone, text }) } });
    merchant = await t.login('merchant');
    staffRole = (await t.db.select().from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff'))))[0]!.id;
  });
  afterAll(() => t.close());

  const addUser = async (username: string) => {
    phones += 1;
    const phone = `0912${String(880000 + phones)}`;
    const user = ok<UserRecord>(await t.call({ method: 'POST', url: '/api/sys/user/add', token: merchant, payload: { username, phone, password: PASSWORD, passwordChangeRequired: false, realname: 'Reset test', roleIds: [staffRole] } }));
    return { ...user, phone };
  };
  const reset = async (id: number) => ok<PasswordResetResult>(await t.call({ method: 'PUT', url: '/api/sys/user/changePassword', token: merchant, payload: { id, mode: 'show' } })).password!;
  const signIn = async (username: string, password: string) => ok<LoginResult>(await t.call({ method: 'POST', url: '/api/sys/login', payload: { username, password } }));
  const change = (token: string, username: string, oldpassword: string, password: string) =>
    t.call({ method: 'POST', url: UPDATE, token, lang: 'en-US', payload: { username, oldpassword, password, confirmpassword: password } });
  const stored = async (id: number) => (await t.db.select({ required: users.passwordChangeRequired }).from(users).where(eq(users.id, id)))[0]!.required;
  const info = async (token: string) => ok<UserInfo>(await t.call({ method: 'GET', url: '/api/user/info', token }));

  it('never asks for a change after the user changed their own password', async () => {
    const user = await addUser('ownChanger');
    const first = await signIn('ownChanger', PASSWORD);
    expect(first.userInfo.passwordChangeRequired).toBe(false);
    expect((await change(first.token, 'ownChanger', PASSWORD, 'Chosen#2027')).json()).toMatchObject({ success: true });
    expect(await stored(user.id)).toBe(false);
    const again = await signIn('ownChanger', 'Chosen#2027');
    expect(again.userInfo.passwordChangeRequired).toBe(false);
    ok(await t.call({ method: 'GET', url: DEPARTS, token: again.token }));
  });

  it('says so at sign-in and in the user info, refuses the rest in the user\'s language, and lets the user in once changed', async () => {
    const user = await addUser('wasReset');
    const before = (await signIn('wasReset', PASSWORD)).token;
    const generated = await reset(user.id);
    expect(await stored(user.id)).toBe(true);
    // the reset ended the session it had
    refused(await t.call({ method: 'GET', url: DEPARTS, token: before }), 401);

    const signedIn = await signIn('wasReset', generated);
    expect(signedIn.userInfo.passwordChangeRequired).toBe(true);
    const { token } = signedIn;
    expect((await info(token)).passwordChangeRequired).toBe(true);
    ok(await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token }));
    for (const [lang, message] of Object.entries(REFUSAL)) expect(refused(await t.call({ method: 'GET', url: DEPARTS, token, lang }), 403)).toBe(message);
    // before the body is read: a call that would be a 400 is told the same
    expect(refused(await t.call({ method: 'POST', url: '/api/sys/selectDepart', token, lang: 'en-US', payload: {} }), 403)).toBe(REFUSAL['en-US']);

    // a wrong current password changes nothing
    expect((await change(token, 'wasReset', 'NotIt#2027', 'Chosen#2027')).json()).toMatchObject({ success: false, message: 'The old password is wrong' });
    refused(await t.call({ method: 'GET', url: DEPARTS, token }), 403);
    expect(await stored(user.id)).toBe(true);

    expect((await change(token, 'wasReset', generated, 'Chosen#2027')).json()).toMatchObject({ success: true, message: 'Password changed; your other sessions were signed out' });
    expect(await stored(user.id)).toBe(false);
    // the same session goes on, at once (the cached session follows the change)
    ok(await t.call({ method: 'GET', url: DEPARTS, token }));
    expect((await info(token)).passwordChangeRequired).toBe(false);
    expect((await signIn('wasReset', 'Chosen#2027')).userInfo.passwordChangeRequired).toBe(false);
  });

  it('refuses every signed-in route but the change screen\'s calls', async () => {
    const user = await addUser('walksRoutes');
    const { token } = await signIn('walksRoutes', await reset(user.id));
    const routes = recorder.apiRoutes().filter((route) => route.access.permission !== 'public');
    const open = routes.filter((route) => route.access.permission !== 'public' && route.access.duringPasswordChange).map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual(OPEN_DURING_CHANGE);
    const answers = await Promise.all(
      routes
        .filter((route) => !OPEN_DURING_CHANGE.includes(`${route.method} ${route.url}`))
        .map(async (route) => {
          const url = route.url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
          const response = await t.call({ method: route.method as 'GET', url, token, lang: 'en-US', ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
          return { route: `${route.method} ${route.url}`, status: response.statusCode, message: (response.json() as { message?: string }).message };
        }),
    );
    expect(answers.filter((answer) => answer.status !== 403 || answer.message !== REFUSAL['en-US'])).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
  });

  it('asks a user an administrator added for a change first, unless the administrator said otherwise', async () => {
    const add = async (username: string, extra: object) =>
      ok<UserRecord>(await t.call({ method: 'POST', url: '/api/sys/user/add', token: merchant, payload: { username, password: PASSWORD, realname: 'Added', roleIds: [staffRole], ...extra } }));
    const added = await add('addedNew', {});
    expect(await stored(added.id)).toBe(true);
    const first = await signIn('addedNew', PASSWORD);
    expect(first.userInfo.passwordChangeRequired).toBe(true);
    expect(refused(await t.call({ method: 'GET', url: DEPARTS, token: first.token, lang: 'en-US' }), 403)).toBe(REFUSAL['en-US']);
    ok(await change(first.token, 'addedNew', PASSWORD, 'Chosen#2027'));
    expect(await stored(added.id)).toBe(false);

    const kept = await add('addedKept', { passwordChangeRequired: false });
    expect(await stored(kept.id)).toBe(false);
    ok(await t.call({ method: 'GET', url: DEPARTS, token: (await signIn('addedKept', PASSWORD)).token }));
  });

  it('lets the user sign out while the change is pending', async () => {
    const user = await addUser('leavesFirst');
    const { token } = await signIn('leavesFirst', await reset(user.id));
    ok(await t.call({ method: 'POST', url: '/api/sys/logout', token }));
    refused(await t.call({ method: 'GET', url: '/api/user/info', token }), 401);
    expect(await stored(user.id)).toBe(true);
  });

  it("refuses an administrator's reset of their own password, which asks nothing of them", async () => {
    const own = await info(merchant);
    const messages = { 'zh-TW': '不能重設自己的密碼，請使用「修改密碼」', 'zh-CN': '不能重置自己的密码，请使用“修改密码”', 'en-US': 'You cannot reset your own password: use Change password instead' };
    for (const [lang, message] of Object.entries(messages)) {
      expect(refused(await t.call({ method: 'PUT', url: '/api/sys/user/changePassword', token: merchant, lang, payload: { id: own.id, mode: 'show' } }), 403)).toBe(message);
    }
    expect(await stored(own.id)).toBe(false);
    ok(await t.call({ method: 'GET', url: DEPARTS, token: merchant }));
  });

  it('ends the requirement when the user resets a forgotten password with an SMS code', async () => {
    const user = await addUser('forgotIt');
    await reset(user.id);
    ok(await t.call({ method: 'POST', url: '/api/account/sms', remoteAddress: '10.78.0.1', payload: { phone: user.phone, purpose: 'reset' } }));
    const code = /\b(\d{6})\b/.exec(outbox.filter((sent) => sent.phone === user.phone).at(-1)?.text ?? '')?.[1];
    ok(await t.call({ method: 'POST', url: '/api/auth/forge-password', remoteAddress: '10.78.0.1', payload: { phone: user.phone, smsCode: code, password: 'Chosen#2027', confirmPassword: 'Chosen#2027' } }));
    expect(await stored(user.id)).toBe(false);
    expect((await signIn('forgotIt', 'Chosen#2027')).userInfo.passwordChangeRequired).toBe(false);
  });
});
