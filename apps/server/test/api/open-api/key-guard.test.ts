import { createLocalBus } from '../../../src/lib/cache-bus.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ApiKeyIssued } from '@portal/shared/open-api-keys';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok } from '../../helpers/answers.ts';
import { apiKeys, apiKeySecrets } from '../../../src/db/schema/open-api.ts';
import { tenants } from '../../../src/db/schema/sys.ts';
import { AppError } from '../../../src/lib/errors.ts';
import { ApiKeyAccess, ipAllowed } from '../../../src/modules/open-api/access/service.ts';
import { heldRights } from '../../../src/modules/auth/access/holder.ts';

/*
 * The open API's guard (modules/open-api/access) against the real database, with keys made through the
 * management API: what works, what is refused, and the last use written. Time moves by updating the
 * expiries, never by waiting; the guard, which keeps a key found in memory for a moment, hears the app's
 * cache bus (a change to a key forgets it) and is told the clock moved on where an expiry passes.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe(`the API key guard (${testDbKind()})`, () => {
  let t: TestApp;
  let token = '';
  let access: ApiKeyAccess;
  const bearer = (key: string) => `Bearer ${key}`;
  const add = async (payload: Record<string, unknown> = {}) =>
    ok<ApiKeyIssued>(await t.call({ method: 'POST', url: '/api/config/api-key/add', token, payload: { name: `k${Math.random()}`, scopes: ['orders:read'], expiresAt: inDays(30), ...payload } }));
  /** the status of the refusal, or 200 with the caller */
  const statusOf = async (key: string, ip = '198.51.100.1') => {
    try {
      await access.authenticate(bearer(key), ip);
      return 200;
    } catch (error) {
      if (error instanceof AppError) return error.statusCode;
      throw error;
    }
  };

  const bus = createLocalBus();
  /** The clock moves on by `ms` for what the guard keeps in memory (the database's expiry is moved alike). */
  const movedOn = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  };

  beforeAll(async () => {
    t = await createTestApp({ bus });
    token = await t.login('merchant');
    access = new ApiKeyAccess(t.db, heldRights(t.app.accessService), t.app.log, bus);
  });
  afterEach(() => void vi.useRealTimers());
  afterAll(() => t.close());

  it('authenticates a created key as its tenant and scopes, never a malformed or unknown one', async () => {
    const { record, key } = await add({ scopes: ['orders:read', 'tracking:read'] });
    const caller = await access.authenticate(bearer(key), '198.51.100.1');
    const tenantId = (await t.db.select({ tenantId: apiKeys.tenantId }).from(apiKeys).where(eq(apiKeys.id, record.id)))[0]!.tenantId;
    expect(caller).toEqual({ keyId: record.id, tenantId, scopes: ['orders:read', 'tracking:read'], createdBy: expect.any(Number), holder: { userId: caller.createdBy, username: 'merchant', orgCode: expect.anything() }, held: expect.any(Set) });
    expect(await statusOf(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBe(401);
    expect(await statusOf('not-a-key')).toBe(401);
    await expect(access.authenticate(undefined, '198.51.100.1')).rejects.toMatchObject({ statusCode: 401 });
    await expect(access.authenticate(`Basic ${key}`, '198.51.100.1')).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a revoked key (at once) and an expired one with 401', async () => {
    const revoked = await add();
    expect(await statusOf(revoked.key)).toBe(200);
    ok(await t.call({ method: 'POST', url: '/api/config/api-key/revoke', token, payload: { id: revoked.record.id } }));
    expect(await statusOf(revoked.key)).toBe(401);
    const expired = await add();
    expect(await statusOf(expired.key)).toBe(200);
    await t.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, expired.record.id));
    movedOn(31 * 86_400_000);
    expect(await statusOf(expired.key)).toBe(401);
  });

  it('after a roll both secrets work during the overlap, the old one not after it', async () => {
    const first = await add();
    const rolled = ok<ApiKeyIssued>(await t.call({ method: 'POST', url: '/api/config/api-key/roll', token, payload: { id: first.record.id, overlapHours: 1 } }));
    expect(await statusOf(first.key)).toBe(200);
    expect(await statusOf(rolled.key)).toBe(200);
    // the overlap ends: move the old secret's end into the past
    await t.db.update(apiKeySecrets).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${apiKeySecrets.keyId} = ${first.record.id} and ${apiKeySecrets.expiresAt} is not null`);
    movedOn(2 * 3_600_000);
    expect(await statusOf(first.key)).toBe(401);
    expect(await statusOf(rolled.key)).toBe(200);
    // a roll without overlap ends the old secret at once
    const again = ok<ApiKeyIssued>(await t.call({ method: 'POST', url: '/api/config/api-key/roll', token, payload: { id: first.record.id, overlapHours: 0 } }));
    expect(await statusOf(rolled.key)).toBe(401);
    expect(await statusOf(again.key)).toBe(200);
  });

  it('refuses addresses outside the allow-list with 403 (v4, v6, v4-mapped, CIDR)', async () => {
    const { key } = await add({ ipAllowList: ['203.0.113.0/24', '2001:db8::/32', '192.0.2.9'] });
    expect(await statusOf(key, '203.0.113.77')).toBe(200);
    expect(await statusOf(key, '::ffff:203.0.113.5')).toBe(200);
    expect(await statusOf(key, '2001:db8:1::5')).toBe(200);
    expect(await statusOf(key, '192.0.2.9')).toBe(200);
    expect(await statusOf(key, '192.0.2.10')).toBe(403);
    expect(await statusOf(key, '203.0.114.1')).toBe(403);
    expect(await statusOf(key, '2001:db9::1')).toBe(403);
    expect(await statusOf(key, '')).toBe(403);
    // an entry that is no address (a row edited by hand) allows nothing rather than failing with a 500
    expect(ipAllowed('10.0.0.1', ['nonsense', '10.0.0.0/99', '10.0.0.1/8/1'])).toBe(false);
    expect(ipAllowed('10.0.0.1', ['nonsense', '10.0.0.0/8'])).toBe(true);
  });

  it("refuses a frozen tenant's keys, and those of a tenant out of its validity period, with 401", async () => {
    const { record, key } = await add();
    const tenantId = (await t.db.select({ tenantId: apiKeys.tenantId }).from(apiKeys).where(eq(apiKeys.id, record.id)))[0]!.tenantId;
    try {
      await t.db.update(tenants).set({ status: 0 }).where(eq(tenants.id, tenantId));
      expect(await statusOf(key)).toBe(401);
      await t.db.update(tenants).set({ status: 1, validUntil: sql`now() - interval '1 day'` }).where(eq(tenants.id, tenantId));
      expect(await statusOf(key)).toBe(401);
    } finally {
      await t.db.update(tenants).set({ status: 1, validUntil: null }).where(eq(tenants.id, tenantId));
    }
    expect(await statusOf(key)).toBe(200);
  });

  it('writes the last use time and address, at most once a minute per key', async () => {
    const { record, key } = await add();
    const fresh = new ApiKeyAccess(t.db, heldRights(t.app.accessService), t.app.log, bus);
    await fresh.authenticate(bearer(key), '198.51.100.23');
    const used = async () => (await t.db.select({ at: apiKeys.lastUsedAt, ip: apiKeys.lastUsedIp }).from(apiKeys).where(eq(apiKeys.id, record.id)))[0]!;
    await fresh.lastUseWritten();
    const first = await used();
    expect(first.ip).toBe('198.51.100.23');
    expect(first.at).toBeInstanceOf(Date);
    // a second call inside the minute writes nothing
    await fresh.authenticate(bearer(key), '198.51.100.99');
    await fresh.authenticate(bearer(key), '198.51.100.99');
    await fresh.lastUseWritten();
    expect(await used()).toEqual(first);
    // another app server (its own throttle) writes its own use
    const other = new ApiKeyAccess(t.db, heldRights(t.app.accessService), t.app.log, bus);
    await other.authenticate(bearer(key), '198.51.100.99');
    await other.lastUseWritten();
    expect((await used()).ip).toBe('198.51.100.99');
    // the list shows it
    const page = ok<{ records: { id: number; lastUsedIp: string; lastUsedAt: string | null }[] }>(await t.call({ method: 'GET', url: '/api/config/api-key/list', token }));
    expect(page.records.find((k) => k.id === record.id)).toMatchObject({ lastUsedIp: '198.51.100.99', lastUsedAt: (await used()).at!.toISOString() });
  });
});
