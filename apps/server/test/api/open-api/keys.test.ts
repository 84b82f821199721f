import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { API_KEY_PREFIX } from '@portal/shared/open-api';
import type { ApiKeyIssued, ApiKeyRecord } from '@portal/shared/open-api-keys';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';
import { apiKeys, apiKeySecrets } from '../../../src/db/schema/open-api.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { permissions, rolePermissions, roles, users } from '../../../src/db/schema/sys.ts';
import { hashApiKey } from '../../../src/modules/open-api/key/model.ts';

type Page<T> = { records: T[]; total: number };
type Who = 'merchant' | 'merchant2' | 'staff' | 'admin';

const P = '/api/config/api-key';
const TABLES = ['api_key', 'api_key_secret', 'sys_audit_log'] as const;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe(`API keys (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens: Record<Who, string> = { merchant: '', merchant2: '', staff: '', admin: '' };
  const issued: string[] = [];
  const bodies: string[] = [];
  const call = async (who: Who, request: { method: 'GET' | 'POST' | 'PUT'; url: string; query?: Record<string, string>; payload?: object; lang?: string }) => {
    const response: LightMyRequestResponse = await t.call({ ...request, url: `${P}${request.url}`, token: tokens[who] });
    bodies.push(response.body);
    return response;
  };
  const list = async (who: Who = 'merchant', query: Record<string, string> = {}) => ok<Page<ApiKeyRecord>>(await call(who, { method: 'GET', url: '/list', query: { pageSize: '200', ...query } }));
  const add = async (payload: object, who: Who = 'merchant') => {
    const answer = ok<ApiKeyIssued>(await call(who, { method: 'POST', url: '/add', payload }));
    issued.push(answer.key);
    return answer;
  };
  const valid = (name: string) => ({ name, scopes: ['orders:read', 'orders:write'], expiresAt: inDays(90), ipAllowList: [] as string[] });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(tokens) as Who[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it('creates a key answered once: prefixed, stored as its sha-256 and its first characters, one audit line without it', async () => {
    const { record, key } = await add({ ...valid('  ERP 主系統 '), scopes: ['tracking:read', 'orders:read', 'orders:read'], ipAllowList: ['203.0.113.7', '10.0.0.0/8', '', '2001:DB8::/32'] });
    expect(key).toMatch(new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{40}$`));
    expect(record).toMatchObject({ name: 'ERP 主系統', scopes: ['orders:read', 'tracking:read'], ipAllowList: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'], status: 'ACTIVE', shown: key.slice(0, 12), previousShown: null, lastUsedAt: null, createdBy: 'merchant' });
    const secrets = await t.db.select().from(apiKeySecrets).where(eq(apiKeySecrets.keyId, record.id));
    expect(secrets).toEqual([expect.objectContaining({ hash: hashApiKey(key), shown: key.slice(0, 12), expiresAt: null })]);
    const lines = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'api-key'), eq(auditLogs.resourceId, String(record.id))));
    expect(lines.map((line) => line.action)).toEqual(['create']);
    const listed = (await list()).records.find((k) => k.id === record.id);
    expect(listed).toEqual(record);
  });

  it('refuses every bad input with a translated 400 and changes nothing', async () => {
    const before = await fingerprint(t.db, TABLES);
    const cases: [object, string][] = [
      [{ ...valid('') }, 'Key name'],
      [{ ...valid('x'.repeat(101)) }, 'Key name'],
      [{ ...valid('no scope'), scopes: [] }, 'Choose at least one scope'],
      [{ ...valid('bad scope'), scopes: ['orders:delete'] }, 'Scopes'],
      [{ ...valid('no expiry'), expiresAt: undefined }, 'Expiry'],
      [{ ...valid('bad expiry'), expiresAt: '2027-13-01' }, 'expiry must be a time with its offset'],
      [{ ...valid('past'), expiresAt: inDays(-1) }, 'The expiry must be in the future'],
      [{ ...valid('too far'), expiresAt: inDays(367) }, 'at most 366 days away'],
      [{ ...valid('bad ip'), ipAllowList: ['10.0.0.1', '10.0.0.300'] }, 'The IP allow-list entry "10.0.0.300" is not a valid'],
      [{ ...valid('bad cidr'), ipAllowList: ['10.0.0.0/33'] }, '"10.0.0.0/33"'],
      [{ ...valid('bad v6 cidr'), ipAllowList: ['2001:db8::/129'] }, '"2001:db8::/129"'],
      [{ ...valid('a host'), ipAllowList: ['example.com'] }, '"example.com"'],
      [{ ...valid('too many'), ipAllowList: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) }, 'at most 20 entries'],
      [{ ...valid('extra'), secret: 'x' }, ''],
    ];
    for (const [payload, text] of cases) expect(refused(await call('merchant', { method: 'POST', url: '/add', payload, lang: 'en-US' }), 400)).toContain(text);
    const ip = await Promise.all(['zh-TW', 'zh-CN'].map(async (lang) => refused(await call('merchant', { method: 'POST', url: '/add', payload: { ...valid('ip'), ipAllowList: ['1.2.3'] }, lang }), 400)));
    expect(ip).toEqual(['IP 白名單中的「1.2.3」不是有效的 IP 位址或 CIDR 網段', 'IP 白名单中的「1.2.3」不是有效的 IP 地址或 CIDR 网段']);
    const [key] = (await list()).records;
    for (const payload of [{ id: key!.id, ...valid('e'), expiresAt: inDays(400) }, { id: key!.id, ...valid('e'), ipAllowList: ['::1/200'] }]) {
      refused(await call('merchant', { method: 'PUT', url: '/edit', payload }), 400);
    }
    for (const overlapHours of [-1, 169, 1.5]) refused(await call('merchant', { method: 'POST', url: '/roll', payload: { id: key!.id, overlapHours } }), 400);
    refused(await call('merchant', { method: 'GET', url: '/list', query: { column: 'name; drop table api_key' } }), 400);
    refused(await call('merchant', { method: 'GET', url: '/list', query: { status: 'GONE' } }), 400);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('answers a name taken by an unrevoked key with 409; a revoked key frees its name', async () => {
    await add(valid('Shop A'));
    const messages = await Promise.all(['zh-TW', 'en-US'].map(async (lang) => refused(await call('merchant', { method: 'POST', url: '/add', payload: valid('shop a'), lang }), 409)));
    expect(messages).toEqual(['已有名為「shop a」的 API 金鑰', 'An API key named "shop a" already exists']);
    const shopA = (await list('merchant', { name: 'Shop A' })).records[0]!;
    ok(await call('merchant', { method: 'POST', url: '/revoke', payload: { id: shopA.id } }));
    await add(valid('Shop A'));
    // another tenant may use the same name
    await add(valid('Shop A'), 'merchant2');
  });

  it('edits a working key within a year from now; an expired or revoked key is 409', async () => {
    const { record } = await add(valid('to edit'));
    const edited = ok<ApiKeyRecord>(await call('merchant', { method: 'PUT', url: '/edit', payload: { id: record.id, name: 'edited', scopes: ['wallet:read'], expiresAt: inDays(366 - 1), ipAllowList: ['192.0.2.0/24'] } }));
    expect(edited).toMatchObject({ name: 'edited', scopes: ['wallet:read'], ipAllowList: ['192.0.2.0/24'], shown: record.shown, status: 'ACTIVE' });
    await t.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(apiKeys.id, record.id));
    expect((await list('merchant', { status: 'EXPIRED' })).records.map((k) => k.id)).toContain(record.id);
    const before = await fingerprint(t.db, TABLES);
    expect(refused(await call('merchant', { method: 'PUT', url: '/edit', payload: { id: record.id, ...valid('again') }, lang: 'en-US' }), 409)).toContain('can no longer be edited');
    expect(refused(await call('merchant', { method: 'POST', url: '/roll', payload: { id: record.id }, lang: 'en-US' }), 409)).toContain('cannot be rolled');
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    // an expired key can still be revoked; a revoked one neither edited, rolled nor revoked again
    expect(ok<ApiKeyRecord>(await call('merchant', { method: 'POST', url: '/revoke', payload: { id: record.id } })).status).toBe('REVOKED');
    refused(await call('merchant', { method: 'PUT', url: '/edit', payload: { id: record.id, ...valid('again') } }), 409);
    refused(await call('merchant', { method: 'POST', url: '/roll', payload: { id: record.id } }), 409);
    refused(await call('merchant', { method: 'POST', url: '/revoke', payload: { id: record.id } }), 409);
  });

  it('rolls: a new key once, the old one kept for the overlap, an older one still in overlap ended (two secrets at most)', async () => {
    const first = await add(valid('rolled'));
    const second = ok<ApiKeyIssued>(await call('merchant', { method: 'POST', url: '/roll', payload: { id: first.record.id, overlapHours: 2 } }));
    issued.push(second.key);
    expect(second.key).not.toBe(first.key);
    expect(second.record.shown).toBe(second.key.slice(0, 12));
    expect(second.record.previousShown).toBe(first.key.slice(0, 12));
    const until = Date.parse(second.record.previousUntil!);
    expect(until - Date.now()).toBeGreaterThan(1.9 * 3_600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    // the default overlap is 24 hours; the secret of the first roll's overlap ends now
    const third = ok<ApiKeyIssued>(await call('merchant', { method: 'POST', url: '/roll', payload: { id: first.record.id } }));
    issued.push(third.key);
    const secrets = await t.db.select().from(apiKeySecrets).where(eq(apiKeySecrets.keyId, first.record.id));
    expect(secrets.map((s) => s.hash).sort()).toEqual([hashApiKey(second.key), hashApiKey(third.key)].sort());
    expect(third.record.previousShown).toBe(second.key.slice(0, 12));
    expect(Date.parse(third.record.previousUntil!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // overlap 0: only the new secret remains
    const fourth = ok<ApiKeyIssued>(await call('merchant', { method: 'POST', url: '/roll', payload: { id: first.record.id, overlapHours: 0 } }));
    issued.push(fourth.key);
    expect(fourth.record.previousShown).toBeNull();
    expect((await t.db.select().from(apiKeySecrets).where(eq(apiKeySecrets.keyId, first.record.id))).map((s) => s.hash)).toEqual([hashApiKey(fourth.key)]);
    const actions = await t.db.select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.resource, 'api-key'), eq(auditLogs.resourceId, String(first.record.id))));
    expect(actions.map((a) => a.action)).toEqual(['create', 'roll', 'roll', 'roll']);
  });

  it("keeps tenants apart: merchant2 cannot see, edit, roll or revoke merchant's keys (404, nothing changed)", async () => {
    const { record } = await add(valid('tenant one'));
    expect((await list('merchant2')).records.map((k) => k.id)).not.toContain(record.id);
    const before = await fingerprint(t.db, TABLES);
    refused(await call('merchant2', { method: 'PUT', url: '/edit', payload: { id: record.id, ...valid('stolen') } }), 404);
    refused(await call('merchant2', { method: 'PUT', url: '/edit', payload: { id: record.id, ...valid('stolen'), expiresAt: inDays(-5) } }), 404);
    refused(await call('merchant2', { method: 'POST', url: '/roll', payload: { id: record.id } }), 404);
    refused(await call('merchant2', { method: 'POST', url: '/revoke', payload: { id: record.id } }), 404);
    refused(await call('merchant', { method: 'POST', url: '/revoke', payload: { id: 987654321 } }), 404);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('refuses the platform (403, merchant function), anonymous callers (401) and each button without its code', async () => {
    for (const [method, url, payload] of [['GET', '/list'], ['POST', '/add', valid('platform')], ['PUT', '/edit', { id: 1, ...valid('p') }], ['POST', '/roll', { id: 1 }], ['POST', '/revoke', { id: 1 }]] as const) {
      expect(refused(await call('admin', { method, url, payload, lang: 'en-US' }), 403)).toContain('merchant function');
      refused(await t.call({ method, url: `${P}${url}`, payload }), 401);
    }
    const { record } = await add(valid('buttons'));
    const staffRole = (await t.db.select().from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff'))))[0]!.id;
    const staffId = (await t.db.select().from(users).where(eq(users.username, 'staff')))[0]!.id;
    const grant = async (code: string) => {
      const permission = (await t.db.select().from(permissions).where(eq(permissions.perms, code)))[0]!;
      await t.db.insert(rolePermissions).values({ tenantId: 1, roleId: staffRole, permissionId: permission.id }).onConflictDoNothing();
      await t.app.accessService.publish({ kind: 'user', userId: staffId });
    };
    const buttons = [
      ['config:token:add', () => call('staff', { method: 'POST', url: '/add', payload: valid('by staff') })],
      ['config:token:edit', () => call('staff', { method: 'PUT', url: '/edit', payload: { id: record.id, ...valid('buttons') } })],
      ['config:token:reset-secret', () => call('staff', { method: 'POST', url: '/roll', payload: { id: record.id } })],
      ['config:token:delete', () => call('staff', { method: 'POST', url: '/revoke', payload: { id: record.id } })],
    ] as const;
    refused(await call('staff', { method: 'GET', url: '/list' }), 403);
    // the rights of the scopes the keys below carry (a key holds no more than its holder)
    for (const code of ['logistics:order:add', 'logistics:order:cancel']) await grant(code);
    await grant('config:token:list');
    expect((await list('staff')).records.map((k) => k.id)).toContain(record.id);
    for (const [code, run] of buttons) {
      refused(await run(), 403);
      await grant(code);
      issued.push(ok<Partial<ApiKeyIssued>>(await run()).key ?? '');
    }
  });

  it('never answers, logs or audits a whole key after it was issued', async () => {
    const { record } = await add(valid('never shown'));
    const issuedBodies = new Set(bodies.filter((body) => issued.some((key) => key && body.includes(key))));
    // only the answers of add and roll carry a key, each its own
    expect(issuedBodies.size).toBe(issued.filter(Boolean).length);
    bodies.length = 0;
    await list();
    await list('merchant', { name: 'never' });
    ok(await call('merchant', { method: 'PUT', url: '/edit', payload: { id: record.id, ...valid('never shown 2') } }));
    ok(await call('merchant', { method: 'POST', url: '/revoke', payload: { id: record.id } }));
    const audit = JSON.stringify(await t.db.select().from(auditLogs));
    for (const key of issued.filter(Boolean)) {
      expect(bodies.some((body) => body.includes(key))).toBe(false);
      expect(audit.includes(key)).toBe(false);
      expect(audit.includes(hashApiKey(key))).toBe(false);
    }
    expect(audit).toContain('never shown 2');
  });
});
