import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { sessions } from '../../../src/db/schema/auth.ts';
import { hashToken } from '../../../src/lib/tokens.ts';

const DEMO = ['admin', 'warehouse', 'finance', 'merchant', 'staff', 'merchant2'];

describe(`sign-in and sessions (${testDbKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url: '/api/sys/login', payload: payload as object, headers });

  it.each(DEMO)('signs in %s with the spec shape', async (username) => {
    const response = await login({ username, password: 'Portal#2026' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.result.userInfo).toMatchObject({ username, superFlag: username === 'admin' ? 1 : 0 });
    expect(Object.keys(body.result.userInfo)).toEqual(
      expect.arrayContaining(['id', 'username', 'realname', 'nickname', 'avatar', 'superFlag', 'orgCode']),
    );
    expect(body.result.userInfo).not.toHaveProperty('passwordHash');
    expect(Object.keys(body.result.sysAllDictItems)).toContain('CollectionOrderExceptionConstant');
    expect(Array.isArray(body.result.tenantList)).toBe(true);
  });

  it('gives the merchant both departments and the tenant list', async () => {
    const body = (await login({ username: 'merchant', password: 'Portal#2026' })).json();
    expect(body.result.departs.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01A01', 'A01A02']);
    expect(body.result.multi_depart).toBe(2);
    expect(body.result.tenantList).toEqual([{ id: 1, name: 'Demo Trading' }]);
  });

  it('stores only the hash of the token', async () => {
    const token = await t.login('merchant2');
    const rows = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const raw = await t.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const wrong = (await login({ username: 'finance', password: 'nope-nope1' }, { 'accept-language': 'zh-CN' })).json();
    const unknown = (await login({ username: 'nobody', password: 'nope-nope1' }, { 'accept-language': 'zh-CN' })).json();
    expect(wrong).toMatchObject({ success: false, code: 401, message: '用户名或密码错误' });
    expect({ ...unknown, timestamp: 0 }).toEqual({ ...wrong, timestamp: 0 });
  });

  it('locks a name after five failures, even with the right password, known or not', async () => {
    for (let i = 0; i < 5; i++) await login({ username: 'warehouse', password: 'wrong-pass1' });
    const locked = (await login({ username: 'warehouse', password: 'Portal#2026' }, { 'accept-language': 'en-US' })).json();
    expect(locked.success).toBe(false);
    expect(locked.message).toMatch(/^Too many failed sign-ins: the account is locked, try again in 1[45] min$/);
    for (let i = 0; i < 5; i++) await login({ username: 'ghost', password: 'wrong-pass1' });
    const ghost = (await login({ username: 'ghost', password: 'wrong-pass1' }, { 'accept-language': 'en-US' })).json();
    expect(ghost.message).toBe(locked.message);
  });

  it('refuses a frozen account after the password check', async () => {
    await t.db.update(users).set({ status: 2 }).where(eq(users.username, 'finance'));
    const body = (await login({ username: 'finance', password: 'Portal#2026' }, { 'accept-language': 'zh-TW' })).json();
    expect(body).toMatchObject({ success: false, message: '該帳號已凍結，請聯繫管理員' });
    await t.db.update(users).set({ status: 1 }).where(eq(users.username, 'finance'));
  });

  it('signs out: the token then answers 401 Token失效', async () => {
    const token = await t.login('merchant');
    const url = '/api/sys/permission/getUserPermissionByToken';
    expect((await t.call({ method: 'GET', url, token })).statusCode).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/sys/logout', token, payload: {} });
    expect(out.json()).toMatchObject({ success: true });
    const after = await t.call({ method: 'GET', url, token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toContain('Token失效');
    expect((await t.call({ method: 'POST', url: '/api/sys/logout', token })).statusCode).toBe(401);
  });

  it('refuses expired tokens, made-up tokens and no token with 401 Token失效', async () => {
    const token = await t.login('staff');
    const tokenHash = hashToken(token);
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.tokenHash, tokenHash));
    // what another app server would have published
    await t.app.accessService.publish({ kind: 'session', tokenHash });
    const url = '/api/sys/user/getCurrentUserDeparts';
    for (const candidate of [token, 'x'.repeat(43), "' or 1=1 --xxxxxxxxxxxxxxxxxxxx", undefined]) {
      const response = await t.call({ method: 'GET', url, token: candidate, lang: 'en-US' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 401 });
      expect(response.json().message).toContain('Token失效');
    }
  });

  it.each([
    [{}, 'Username is required'],
    [{ username: 'admin' }, 'Password is required'],
    [{ username: 'admin', password: 'Portal#2026', captcha: '1234' }, 'Unknown field: captcha'],
    [{ username: 123, password: 'Portal#2026' }, 'Username must be text'],
    [{ username: 'a'.repeat(65), password: 'x' }, 'Username takes at most 64 characters'],
    [[1, 2], 'The request must be a group of fields'],
  ])('refuses a bad body %j with 400 and a message naming the field', async (payload, message) => {
    const response = await login(payload, { 'accept-language': 'en-US' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 400, message });
  });

  it('refuses malformed JSON, other content types and huge bodies without a 500', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/sys/login', payload: '{"username":', headers: { 'content-type': 'application/json' }, lang: 'en-US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON');
    const text = await t.call({ method: 'POST', url: '/api/sys/login', payload: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect(text.statusCode).toBe(415);
    const huge = await t.call({ method: 'POST', url: '/api/sys/login', payload: { username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
  });

  it('treats SQL-looking names as names', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)` }).from(users);
    const body = (await login({ username: "admin' --", password: "' or '1'='1" })).json();
    expect(body.success).toBe(false);
    const after = await t.db.select({ n: sql<number>`count(*)` }).from(users);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it('rate-limits sign-ins per address', async () => {
    const app = await createTestApp({ config: { LOGIN_RATE_PER_MINUTE: 5 } });
    try {
      const codes = [];
      for (let i = 0; i < 6; i++) {
        codes.push((await app.call({ method: 'POST', url: '/api/sys/login', payload: { username: `u${i}`, password: 'x' }, lang: 'en-US' })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await app.call({ method: 'POST', url: '/api/sys/login', payload: { username: 'admin', password: 'Portal#2026' }, lang: 'en-US' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests, try again in \d+ s$/);
    } finally {
      await app.close();
    }
  });
});
