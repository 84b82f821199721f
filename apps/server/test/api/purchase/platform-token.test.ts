import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PurchasePlatform } from '@portal/shared/purchase';
import type { PlatformTokenOverview, PlatformTokenRecord } from '@portal/shared/purchase-token';
import { platformCredentials } from '../../../src/db/schema/purchase.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { createLivePlatforms } from '../../../src/modules/purchase/platform/registry.ts';
import { purchaseSettingsOf, type PurchasePlatformSettings } from '../../../src/modules/purchase/platform/settings.ts';
import { decryptSecret, DEVELOPMENT_SECRET_KEY, parseSecretKey } from '../../../src/lib/secret-box.ts';
import { refreshDueTokens, saveApp, SYSTEM_ACTOR } from '../../../src/modules/purchase/token/service.ts';
import { registerTokenRefresh, TOKEN_REFRESH_JOB } from '../../../src/modules/purchase/token/job.ts';
import { JobQueue } from '../../../src/lib/jobs.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { startPlatformStandIn, type PlatformStandIn } from '../../helpers/platform-stand-in.ts';

const T = '/api/purchase/token';
const KEY_HEX = randomBytes(32).toString('hex');
const REDIRECT = 'https://portal.example/config/taobao-global-token';

describe(`the platforms' token configuration (${testDbKind()})`, () => {
  let t: TestApp;
  let standIn: PlatformStandIn;
  let settings: PurchasePlatformSettings;
  const tokens = { admin: '', merchant: '', staff: '' };
  const bodies: string[] = [];
  const call = async (who: keyof typeof tokens, request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; query?: Record<string, string>; payload?: object; lang?: string }): Promise<LightMyRequestResponse> => {
    const response = await t.call({ ...request, token: tokens[who] });
    bodies.push(response.body);
    return response;
  };
  const overview = async () => ok<PlatformTokenOverview>(await call('admin', { method: 'GET', url: `${T}/list` }));
  const recordOf = async (platform: PurchasePlatform) => (await overview()).records.find((record) => record.platform === platform)!;
  const rowOf = async (platform: PurchasePlatform) => (await t.db.select().from(platformCredentials).where(eq(platformCredentials.platform, platform)))[0];
  const save = (platform: PurchasePlatform, appSecret?: string, appKey = standIn.apps[platform].appKey) => call('admin', { method: 'PUT', url: `${T}/edit`, payload: { platform, appKey, ...(appSecret === undefined ? {} : { appSecret }), redirectUri: REDIRECT } });

  /** Authorize → the platform's page (the stand-in agrees at once) → the code and state posted back. */
  async function authorize(platform: PurchasePlatform): Promise<{ code: string; state: string }> {
    const { url } = ok<{ url: string }>(await call('admin', { method: 'POST', url: `${T}/authorize`, payload: { platform } }));
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  }

  beforeAll(async () => {
    standIn = await startPlatformStandIn();
    const config = { PURCHASE_SECRET_KEY: KEY_HEX, TAOBAO_GLOBAL_API_URL: standIn.taobaoUrl, ALIBABA_1688_API_URL: standIn.alibabaUrl, ALIBABA_1688_AUTHORIZE_URL: standIn.alibabaAuthorizeUrl };
    t = await createTestApp({ config });
    settings = purchaseSettingsOf(config, t.database.kind);
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = await t.login(who);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('the key comes from PURCHASE_SECRET_KEY (hex or base64); the embedded demo falls back to a fixed development key, PostgreSQL to none', () => {
    expect(parseSecretKey(KEY_HEX)).toEqual(Buffer.from(KEY_HEX, 'hex'));
    expect(parseSecretKey(Buffer.from(KEY_HEX, 'hex').toString('base64'))).toEqual(Buffer.from(KEY_HEX, 'hex'));
    expect(parseSecretKey('too-short')).toBeNull();
    expect(purchaseSettingsOf({}, 'pglite')).toMatchObject({ key: DEVELOPMENT_SECRET_KEY, keySource: 'development', mode: 'demo' });
    expect(purchaseSettingsOf({}, 'postgres')).toMatchObject({ key: null, keySource: 'none' });
    expect(purchaseSettingsOf({ PURCHASE_SECRET_KEY: KEY_HEX }, 'postgres').keySource).toBe('environment');
  });

  it('without a key no secret is stored, with a clear message', async () => {
    const noKey = { ...settings, key: null };
    await expect(saveApp(t.db, noKey, { platform: 'TAOBAO', appKey: 'k1', appSecret: 'a-secret', redirectUri: REDIRECT }, SYSTEM_ACTOR)).rejects.toMatchObject({ statusCode: 409, key: 'purchaseTokenSecretKeyMissing' });
    expect(await rowOf('TAOBAO')).toBeUndefined();
  });

  it('merchants and staff without the menu are refused every call', async () => {
    for (const who of ['merchant', 'staff'] as const) {
      refused(await call(who, { method: 'GET', url: `${T}/list` }), 403);
      refused(await call(who, { method: 'PUT', url: `${T}/edit`, payload: { platform: 'TAOBAO', appKey: 'k', appSecret: 's', redirectUri: REDIRECT } }), 403);
      refused(await call(who, { method: 'POST', url: `${T}/authorize`, payload: { platform: 'TAOBAO' } }), 403);
      refused(await call(who, { method: 'POST', url: `${T}/refresh`, payload: { platform: 'TAOBAO' } }), 403);
      refused(await call(who, { method: 'DELETE', url: `${T}/delete`, query: { platform: 'TAOBAO' } }), 403);
    }
    expect(await rowOf('TAOBAO')).toBeUndefined();
  });

  it('bad input is refused with a translated message and changes nothing', async () => {
    expect(refused(await call('admin', { method: 'PUT', url: `${T}/edit`, lang: 'en-US', payload: { platform: 'TAOBAO', appKey: 'bad key!', appSecret: 's', redirectUri: REDIRECT } }), 400)).toContain('app key');
    expect(refused(await call('admin', { method: 'PUT', url: `${T}/edit`, lang: 'zh-TW', payload: { platform: 'TAOBAO', appKey: 'k', appSecret: 's', redirectUri: 'javascript:alert(1)' } }), 400)).toContain('回呼網址');
    expect(refused(await call('admin', { method: 'PUT', url: `${T}/edit`, lang: 'en-US', payload: { platform: 'TAOBAO', appKey: 'k', redirectUri: REDIRECT } }), 400)).toContain('app secret is required');
    refused(await call('admin', { method: 'PUT', url: `${T}/edit`, payload: { platform: 'JD', appKey: 'k', appSecret: 's', redirectUri: REDIRECT } }), 400);
    refused(await call('admin', { method: 'POST', url: `${T}/authorize`, payload: { platform: 'TAOBAO' } }), 404);
    expect(await rowOf('TAOBAO')).toBeUndefined();
  });

  it('saves the app: the secret is encrypted at rest, answered only as "set", and the key masked', async () => {
    const secret = standIn.apps.TAOBAO.appSecret;
    const saved = ok<PlatformTokenRecord>(await save('TAOBAO', secret));
    expect(saved).toMatchObject({ platform: 'TAOBAO', status: 'UNAUTHORIZED', appSecretSet: true, redirectUri: REDIRECT, appKeyMasked: '50**23' });
    const row = (await rowOf('TAOBAO'))!;
    expect(row.appSecretEnc).not.toContain(secret);
    expect(row.appSecretEnc).toMatch(/^v1:/);
    expect(decryptSecret(Buffer.from(KEY_HEX, 'hex'), 'TAOBAO:appSecret', row.appSecretEnc)).toBe(secret);
    // the same value in another slot does not decrypt
    expect(decryptSecret(Buffer.from(KEY_HEX, 'hex'), '1688:appSecret', row.appSecretEnc)).toBeNull();
    // saving again without a secret keeps it
    ok(await save('TAOBAO'));
    expect((await rowOf('TAOBAO'))!.appSecretEnc).toBe(row.appSecretEnc);
  });

  it('authorises through the platform: the state works once, tokens are stored encrypted, the screen shows the account and expiries', async () => {
    const { code, state } = await authorize('TAOBAO');
    const row = (await rowOf('TAOBAO'))!;
    expect(row.oauthStateHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.oauthStateHash).not.toBe(state);

    const record = ok<PlatformTokenRecord>(await call('admin', { method: 'POST', url: `${T}/callback`, payload: { code, state } }));
    expect(record).toMatchObject({ status: 'ACTIVE', accountName: 'buyer@stand-in', warning: null });
    expect(new Date(record.refreshExpiresAt!).getTime()).toBeGreaterThan(new Date(record.accessExpiresAt!).getTime());
    const stored = (await rowOf('TAOBAO'))!;
    expect(stored.oauthStateHash).toBeNull();
    const accessToken = decryptSecret(Buffer.from(KEY_HEX, 'hex'), 'TAOBAO:accessToken', stored.accessTokenEnc!);
    expect(accessToken).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.accessTokenEnc).not.toContain(accessToken!);

    // the same state again: refused, nothing changes
    expect(refused(await call('admin', { method: 'POST', url: `${T}/callback`, lang: 'en-US', payload: { code, state } }), 400)).toContain('expired or was already used');
    expect((await rowOf('TAOBAO'))!.accessTokenEnc).toBe(stored.accessTokenEnc);

    // the live client signs with what was stored
    const page = await createLivePlatforms(t.db, settings).get('TAOBAO').search({ keyword: 'T恤', page: 1, pageSize: 10 });
    expect(page.records.map((r) => r.itemId)).toEqual(['6001']);
  });

  it('a state past its ten minutes is refused', async () => {
    const { code, state } = await authorize('TAOBAO');
    await t.db.update(platformCredentials).set({ oauthStateExpiresAt: new Date(Date.now() - 1000) }).where(eq(platformCredentials.platform, 'TAOBAO'));
    refused(await call('admin', { method: 'POST', url: `${T}/callback`, payload: { code, state } }), 400);
    refused(await call('admin', { method: 'POST', url: `${T}/callback`, payload: { code, state: 'never-given-out' } }), 400);
  });

  it('the refresh button renews the access token through the platform', async () => {
    const before = (await rowOf('TAOBAO'))!;
    const record = ok<PlatformTokenRecord>(await call('admin', { method: 'POST', url: `${T}/refresh`, payload: { platform: 'TAOBAO' } }));
    expect(record.status).toBe('ACTIVE');
    expect(record.lastRefreshAt).not.toBeNull();
    const after = (await rowOf('TAOBAO'))!;
    const key = Buffer.from(KEY_HEX, 'hex');
    expect(decryptSecret(key, 'TAOBAO:accessToken', after.accessTokenEnc!)).not.toBe(decryptSecret(key, 'TAOBAO:accessToken', before.accessTokenEnc!));
  });

  it('1688: the same flow, its refresh keeps the refresh token and its end', async () => {
    ok(await save('1688', standIn.apps['1688'].appSecret));
    const { code, state } = await authorize('1688');
    const record = ok<PlatformTokenRecord>(await call('admin', { method: 'POST', url: `${T}/callback`, payload: { code, state } }));
    expect(record).toMatchObject({ status: 'ACTIVE', accountName: 'stand-in-buyer', refreshExpiresAt: '2099-12-31T15:59:59.000Z' });
    const refreshed = ok<PlatformTokenRecord>(await call('admin', { method: 'POST', url: `${T}/refresh`, payload: { platform: '1688' } }));
    expect(refreshed.refreshExpiresAt).toBe(record.refreshExpiresAt);
    const offer = await createLivePlatforms(t.db, settings).get('1688').product('8001');
    expect(offer?.skus).toHaveLength(2);
  });

  it('the scheduled pass renews the tokens that run out soon, and a failure becomes the screen’s warning', async () => {
    const soon = new Date(Date.now() + 10 * 60_000);
    await t.db.update(platformCredentials).set({ accessExpiresAt: soon }).where(eq(platformCredentials.platform, 'TAOBAO'));
    const before = (await rowOf('TAOBAO'))!.accessTokenEnc;
    expect(await refreshDueTokens(t.db, settings)).toEqual({ refreshed: ['TAOBAO'], failed: [] });
    const after = (await rowOf('TAOBAO'))!;
    expect(after.accessTokenEnc).not.toBe(before);
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(soon.getTime());
    // nothing is due now
    expect(await refreshDueTokens(t.db, settings)).toEqual({ refreshed: [], failed: [] });

    await t.db.update(platformCredentials).set({ accessExpiresAt: soon }).where(eq(platformCredentials.platform, '1688'));
    standIn.next('1688', { kind: 'fail' }, 1);
    expect(await refreshDueTokens(t.db, settings)).toEqual({ refreshed: [], failed: ['1688'] });
    const warned = await recordOf('1688');
    expect(warned).toMatchObject({ warning: 'REFRESH_FAILED', lastRefreshError: 'unavailable (isp.ServiceUnavailable)' });
    // the next pass succeeds and the warning goes
    expect(await refreshDueTokens(t.db, settings)).toEqual({ refreshed: ['1688'], failed: [] });
    expect((await recordOf('1688')).warning).toBeNull();
  });

  it('the job, as registered on the queue (pg-boss), refreshes through the platform', async () => {
    await t.db.update(platformCredentials).set({ accessExpiresAt: new Date(Date.now() + 5 * 60_000) }).where(eq(platformCredentials.platform, 'TAOBAO'));
    const before = (await rowOf('TAOBAO'))!.accessTokenEnc;
    const errors: Error[] = [];
    const outcomes: unknown[] = [];
    const jobs = new JobQueue(t.database, (error) => errors.push(error), 0.5);
    registerTokenRefresh(jobs, t.db, settings, (outcome) => outcomes.push(outcome));
    await jobs.start();
    try {
      const id = await jobs.send(TOKEN_REFRESH_JOB, {});
      let state: string | undefined;
      // a scheduled kind's worker looks for jobs every 30 s, but a job sent by hand wakes it: a job left
      // waiting fails the test after 15 s, it does not hang it
      for (let i = 0; i < 60 && state !== 'completed' && state !== 'failed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        state = await jobs.state(TOKEN_REFRESH_JOB, id);
      }
      expect(state).toBe('completed');
    } finally {
      await jobs.stop();
    }
    expect(errors).toEqual([]);
    expect(outcomes).toEqual([{ refreshed: ['TAOBAO'], failed: [] }]);
    expect((await rowOf('TAOBAO'))!.accessTokenEnc).not.toBe(before);
  });

  it('warns when the refresh token runs out within the warning days', async () => {
    await t.db.update(platformCredentials).set({ refreshExpiresAt: new Date(Date.now() + 3 * 86_400_000) }).where(eq(platformCredentials.platform, 'TAOBAO'));
    expect((await recordOf('TAOBAO')).warning).toBe('REFRESH_EXPIRING');
  });

  it('another app key clears the tokens; delete clears the row; every change is audited without secrets', async () => {
    const changed = ok<PlatformTokenRecord>(await save('1688', undefined, '8123457'));
    expect(changed).toMatchObject({ status: 'UNAUTHORIZED', accountName: '' });
    expect((await rowOf('1688'))!.accessTokenEnc).toBeNull();

    ok(await call('admin', { method: 'DELETE', url: `${T}/delete`, query: { platform: '1688' } }));
    expect(await rowOf('1688')).toBeUndefined();
    expect((await recordOf('1688')).status).toBe('UNSET');
    refused(await call('admin', { method: 'DELETE', url: `${T}/delete`, query: { platform: '1688' } }), 404);

    const lines = await t.db.select().from(auditLogs).where(eq(auditLogs.resource, 'purchase-token'));
    expect(lines.map((line) => line.action)).toEqual(expect.arrayContaining(['create', 'update', 'authorize', 'authorized', 'refresh', 'refresh-failed', 'delete']));
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(standIn.apps.TAOBAO.appSecret);
    expect(logged).not.toContain(standIn.apps['1688'].appSecret);
  });

  it('no answer ever carried a secret or a token', async () => {
    const rows = await t.db.select().from(platformCredentials);
    const key = Buffer.from(KEY_HEX, 'hex');
    // (the app key is public: it is the authorize address's client_id)
    const values = [standIn.apps.TAOBAO.appSecret, standIn.apps['1688'].appSecret];
    for (const row of rows) {
      for (const field of ['accessToken', 'refreshToken'] as const) {
        const enc = field === 'accessToken' ? row.accessTokenEnc : row.refreshTokenEnc;
        const plain = enc ? decryptSecret(key, `${row.platform}:${field}`, enc) : null;
        if (plain) values.push(plain);
      }
      values.push(row.appSecretEnc);
    }
    for (const body of bodies) for (const value of values) expect(body).not.toContain(value);
  });
});
