import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { sessions } from '../../../src/db/schema/auth.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { roles } from '../../../src/db/schema/sys.ts';
import { hashToken } from '../../../src/lib/tokens.ts';

type Session = { id: number; userId: number; username: string; tenantId: number; tenantName: string; ip: string; userAgent: string; lastSeenAt: string | null; current: boolean };
type Page<T> = { records: T[]; total: number };
type Who = 'admin' | 'merchant' | 'staff' | 'merchant2';

const S = '/api/sys/session';

describe(`token management (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens: Record<Who, string> = { admin: '', merchant: '', staff: '', merchant2: '' };
  /** every raw body answered, searched for tokens and hashes at the end */
  const bodies: string[] = [];
  const issued: string[] = [];
  const login = async (username: string, userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36') => {
    const response = await t.call({ method: 'POST', url: '/api/sys/login', payload: { username, password: 'Portal#2026' }, headers: { 'user-agent': userAgent } });
    const token = (response.json() as { result: { token: string } }).result.token;
    issued.push(token);
    return token;
  };
  const call = async (token: string, request: { method: 'GET' | 'POST'; url: string; query?: Record<string, string>; payload?: object; tenant?: number; lang?: string }) => {
    const response: LightMyRequestResponse = await t.call({ ...request, token });
    bodies.push(response.body);
    return response;
  };
  const list = async (token: string, query: Record<string, string> = {}, tenant?: number) => ok<Page<Session>>(await call(token, { method: 'GET', url: `${S}/list`, query: { pageSize: '200', ...query }, tenant }));
  const sessionIdOf = async (token: string) => Number((await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0]!.id);

  beforeAll(async () => {
    t = await createTestApp({ config: { SESSION_MAX_PER_USER: 3 } });
    for (const who of Object.keys(tokens) as Who[]) tokens[who] = await login(who);
  });
  afterAll(() => t.close());

  it("lists the live sessions of the tenant's users only, with who, where and on what, never a token", async () => {
    const page = await list(tokens.merchant);
    expect(new Set(page.records.map((s) => s.username))).toEqual(new Set(['merchant', 'staff']));
    const own = page.records.find((s) => s.current)!;
    expect(own).toMatchObject({ username: 'merchant', tenantId: 1, userAgent: expect.stringContaining('Chrome/120') });
    expect(Object.keys(own).sort()).not.toContain('tokenHash');
    // the other merchant and the platform see their own users only
    expect((await list(tokens.merchant2)).records.map((s) => s.username)).toEqual(['merchant2']);
    const platform = await list(tokens.admin);
    expect(platform.records.map((s) => s.username)).toEqual(['admin']);
    // the platform names a tenant; a merchant's tenantId is ignored
    expect(new Set((await list(tokens.admin, { tenantId: '1' })).records.map((s) => s.username))).toEqual(new Set(['merchant', 'staff']));
    expect((await list(tokens.merchant2, { tenantId: '1' })).records.map((s) => s.username)).toEqual(['merchant2']);
    expect((await list(tokens.merchant2, { tenantId: '0' })).records.map((s) => s.username)).toEqual(['merchant2']);
    // filters are bound values; a sort column outside the allow-list is refused
    expect((await list(tokens.merchant, { username: 'sta' })).records.map((s) => s.username)).toEqual(['staff']);
    expect((await list(tokens.merchant, { username: "x' or '1'='1" })).total).toBe(0);
    expect((await list(tokens.merchant, { ip: '%' })).total).toBe(0);
    refused(await call(tokens.merchant, { method: 'GET', url: `${S}/list`, query: { column: 'token_hash' } }), 400);
    expect((await list(tokens.merchant, { createdAt_begin: '2000-01-01', createdAt_end: '2000-01-02' })).total).toBe(0);
  });

  it('refuses without a session (401) and without the codes (403: staff)', async () => {
    refused(await t.call({ method: 'GET', url: `${S}/list` }), 401);
    refused(await call(tokens.staff, { method: 'GET', url: `${S}/list` }), 403);
    refused(await call(tokens.staff, { method: 'POST', url: `${S}/revoke`, payload: { id: await sessionIdOf(tokens.merchant) } }), 403);
    refused(await call(tokens.staff, { method: 'POST', url: `${S}/revokeUser`, payload: { userId: 1 } }), 403);
    // the staff's own session still works after their refused attempts, and the merchant's too
    expect((await list(tokens.merchant)).total).toBeGreaterThan(0);
  });

  it("answers 404 for another tenant's session or user, and ends nothing", async () => {
    const staffSession = await sessionIdOf(tokens.staff);
    const staffUser = (await list(tokens.merchant, { username: 'staff' })).records[0]!.userId;
    refused(await call(tokens.merchant2, { method: 'POST', url: `${S}/revoke`, payload: { id: staffSession } }), 404);
    refused(await call(tokens.merchant2, { method: 'POST', url: `${S}/revokeUser`, payload: { userId: staffUser } }), 404);
    // a merchant cannot reach the platform's sessions either
    refused(await call(tokens.merchant, { method: 'POST', url: `${S}/revoke`, payload: { id: await sessionIdOf(tokens.admin) } }), 404);
    refused(await call(tokens.merchant, { method: 'POST', url: `${S}/revoke`, payload: { id: 999999999 } }), 404);
    expect((await call(tokens.staff, { method: 'GET', url: '/api/sys/user/isMainAccount' })).statusCode).toBe(200);
  });

  it('ends a session by its id: its next request is refused with Token失效 on every app server, and the change is audited', async () => {
    const victim = await login('staff', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    expect((await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: victim })).statusCode).toBe(200);
    const id = await sessionIdOf(victim);
    const answer = ok<{ revoked: number }>(await call(tokens.merchant, { method: 'POST', url: `${S}/revoke`, payload: { id }, lang: 'en-US' }));
    expect(answer.revoked).toBe(1);
    const next = await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: victim, lang: 'zh-CN' });
    expect(refused(next, 401)).toContain('Token失效');
    const row = (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
    expect(row.revokedReason).toBe('admin');
    // once ended, it is gone from the list and cannot be ended again
    expect((await list(tokens.merchant)).records.map((s) => s.id)).not.toContain(id);
    refused(await call(tokens.merchant, { method: 'POST', url: `${S}/revoke`, payload: { id } }), 404);
    const audit = (await t.db.select().from(auditLogs).where(eq(auditLogs.resourceId, String(id)))).filter((line) => line.resource === 'session');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ tenantId: 1, username: 'merchant', action: 'revoke', label: 'staff', before: expect.objectContaining({ revoked: false }), after: expect.objectContaining({ revoked: true }) });
  });

  it("ends every session of a user; the platform ends a merchant's; one's own is a sign-out", async () => {
    const a = await login('staff');
    const b = await login('staff');
    const staffUser = (await list(tokens.merchant, { username: 'staff' })).records[0]!.userId;
    const answer = ok<{ revoked: number }>(await call(tokens.admin, { method: 'POST', url: `${S}/revokeUser`, payload: { userId: staffUser } }));
    expect(answer.revoked).toBeGreaterThanOrEqual(2);
    for (const token of [a, b, tokens.staff]) refused(await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token }), 401);
    expect((await list(tokens.merchant, { username: 'staff' })).total).toBe(0);
    // the line is the merchant tenant's, written by the platform's admin
    const audit = (await t.db.select().from(auditLogs).where(eq(auditLogs.resource, 'session'))).filter((line) => line.action === 'revoke-all');
    expect(audit[0]).toMatchObject({ tenantId: 1, username: 'admin', label: 'staff' });
    tokens.staff = await login('staff');

    const mine = await login('merchant2');
    ok(await call(mine, { method: 'POST', url: `${S}/revoke`, payload: { id: await sessionIdOf(mine) } }));
    refused(await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: mine }), 401);
    expect((await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: tokens.merchant2 })).statusCode).toBe(200);
  });

  it("lets only a top administrator end a top administrator's session (delegation), in three languages", async () => {
    const adminRole = (await t.db.select().from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_admin'))))[0]!;
    ok(await call(tokens.merchant, { method: 'POST', url: '/api/sys/user/add', payload: { username: 'deputy', password: 'Welcome2026x', passwordChangeRequired: false, realname: 'Deputy', roleIds: [adminRole.id] } }));
    const deputy = await t.login('deputy', 'Welcome2026x');
    const mainSession = await sessionIdOf(tokens.merchant);
    const mainUser = (await list(tokens.merchant, { username: 'merchant' })).records[0]!.userId;
    const topOnly = 'Only a super user or the main account can change a super user or the main account';
    expect(refused(await call(deputy, { method: 'POST', url: `${S}/revoke`, payload: { id: mainSession }, lang: 'en-US' }), 403)).toBe(topOnly);
    expect(refused(await call(deputy, { method: 'POST', url: `${S}/revokeUser`, payload: { userId: mainUser }, lang: 'en-US' }), 403)).toBe(topOnly);
    expect(refused(await call(deputy, { method: 'POST', url: `${S}/revoke`, payload: { id: mainSession }, lang: 'zh-TW' }), 403)).toBe('只有超級管理員或主帳號能變更超級管理員或主帳號');
    expect((await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: tokens.merchant })).statusCode).toBe(200);
    // a deputy ends the staff's sessions, and their own
    const staffSession = await login('staff');
    ok(await call(deputy, { method: 'POST', url: `${S}/revoke`, payload: { id: await sessionIdOf(staffSession) } }));
    ok(await call(deputy, { method: 'POST', url: `${S}/revoke`, payload: { id: await sessionIdOf(deputy) } }));
    refused(await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: deputy }), 401);
  });

  it('ends the oldest live sessions beyond SESSION_MAX_PER_USER at sign-in (reason limit)', async () => {
    const first = await login('merchant2');
    const rest = [await login('merchant2'), await login('merchant2')];
    // tokens.merchant2 was the oldest of the live ones; now `first` is, and one more sign-in ends it
    refused(await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: tokens.merchant2 }), 401);
    const latest = await login('merchant2');
    refused(await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: first }), 401);
    for (const token of [...rest, latest]) expect((await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token })).statusCode).toBe(200);
    const firstRow = (await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(first))))[0]!;
    expect(firstRow.revokedReason).toBe('limit');
    expect((await list(latest)).total).toBe(3);
    tokens.merchant2 = latest;
  });

  it('writes when and where a session was last used, at most once a minute', async () => {
    const token = await login('merchant');
    const id = await sessionIdOf(token);
    expect((await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.lastSeenAt).toBeNull();
    await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token, remoteAddress: '203.0.113.7' });
    await t.app.accessService.lastSeenWritten();
    const seen = (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
    expect(seen.lastSeenAt).not.toBeNull();
    expect(seen.lastSeenIp).toBe('203.0.113.7');
    // a second request within the minute writes nothing
    await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token, remoteAddress: '198.51.100.9' });
    await t.app.accessService.lastSeenWritten();
    const again = (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
    expect(again.lastSeenIp).toBe('203.0.113.7');
    expect((await list(token)).records.find((s) => s.id === id)?.lastSeenAt).toBe(seen.lastSeenAt!.toISOString());
  });

  it('never answers a token or its hash', () => {
    expect(issued.length).toBeGreaterThan(5);
    const all = bodies.join('\n');
    for (const token of issued) {
      expect(all).not.toContain(token);
      expect(all).not.toContain(hashToken(token));
    }
  });
});
