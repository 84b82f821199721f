import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../helpers/oidc-provider.ts';
import { roles, userRoles, users } from '../../../src/db/schema/sys.ts';
import { sessions, loginLogs } from '../../../src/db/schema/auth.ts';
import { auditLogs, thirdAccounts, thirdTickets } from '../../../src/db/schema/admin.ts';

const PUBLIC_URL = 'http://portal.test';
const CALLBACK = `${PUBLIC_URL}/api/thirdLogin/callback`;

/** Sign-in through a real OpenID Connect provider started here (oidc-provider), never a mock (decision 0020). */
describe(`single sign-on through an OpenID Connect provider (${testDbKind()})`, () => {
  let t: TestApp;
  let provider: TestOidcProvider;
  let usersBefore: number;

  const userCount = async () => Number((await t.db.select({ n: count() }).from(users))[0]?.n);
  const userId = async (username: string) => Number((await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id);
  const accountOf = async (subject: string) => (await t.db.select().from(thirdAccounts).where(and(eq(thirdAccounts.issuer, provider.issuer), eq(thirdAccounts.subject, subject))))[0];

  /** The browser's whole way: the portal's render, the provider's pages, the portal's callback; answers where the callback sends it. */
  async function throughProvider(login: string, redirect?: string) {
    const render = await t.call({ method: 'GET', url: `/api/thirdLogin/render/oidc${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}` });
    expect(render.statusCode).toBe(302);
    const callback = await signInAtProvider(String(render.headers.location), login, CALLBACK);
    const back = await t.call({ method: 'GET', url: `/api/thirdLogin/callback${callback.search}` });
    expect(back.statusCode).toBe(302);
    const location = new URL(String(back.headers.location), PUBLIC_URL);
    expect(location.pathname).toBe('/user/login');
    return { location, callbackQuery: callback.search, ticket: location.searchParams.get('thirdToken'), error: location.searchParams.get('thirdError') };
  }
  const trade = (ticket: string, lang = 'en-US') => t.call({ method: 'GET', url: `/api/thirdLogin/getLoginUser/${ticket}`, lang });

  beforeAll(async () => {
    provider = await startOidcProvider(CALLBACK);
    t = await createTestApp({
      config: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_PROVIDER_NAME: 'Company SSO', PUBLIC_URL, OIDC_ALLOW_HTTP: true },
    });
    usersBefore = await userCount();
    provider.accounts.set('alice', { email: 'STAFF@example.com', email_verified: true, name: 'Alice at the provider' });
    provider.accounts.set('bob', { email: 'merchant2@example.com', email_verified: false, name: 'Bob' });
    provider.accounts.set('carol', { email: 'shared@example.com', email_verified: true });
    provider.accounts.set('root', { email: 'admin@example.com', email_verified: true });
    provider.accounts.set('erin', { email: 'finance@example.com', email_verified: true });
    provider.accounts.set('nobody', { email: 'nobody@example.com', email_verified: true });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('lists the configured provider with the password and phone ways (getAllType)', async () => {
    const body = (await t.call({ method: 'GET', url: '/api/sys/common/getAllType?_t=1' })).json();
    expect(body.success).toBe(true);
    expect(body.result).toEqual([
      { type: 'password', kind: 'password' },
      { type: 'phone', kind: 'phone' },
      { type: 'oidc', kind: 'third', name: 'Company SSO', renderUrl: '/api/thirdLogin/render/oidc' },
    ]);
  });

  it('binds a verified e-mail that exactly one active user has, and signs in as that user through completeSignIn', async () => {
    const logsBefore = Number((await t.db.select({ n: count() }).from(loginLogs).where(eq(loginLogs.username, 'staff')))[0]?.n);
    const { ticket, location } = await throughProvider('alice', '/logistics/international-order?tab=2');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('redirect')).toBe('/logistics/international-order?tab=2');
    const body = (await trade(ticket!)).json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result.userInfo).toMatchObject({ username: 'staff' });
    expect(Object.keys(body.result.sysAllDictItems)).toContain('CollectionOrderExceptionConstant');
    expect(body.result.tenantList).toEqual([{ id: 1, name: 'Demo Trading' }]);
    // the session works like a password one
    const permissions = await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token: body.result.token });
    expect(permissions.statusCode).toBe(200);
    const account = await accountOf('alice');
    expect(account).toMatchObject({ status: 'bound', boundBy: 'email', userId: await userId('staff'), emailVerified: true, displayName: 'Alice at the provider' });
    expect(account?.lastLoginAt).not.toBeNull();
    const logsAfter = Number((await t.db.select({ n: count() }).from(loginLogs).where(eq(loginLogs.username, 'staff')))[0]?.n);
    expect(logsAfter).toBe(logsBefore + 1);
    // only hashes of the one-time values are kept
    const kept = await t.db.select({ valueHash: thirdTickets.valueHash }).from(thirdTickets);
    expect(kept.some((row) => row.valueHash === ticket)).toBe(false);
  });

  it('refuses a login ticket the second time, translated', async () => {
    const { ticket } = await throughProvider('alice');
    expect((await trade(ticket!)).json().success).toBe(true);
    const again = (await trade(ticket!, 'zh-TW')).json();
    expect(again).toMatchObject({ success: false, code: 401, message: '第三方登入憑證無效或已過期，請重新登入', result: null });
  });

  it('refuses an expired ticket and an unknown one', async () => {
    const { ticket } = await throughProvider('alice');
    await t.db.update(thirdTickets).set({ expiresAt: sql`now() - interval '1 second'` }).where(and(eq(thirdTickets.kind, 'login'), sql`${thirdTickets.usedAt} is null`));
    expect((await trade(ticket!)).json()).toMatchObject({ success: false, code: 401, message: 'The third-party sign-in ticket is invalid or expired, please sign in again' });
    expect((await trade('x'.repeat(43))).json()).toMatchObject({ success: false, code: 401 });
  });

  it('refuses a replayed state and a forged one without asking the provider', async () => {
    const render = await t.call({ method: 'GET', url: '/api/thirdLogin/render/oidc' });
    const callback = await signInAtProvider(String(render.headers.location), 'alice', CALLBACK);
    const first = await t.call({ method: 'GET', url: `/api/thirdLogin/callback${callback.search}` });
    expect(String(first.headers.location)).toContain('thirdToken=');
    const replayed = await t.call({ method: 'GET', url: `/api/thirdLogin/callback${callback.search}` });
    expect(replayed.headers.location).toBe('/user/login?thirdError=failed');
    const forgedQuery = new URLSearchParams(callback.search);
    forgedQuery.set('state', 'a-state-this-portal-never-issued');
    const forged = await t.call({ method: 'GET', url: `/api/thirdLogin/callback?${forgedQuery.toString()}` });
    expect(forged.headers.location).toBe('/user/login?thirdError=failed');
    const none = await t.call({ method: 'GET', url: '/api/thirdLogin/callback' });
    expect(none.headers.location).toBe('/user/login?thirdError=failed');
  });

  it('refuses a code that does not belong to the state (the exchange fails at the provider)', async () => {
    const one = await t.call({ method: 'GET', url: '/api/thirdLogin/render/oidc' });
    const two = await t.call({ method: 'GET', url: '/api/thirdLogin/render/oidc' });
    const callbackOne = await signInAtProvider(String(one.headers.location), 'alice', CALLBACK);
    const stateTwo = new URL(String(two.headers.location)).searchParams.get('state')!;
    // the code of the first attempt with the state of the second: PKCE and nonce do not match
    const mixed = new URLSearchParams(callbackOne.search);
    mixed.set('state', stateTwo);
    const back = await t.call({ method: 'GET', url: `/api/thirdLogin/callback?${mixed.toString()}` });
    expect(back.headers.location).toBe('/user/login?thirdError=failed');
  });

  it('keeps an unverified e-mail pending, with no session', async () => {
    const sessionsBefore = Number((await t.db.select({ n: count() }).from(sessions))[0]?.n);
    const { ticket, error } = await throughProvider('bob');
    expect(ticket).toBeNull();
    expect(error).toBe('pending');
    expect(await accountOf('bob')).toMatchObject({ status: 'pending', userId: null, email: 'merchant2@example.com', emailVerified: false });
    expect(Number((await t.db.select({ n: count() }).from(sessions))[0]?.n)).toBe(sessionsBefore);
  });

  it('keeps an e-mail two users share pending, and a super user is never bound by e-mail', async () => {
    await t.db.update(users).set({ email: 'shared@example.com' }).where(sql`${users.username} in ('merchant', 'warehouse')`);
    expect((await throughProvider('carol')).error).toBe('pending');
    expect(await accountOf('carol')).toMatchObject({ status: 'pending', userId: null });
    expect((await throughProvider('root')).error).toBe('pending');
    expect((await throughProvider('nobody')).error).toBe('pending');
  });

  it("binds by an administrator's approval, audited, and then signs in", async () => {
    const admin = await t.login('admin');
    const bob = await accountOf('bob');
    const list = (await t.call({ method: 'GET', url: '/api/sys/thirdAccount/list?status=pending&keyword=merchant2', token: admin })).json();
    expect(list.result.records.map((r: { id: number }) => r.id)).toEqual([bob?.id]);
    const candidates = (await t.call({ method: 'GET', url: '/api/sys/thirdAccount/candidates?keyword=merchant2', token: admin })).json();
    expect(candidates.result.map((c: { username: string }) => c.username)).toEqual(['merchant2']);
    const preferred = (await t.call({ method: 'GET', url: '/api/sys/thirdAccount/candidates?prefer=MERCHANT2@example.com', token: admin })).json();
    expect(preferred.result[0].username).toBe('merchant2');
    expect(preferred.result.length).toBeGreaterThan(1);
    const approved = await t.call({ method: 'POST', url: '/api/sys/thirdAccount/approve', token: admin, lang: 'en-US', payload: { id: bob?.id, userId: await userId('merchant2') } });
    expect(approved.json()).toMatchObject({ success: true, message: 'Bound: the identity may sign in', result: { status: 'bound', boundBy: 'admin', username: 'merchant2', approvedByName: 'admin' } });
    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'third-account'), eq(auditLogs.action, 'approve')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ resourceId: String(bob?.id), username: 'admin' });

    const { ticket } = await throughProvider('bob');
    const body = (await trade(ticket!)).json();
    expect(body.result.userInfo.username).toBe('merchant2');
    // a second decision on a bound identity is a conflict
    expect((await t.call({ method: 'POST', url: '/api/sys/thirdAccount/approve', token: admin, payload: { id: bob?.id, userId: await userId('staff') } })).statusCode).toBe(409);
  });

  it('keeps a rejected identity out', async () => {
    const admin = await t.login('admin');
    const carol = await accountOf('carol');
    const rejected = await t.call({ method: 'POST', url: '/api/sys/thirdAccount/reject', token: admin, payload: { id: carol?.id } });
    expect(rejected.json().result.status).toBe('rejected');
    expect((await throughProvider('carol')).error).toBe('rejected');
    expect((await t.call({ method: 'POST', url: '/api/sys/thirdAccount/reject', token: admin, payload: { id: carol?.id } })).statusCode).toBe(409);
  });

  it('refuses a frozen user bound by single sign-on', async () => {
    const { ticket } = await throughProvider('erin');
    expect(await accountOf('erin')).toMatchObject({ status: 'bound', userId: await userId('finance') });
    await t.db.update(users).set({ status: 2 }).where(eq(users.username, 'finance'));
    const body = (await trade(ticket!)).json();
    expect(body).toMatchObject({ success: false, code: 403, message: 'This account is frozen, please contact your administrator' });
    await t.db.update(users).set({ status: 1 }).where(eq(users.username, 'finance'));
  });

  it('unbinds: the identity signs nobody in and is not bound again by its e-mail', async () => {
    const admin = await t.login('admin');
    const alice = await accountOf('alice');
    const { ticket } = await throughProvider('alice');
    const unbound = await t.call({ method: 'POST', url: '/api/sys/thirdAccount/unbind', token: admin, payload: { id: alice?.id } });
    expect(unbound.json().result).toMatchObject({ status: 'pending', userId: null });
    // a ticket issued before the unbinding no longer signs in
    expect((await trade(ticket!)).json()).toMatchObject({ success: false, code: 401 });
    expect((await throughProvider('alice')).error).toBe('pending');
    expect((await t.call({ method: 'POST', url: '/api/sys/thirdAccount/unbind', token: admin, payload: { id: alice?.id } })).statusCode).toBe(409);
  });

  it('only a super user binds an identity to a super user or a main account', async () => {
    const admin = await t.login('admin');
    const root = await accountOf('root');
    // a platform administrator who is not a super user: the warehouse account given the administrator's role
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, 0), eq(roles.roleCode, 'platform_admin')));
    await t.db.insert(userRoles).values({ tenantId: 0, userId: await userId('warehouse'), roleId: Number(role?.id) });
    const deputy = await t.login('warehouse');
    for (const target of ['admin', 'merchant']) {
      const refused = await t.call({ method: 'POST', url: '/api/sys/thirdAccount/approve', token: deputy, lang: 'en-US', payload: { id: root?.id, userId: await userId(target) } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only a super user or the main account can change a super user or the main account');
    }
    expect(await accountOf('root')).toMatchObject({ status: 'pending', userId: null });
    const approved = await t.call({ method: 'POST', url: '/api/sys/thirdAccount/approve', token: admin, payload: { id: root?.id, userId: await userId('admin') } });
    expect(approved.json().result).toMatchObject({ status: 'bound', username: 'admin' });
  });

  it('answers the administration calls 401 without a session, 403 to a merchant, 404 for an unknown identity or user', async () => {
    const merchant = await t.login('merchant');
    const admin = await t.login('admin');
    const nobody = await accountOf('nobody');
    expect((await t.call({ method: 'GET', url: '/api/sys/thirdAccount/list' })).statusCode).toBe(401);
    for (const [method, url, payload] of [
      ['GET', '/api/sys/thirdAccount/list', undefined],
      ['GET', '/api/sys/thirdAccount/candidates', undefined],
      ['POST', '/api/sys/thirdAccount/approve', { id: nobody?.id, userId: await userId('staff') }],
      ['POST', '/api/sys/thirdAccount/reject', { id: nobody?.id }],
      ['POST', '/api/sys/thirdAccount/unbind', { id: nobody?.id }],
    ] as const) {
      expect((await t.call({ method, url, token: merchant, payload })).statusCode).toBe(403);
    }
    expect(await accountOf('nobody')).toMatchObject({ status: 'pending' });
    expect((await t.call({ method: 'POST', url: '/api/sys/thirdAccount/approve', token: admin, payload: { id: 999_999, userId: await userId('staff') } })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/sys/thirdAccount/approve', token: admin, payload: { id: nobody?.id, userId: 999_999 } })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/sys/thirdAccount/reject', token: admin, payload: { id: 999_999 } })).statusCode).toBe(404);
  });

  it("shows a user their own bound identities, nobody else's", async () => {
    const merchant2 = await t.login('merchant2');
    const mine = (await t.call({ method: 'GET', url: '/api/sys/thirdAccount/mine', token: merchant2 })).json();
    expect(mine.result).toEqual([expect.objectContaining({ provider: 'oidc', email: 'merchant2@example.com', boundBy: 'admin' })]);
    const staff = await t.login('staff');
    expect((await t.call({ method: 'GET', url: '/api/sys/thirdAccount/mine', token: staff })).json().result).toEqual([]);
  });

  it('refuses an unknown source and a return address of another site', async () => {
    expect((await t.call({ method: 'GET', url: '/api/thirdLogin/render/github' })).statusCode).toBe(404);
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/%09/evil', 'relative']) {
      const response = await t.call({ method: 'GET', url: `/api/thirdLogin/render/oidc?redirect=${encodeURIComponent(redirect === '/%09/evil' ? '/\t/evil' : redirect)}`, lang: 'en-US' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('The return address must be a relative path of this site');
    }
  });

  it('never created a user', async () => {
    expect(await userCount()).toBe(usersBefore);
  });
});

describe(`without a provider (${testDbKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('offers the password and phone ways only, and answers the provider calls as not configured', async () => {
    const body = (await t.call({ method: 'GET', url: '/api/sys/common/getAllType' })).json();
    expect(body.result.map((type: { kind: string }) => type.kind)).toEqual(['password', 'phone']);
    expect((await t.call({ method: 'GET', url: '/api/thirdLogin/render/oidc' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/thirdLogin/callback?code=x&state=y' })).headers.location).toBe('/user/login?thirdError=unavailable');
  });
});
