import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PUSH_ENDPOINTS_PER_TENANT_MAX, PUSH_SECRET_OVERLAP_HOURS, PUSH_TYPES } from '@portal/shared/open-api';
import type { PushEndpointRecord, PushEndpointWithSecret } from '@portal/shared/push-endpoints';
import { pushDeliveries, pushEndpoints, pushMessages } from '../../../src/db/schema/open-api.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { decryptSecret } from '../../../src/lib/secret-box.ts';
import { pushSettingsOf } from '../../../src/modules/push/settings.ts';
import { heldRights } from '../../../src/modules/auth/access/holder.ts';
import { addEndpoint, refuseUrl } from '../../../src/modules/push/endpoint/service.ts';
import type { AppError } from '../../../src/lib/errors.ts';
import { isPrivateHost } from '../../../src/modules/push/endpoint/model.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';

const P = '/api/config/push-endpoint';
const KEY_HEX = randomBytes(32).toString('hex');
const KEY = Buffer.from(KEY_HEX, 'hex');
const TABLES = ['push_endpoint', 'push_message', 'push_delivery', 'push_attempt', 'sys_audit_log'] as const;

type Who = 'admin' | 'merchant' | 'merchant2' | 'staff';

describe(`message push: endpoints (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens: Record<Who, string> = { admin: '', merchant: '', merchant2: '', staff: '' };
  /** every answer's body, to show that no secret leaks but where it is meant to be */
  const bodies: string[] = [];
  const call = async (who: Who, request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; query?: Record<string, string>; payload?: object; lang?: string }): Promise<LightMyRequestResponse> => {
    const response = await t.call({ ...request, token: tokens[who] });
    bodies.push(response.body);
    return response;
  };
  const add = (payload: object, who: Who = 'merchant', lang?: string) => call(who, { method: 'POST', url: `${P}/add`, payload, ...(lang ? { lang } : {}) });
  const rowOf = async (id: number) => (await t.db.select().from(pushEndpoints).where(eq(pushEndpoints.id, id)))[0]!;
  const tenantOf = async (id: number) => (await rowOf(id)).tenantId;
  const secretsShown: string[] = [];
  const created = async (payload: object = { url: 'https://hooks.example.com/portal', description: 'ERP', eventTypes: ['ORDER_STATUS'] }) => {
    const result = ok<PushEndpointWithSecret>(await add(payload));
    secretsShown.push(result.secret);
    return result;
  };

  beforeAll(async () => {
    // a PostgreSQL-like deployment: a key from the environment, no private targets
    t = await createTestApp({ config: { PUSH_SECRET_KEY: KEY_HEX, PUSH_ALLOW_PRIVATE_TARGETS: false } });
    for (const who of Object.keys(tokens) as Who[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it('the platform and a merchant user without the menu are refused every call', async () => {
    const before = await fingerprint(t.db, TABLES);
    for (const who of ['admin', 'staff'] as const) {
      refused(await call(who, { method: 'GET', url: `${P}/list` }), 403);
      refused(await add({ url: 'https://hooks.example.com/a', eventTypes: ['ORDER_STATUS'] }, who), 403);
      refused(await call(who, { method: 'PUT', url: `${P}/edit`, payload: { id: 1, url: 'https://hooks.example.com/a', eventTypes: ['ORDER_STATUS'] } }), 403);
      refused(await call(who, { method: 'DELETE', url: `${P}/delete`, query: { id: '1' } }), 403);
      refused(await call(who, { method: 'POST', url: `${P}/rotate-secret`, payload: { id: 1 } }), 403);
      refused(await call(who, { method: 'POST', url: `${P}/test`, payload: { id: 1 } }), 403);
    }
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('bad input is refused with a translated message and changes nothing', async () => {
    const before = await fingerprint(t.db, TABLES);
    const types = ['ORDER_STATUS'];
    expect(refused(await add({ url: 'ftp://hooks.example.com/x', eventTypes: types }, 'merchant', 'en-US'), 400)).toContain('http:// or https://');
    expect(refused(await add({ url: 'https://user:pw@hooks.example.com/x', eventTypes: types }, 'merchant', 'zh-TW'), 400)).toContain('帳號或密碼');
    expect(refused(await add({ url: `https://hooks.example.com/${'a'.repeat(2000)}`, eventTypes: types }, 'merchant', 'en-US'), 400)).toContain('at most 2,000 characters');
    expect(refused(await add({ url: 'http://hooks.example.com/x', eventTypes: types }, 'merchant', 'en-US'), 400)).toContain('must use https://');
    for (const url of ['https://127.0.0.1/x', 'https://169.254.169.254/latest/meta-data', 'https://10.1.2.3:8443/', 'https://[::1]/x', 'https://localhost/x', 'https://0x7f.1/']) {
      expect(refused(await add({ url, eventTypes: types }, 'merchant', 'zh-CN'), 400), url).toContain('内部、本机或云端元数据地址');
    }
    expect(refused(await add({ url: 'https://hooks.example.com/x', eventTypes: [] }, 'merchant', 'en-US'), 400)).toContain('at least one event type');
    refused(await add({ url: 'https://hooks.example.com/x', eventTypes: ['NOT_A_TYPE'] }), 400);
    refused(await add({ url: 'https://hooks.example.com/x', eventTypes: ['ORDER_STATUS', 'ORDER_STATUS'] }), 400);
    refused(await add({ url: 'https://hooks.example.com/x', eventTypes: types, secret: 'whsec_mine' }), 400);
    refused(await add({ url: 'https://hooks.example.com/x', eventTypes: types, description: 'x'.repeat(201) }), 400);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('the literal-address rule knows the private, loopback and metadata ranges, and nothing else', () => {
    for (const host of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:7f00:1', 'localhost', 'a.localhost']) expect(isPrivateHost(host), host).toBe(true);
    for (const host of ['8.8.8.8', '172.32.0.1', 'hooks.example.com', '2606:4700::1111', '192.169.0.1']) expect(isPrivateHost(host), host).toBe(false);
  });

  it('refuses at save the metadata address in any notation, an IPv6 form of an IPv4 address, and the portal itself', async () => {
    for (const url of ['https://169.254.169.254/latest', 'https://2852039166/x', 'https://0xa9fea9fe/x', 'https://[::ffff:a9fe:a9fe]/x']) {
      expect(refused(await add({ url, eventTypes: ['ORDER_STATUS'] }, 'merchant', 'en-US'), 400), url).toMatch(/private, loopback or metadata address|IPv6 form that carries an IPv4 address/);
    }
    for (const url of ['https://[2002:808:808::1]/x', 'https://[::ffff:192.168.1.1]/']) expect(refused(await add({ url, eventTypes: ['ORDER_STATUS'] }, 'merchant', 'en-US'), 400), url).toContain('IPv6 form that carries an IPv4 address');
    // private targets are off unless the deployment says so, the embedded demo too
    expect(pushSettingsOf({}, 'pglite').targets.allowPrivateTargets).toBe(false);
    const allowing = pushSettingsOf({ PUSH_ALLOW_PRIVATE_TARGETS: true, HOST: '0.0.0.0', PORT: 8080 }, 'pglite');
    const refusal = (url: string) => {
      try {
        refuseUrl(allowing, url);
        return null;
      } catch (error) {
        return (error as AppError).key;
      }
    };
    expect(refusal('http://127.0.0.1:4000/webhook')).toBeNull();
    expect(refusal('http://127.0.0.1:8080/api/sys/login')).toBe('pushEndpointOwnAddress');
    expect(refusal('http://localhost:8080/')).toBe('pushEndpointOwnAddress');
    expect(refusal('http://[::ffff:127.0.0.1]:4000/')).toBe('pushEndpointEmbeddedIpv4');
    expect(refusal('http://[64:ff9b:1::a00:1]/')).toBe('pushEndpointEmbeddedIpv4');
  });

  it('adding answers the secret once (whsec_ and 32 random bytes), stored encrypted and readable with the settings key', async () => {
    const { endpoint, secret } = await created({ url: 'https://hooks.example.com/portal', description: 'ERP', eventTypes: ['ORDER_STATUS', 'TRACKING_EVENT'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/portal', description: 'ERP', eventTypes: ['ORDER_STATUS', 'TRACKING_EVENT'], enabled: true, disabledReason: null, previousSecretUntil: null });
    const row = await rowOf(endpoint.id);
    expect(row.secretEnc).not.toContain(secret.slice(6));
    // the delivery signs with what this decrypts to: the settings' key, the slot push:<id>
    expect(decryptSecret(pushSettingsOf({ PUSH_SECRET_KEY: KEY_HEX }, 'postgres').key!, `push:${endpoint.id}`, row.secretEnc)).toBe(secret);
    expect(decryptSecret(KEY, `push:${endpoint.id + 1}`, row.secretEnc)).toBeNull();
    const list = ok<{ records: PushEndpointRecord[] }>(await call('merchant', { method: 'GET', url: `${P}/list` }));
    expect(list.records.map((r) => r.id)).toContain(endpoint.id);
    expect(JSON.stringify(list)).not.toMatch(/whsec_|secretEnc|v1:/);
    // another secret every time
    const second = await created({ url: 'https://hooks.example.com/other', eventTypes: ['PARCEL_WHIN'] });
    expect(second.secret).not.toBe(secret);
  });

  it('without a key no endpoint is saved, with a clear message', async () => {
    const before = await fingerprint(t.db, TABLES);
    const noKey = { ...pushSettingsOf({}, 'postgres') };
    expect(noKey.key).toBeNull();
    const actor = { tenantId: 1, userId: 1, username: 'test', ip: '', held: new Set(PUSH_TYPES) };
    await expect(addEndpoint(t.db, noKey, heldRights(t.app.accessService), 1, { url: 'https://hooks.example.com/k', description: '', eventTypes: ['ORDER_STATUS'], enabled: true }, actor)).rejects.toMatchObject({ statusCode: 409, key: 'pushSecretKeyMissing' });
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('editing changes the fields; disabling records MANUAL, enabling clears the reason and the failing time', async () => {
    const { endpoint } = await created({ url: 'https://hooks.example.com/edit', eventTypes: ['ORDER_STATUS'] });
    const edit = (payload: object) => call('merchant', { method: 'PUT', url: `${P}/edit`, payload: { id: endpoint.id, url: 'https://hooks.example.com/edited', description: 'edited', eventTypes: [...PUSH_TYPES], ...payload } });
    expect(ok<PushEndpointRecord>(await edit({}))).toMatchObject({ url: 'https://hooks.example.com/edited', description: 'edited', eventTypes: [...PUSH_TYPES], enabled: true });
    expect(ok<PushEndpointRecord>(await edit({ enabled: false }))).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });
    // the delivery disabled it after a 410
    await t.db.update(pushEndpoints).set({ disabledReason: 'GONE', failingSince: new Date(Date.now() - 3 * 86_400_000) }).where(eq(pushEndpoints.id, endpoint.id));
    expect(ok<{ records: PushEndpointRecord[] }>(await call('merchant', { method: 'GET', url: `${P}/list` })).records.find((r) => r.id === endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'GONE' });
    expect(ok<PushEndpointRecord>(await edit({ enabled: true }))).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    const row = await rowOf(endpoint.id);
    expect(row).toMatchObject({ enabled: true, disabledReason: null, failingSince: null, disabledAt: null });
    // the edit keeps the secret
    expect(decryptSecret(KEY, `push:${endpoint.id}`, row.secretEnc)).toMatch(/^whsec_/);
    const actions = (await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'push-endpoint'), eq(auditLogs.resourceId, String(endpoint.id))))).map((line) => line.action);
    expect(actions).toEqual(['create', 'update', 'disable', 'enable']);
    refused(await edit({ url: 'https://10.0.0.1/x' }), 400);
  });

  it('refuses a second endpoint of the company on an address one already pushes to, at add and edit, in three languages', async () => {
    const { endpoint } = await created({ url: 'https://hooks.example.com/once', description: 'ERP', eventTypes: ['ORDER_STATUS'] });
    const before = await fingerprint(t.db, TABLES);
    expect(refused(await add({ url: 'https://hooks.example.com/once', description: 'ERP', eventTypes: ['ORDER_STATUS'] }, 'merchant', 'zh-TW'), 409)).toBe('已有推送到 https://hooks.example.com/once 的端點：請在該端點選擇要接收的事件類型');
    expect(refused(await add({ url: 'https://hooks.example.com/once', eventTypes: ['PARCEL_WHIN'] }, 'merchant', 'en-US'), 409)).toContain('An endpoint already pushes to https://hooks.example.com/once');
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    const { endpoint: other } = await created({ url: 'https://hooks.example.com/twice', eventTypes: ['PARCEL_WHIN'] });
    const moved = await call('merchant', { method: 'PUT', url: `${P}/edit`, payload: { id: other.id, url: 'https://hooks.example.com/once', eventTypes: ['PARCEL_WHIN'] }, lang: 'zh-CN' });
    expect(refused(moved, 409)).toContain('已有推送到 https://hooks.example.com/once 的端点');
    expect((await rowOf(other.id)).url).toBe('https://hooks.example.com/twice');
    // its own address kept at an edit, and another company's same address, are no clash
    ok(await call('merchant', { method: 'PUT', url: `${P}/edit`, payload: { id: endpoint.id, url: 'https://hooks.example.com/once', description: 'ERP 2', eventTypes: ['ORDER_STATUS'] } }));
    ok(await add({ url: 'https://hooks.example.com/once', eventTypes: ['ORDER_STATUS'] }, 'merchant2'));
  });

  it('rotating answers a new secret once and keeps the previous one for the overlap', async () => {
    const { endpoint, secret: first } = await created({ url: 'https://hooks.example.com/rotate', eventTypes: ['ORDER_STATUS'] });
    const started = Date.now();
    const rotated = ok<PushEndpointWithSecret>(await call('merchant', { method: 'POST', url: `${P}/rotate-secret`, payload: { id: endpoint.id } }));
    secretsShown.push(rotated.secret);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(first);
    const row = await rowOf(endpoint.id);
    expect(decryptSecret(KEY, `push:${endpoint.id}`, row.secretEnc)).toBe(rotated.secret);
    expect(decryptSecret(KEY, `push:${endpoint.id}`, row.previousSecretEnc!)).toBe(first);
    const until = row.previousSecretUntil!.getTime();
    expect(until).toBeGreaterThanOrEqual(started + PUSH_SECRET_OVERLAP_HOURS * 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + PUSH_SECRET_OVERLAP_HOURS * 3_600_000 + 1000);
    expect(rotated.endpoint.previousSecretUntil).toBe(row.previousSecretUntil!.toISOString());
  });

  it('"send a test event" writes one PING message and one delivery to this endpoint, counted as TEST', async () => {
    const { endpoint } = await created({ url: 'https://hooks.example.com/test', eventTypes: ['WALLET_CHANGE'] });
    const result = ok<{ deliveryId: number; msgId: string }>(await call('merchant', { method: 'POST', url: `${P}/test`, payload: { id: endpoint.id } }));
    const deliveries = await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.endpointId, endpoint.id));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ id: result.deliveryId, status: 'PENDING', nextTrigger: 'TEST', attempts: 0, lockedUntil: null });
    const messages = await t.db.select().from(pushMessages).where(eq(pushMessages.id, deliveries[0]!.messageId));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: 'PING', msgId: result.msgId, tenantId: await tenantOf(endpoint.id) });
  });

  it("another merchant's endpoint answers 404 to every call by its id and is left as it was", async () => {
    const { endpoint } = await created({ url: 'https://hooks.example.com/mine', eventTypes: ['ORDER_STATUS'] });
    const before = await fingerprint(t.db, TABLES);
    refused(await call('merchant2', { method: 'PUT', url: `${P}/edit`, payload: { id: endpoint.id, url: 'https://evil.example.com/', eventTypes: ['ORDER_STATUS'], enabled: true } }), 404);
    refused(await call('merchant2', { method: 'DELETE', url: `${P}/delete`, query: { id: String(endpoint.id) } }), 404);
    refused(await call('merchant2', { method: 'POST', url: `${P}/rotate-secret`, payload: { id: endpoint.id } }), 404);
    refused(await call('merchant2', { method: 'POST', url: `${P}/test`, payload: { id: endpoint.id } }), 404);
    expect(ok<{ records: PushEndpointRecord[] }>(await call('merchant2', { method: 'GET', url: `${P}/list` })).records.map((r) => r.id)).not.toContain(endpoint.id);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('deleting takes the deliveries with it', async () => {
    const { endpoint } = await created({ url: 'https://hooks.example.com/delete', eventTypes: ['ORDER_STATUS'] });
    ok(await call('merchant', { method: 'POST', url: `${P}/test`, payload: { id: endpoint.id } }));
    ok(await call('merchant', { method: 'DELETE', url: `${P}/delete`, query: { id: String(endpoint.id) } }));
    expect(await t.db.select().from(pushEndpoints).where(eq(pushEndpoints.id, endpoint.id))).toHaveLength(0);
    expect(await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.endpointId, endpoint.id))).toHaveLength(0);
    refused(await call('merchant', { method: 'DELETE', url: `${P}/delete`, query: { id: String(endpoint.id) } }), 404);
  });

  it(`a merchant has at most ${PUSH_ENDPOINTS_PER_TENANT_MAX} endpoints`, async () => {
    const tenantId = (await t.db.select({ tenantId: pushEndpoints.tenantId }).from(pushEndpoints).limit(1))[0]!.tenantId;
    const have = (await t.db.select().from(pushEndpoints).where(eq(pushEndpoints.tenantId, tenantId))).length;
    for (let i = have; i < PUSH_ENDPOINTS_PER_TENANT_MAX; i++) await created({ url: `https://hooks.example.com/n${i}`, eventTypes: ['ORDER_STATUS'] });
    const before = await fingerprint(t.db, TABLES);
    expect(refused(await add({ url: 'https://hooks.example.com/one-too-many', eventTypes: ['ORDER_STATUS'] }, 'merchant', 'en-US'), 409)).toContain(`at most ${PUSH_ENDPOINTS_PER_TENANT_MAX}`);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    // the other merchant is not counted against
    ok(await add({ url: 'https://hooks.example.com/theirs', eventTypes: ['ORDER_STATUS'] }, 'merchant2'));
  });

  it('no secret is in any other answer, in the audit log, or stored in the clear', async () => {
    expect(secretsShown.length).toBeGreaterThan(5);
    const audit = JSON.stringify(await t.db.select().from(auditLogs).where(eq(auditLogs.resource, 'push-endpoint')));
    const rows = JSON.stringify(await t.db.select().from(pushEndpoints));
    for (const secret of secretsShown) {
      const random = secret.slice('whsec_'.length);
      expect(audit).not.toContain(random);
      expect(rows).not.toContain(random);
      // exactly one answer carried it: the one that made it
      expect(bodies.filter((body) => body.includes(random))).toHaveLength(1);
    }
    expect(audit).not.toMatch(/whsec_|v1:/);
  });
});
