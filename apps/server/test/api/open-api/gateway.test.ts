import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OPEN_API_ERROR_CODES, type OpenApiErrorCode } from '@portal/shared/open-api-gateway';
import { orders } from '../../../src/db/schema/logistics.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { splitPreOrder, takePreOrder } from '../../../src/modules/purchase/queue/service.ts';
import { paidPreOrder } from '../purchase/buying-fixtures.ts';
import { createApiKey, bearer } from '../../helpers/api-keys.ts';
import { createTestApp, testDbKind } from '../../helpers/test-app.ts';
import { sampleOrder } from '../../helpers/orders.ts';

/*
 * The open API over real HTTP (app.inject) with keys made directly in the tables: what each scope allows,
 * that a key sees only its company, idempotency of creates and cancels, the stable error codes, and the
 * separation from the portal's sessions.
 */

const t = await createTestApp();
const keys = { all: '', readOnly: '', merchant2: '', ipLimited: '' };
let merchantUserId = 0;


type Call = { method?: 'GET' | 'POST'; url: string; key?: string; payload?: unknown; idempotencyKey?: string; query?: Record<string, string>; lang?: string; headers?: Record<string, string> };

function open({ method = 'GET', url, key = keys.all, payload, idempotencyKey, query, lang = 'en-US', headers }: Call): Promise<LightMyRequestResponse> {
  return t.call({
    method,
    url: `/open/v1${url}`,
    lang,
    ...(query ? { query } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: { ...(key ? bearer(key) : {}), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}), ...headers },
  });
}

/** A refusal in the open API's shape: its status and stable code; answers the error for further checks. */
function failed(response: LightMyRequestResponse, status: number, code: OpenApiErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { error: { code: string; message: string; field?: string; requestId: string } };
  expect(body.error.code).toBe(code);
  expect(OPEN_API_ERROR_CODES).toContain(body.error.code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.error.requestId).toBeTruthy();
  return body.error;
}

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const ordersWithMerchantNo = async (no: string) => t.db.select({ id: orders.id, createdBy: orders.createdBy, tenantId: orders.tenantId }).from(orders).where(eq(orders.merchantOrderNo, no));

async function created(merchantOrderNo: string): Promise<{ orderNo: string; status: string }> {
  const response = await open({ method: 'POST', url: '/orders', payload: sampleOrder(merchantOrderNo), idempotencyKey: randomUUID() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe(`the open API (${testDbKind()})`, () => {
  beforeAll(async () => {
    const all = await createApiKey(t.db, 'merchant');
    merchantUserId = all.userId;
    keys.all = all.key;
    keys.readOnly = (await createApiKey(t.db, 'merchant', { scopes: ['orders:read', 'tracking:read'] })).key;
    keys.merchant2 = (await createApiKey(t.db, 'merchant2')).key;
    keys.ipLimited = (await createApiKey(t.db, 'merchant', { ipAllowList: ['10.9.8.7'] })).key;
  });
  afterAll(() => t.close());

  describe('orders', () => {
    it('creates an order as the key\'s company, recorded as made by the key\'s creator, and reads it back by its number', async () => {
      const answer = await created('OPEN-CREATE-1');
      expect(answer).toMatchObject({ merchantOrderNo: 'OPEN-CREATE-1', status: 'CREATED', cancellable: true });
      expect(answer.orderNo).toMatch(/^LO\d{14}$/);
      const [row] = await ordersWithMerchantNo('OPEN-CREATE-1');
      expect(row).toMatchObject({ createdBy: merchantUserId, tenantId: 1 });
      const read = await open({ url: `/orders/${answer.orderNo}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ orderNo: answer.orderNo, merchantOrderNo: 'OPEN-CREATE-1', recipient: { name: 'Chen Mei-Ling' }, items: [{ quantity: 3 }] });
      // the create's answer, made from what its transaction held, is the order as it reads afterwards
      expect(read.json()).toEqual(answer);
      // and the portal's own screen sees the same order
      const token = await t.login('merchant');
      const list = (await t.call({ method: 'GET', url: '/api/logistics/order/list', token, query: { orderNo: answer.orderNo } })).json();
      expect(list.result.records).toHaveLength(1);
    });

    it('lists orders with the status, merchant number and creation filters, paged', async () => {
      await created('OPEN-LIST-1');
      await created('OPEN-LIST-2');
      const page = (await open({ url: '/orders', query: { merchantOrderNo: 'OPEN-LIST-', status: 'CREATED', createdFrom: '2000-01-01', pageSize: '1' } })).json();
      expect(page).toMatchObject({ total: 2, size: 1, pages: 2, current: 1 });
      expect(page.records[0].merchantOrderNo).toBe('OPEN-LIST-2');
      const none = (await open({ url: '/orders', query: { merchantOrderNo: 'OPEN-LIST-', status: 'WHIN' } })).json();
      expect(none.total).toBe(0);
      const past = (await open({ url: '/orders', query: { merchantOrderNo: 'OPEN-LIST-', createdTo: '2001-01-01' } })).json();
      expect(past.total).toBe(0);
    });

    it('reads the tracking of an order', async () => {
      const { orderNo } = await created('OPEN-TRACK-1');
      const tracking = (await open({ url: `/orders/${orderNo}/tracking` })).json();
      expect(tracking).toMatchObject({ orderNo, status: 'CREATED', waybillNo: null });
      expect(tracking.events.map((event: { status: string }) => event.status)).toEqual(['CREATED']);
    });

    it('cancels an order once per Idempotency-Key; a second cancel is a conflict', async () => {
      const { orderNo } = await created('OPEN-CANCEL-1');
      const key = randomUUID();
      const first = await open({ method: 'POST', url: `/orders/${orderNo}/cancel`, payload: { reason: 'changed' }, idempotencyKey: key });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ orderNo, status: 'CANCEL', cancellable: false });
      const replay = await open({ method: 'POST', url: `/orders/${orderNo}/cancel`, payload: { reason: 'changed' }, idempotencyKey: key });
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      failed(await open({ method: 'POST', url: `/orders/${orderNo}/cancel`, idempotencyKey: randomUUID() }), 409, 'conflict');
      failed(await open({ method: 'POST', url: `/orders/${orderNo}/cancel`, payload: { reason: 'other' }, idempotencyKey: key }), 409, 'idempotency_key_reused');
    });
  });

  describe('idempotency of the create', () => {
    it('answers the first answer to the same key and body, and 409 to the same key with another body', async () => {
      const key = randomUUID();
      const first = await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-IDEM-1'), idempotencyKey: key });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-IDEM-1'), idempotencyKey: key });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const before = await orderCount();
      failed(await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-IDEM-2'), idempotencyKey: key }), 409, 'idempotency_key_reused');
      expect(await orderCount()).toBe(before);
      expect(await ordersWithMerchantNo('OPEN-IDEM-1')).toHaveLength(1);
    });

    it('makes one order of concurrent duplicates', async () => {
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 5 }, () => open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-IDEM-RACE'), idempotencyKey: key })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.json().orderNo)).size).toBe(1);
      expect(await ordersWithMerchantNo('OPEN-IDEM-RACE')).toHaveLength(1);
    });

    it('scopes the Idempotency-Key by API key: two keys with the same value make two orders', async () => {
      const other = await createApiKey(t.db, 'merchant');
      const key = randomUUID();
      const first = await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-IDEM-K1'), idempotencyKey: key });
      const second = await open({ method: 'POST', url: '/orders', key: other.key, payload: sampleOrder('OPEN-IDEM-K2'), idempotencyKey: key });
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(first.json().orderNo).not.toBe(second.json().orderNo);
    });

    it('requires the Idempotency-Key on creates and cancels', async () => {
      const before = await orderCount();
      const error = failed(await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-NOKEY-1') }), 400, 'idempotency_key_required');
      expect(error.message).toContain('Idempotency-Key');
      failed(await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-NOKEY-1'), idempotencyKey: 'x'.repeat(101) }), 400, 'idempotency_key_required');
      const { orderNo } = await created('OPEN-NOKEY-2');
      failed(await open({ method: 'POST', url: `/orders/${orderNo}/cancel` }), 400, 'idempotency_key_required');
      expect(await orderCount()).toBe(before + 1);
    });
  });

  describe('bad input: 400 with a stable code and the field, nothing changed', () => {
    const cases: [string, unknown, string][] = [
      ['a missing recipient phone', { ...sampleOrder('OPEN-BAD-1'), recipient: { name: 'X', address: 'Y' } }, 'body.recipient.phone'],
      ['an unknown field', { ...sampleOrder('OPEN-BAD-2'), colour: 'red' }, 'body.colour'],
      ['an unknown service type', { ...sampleOrder('OPEN-BAD-3'), serviceType: 'ROCKET' }, 'body.serviceType'],
      ['no products', { ...sampleOrder('OPEN-BAD-4'), items: [] }, 'body.items'],
      ['a negative weight', { ...sampleOrder('OPEN-BAD-5'), weight: '-1' }, 'body.weight'],
      ['a wrong unit price', { ...sampleOrder('OPEN-BAD-6'), items: [{ name: 'A', category: 'B', quantity: 1, unitPrice: 'free' }] }, 'body.items[0].unitPrice'],
    ];
    it.each(cases)('%s', async (_, payload, field) => {
      const before = await orderCount();
      const error = failed(await open({ method: 'POST', url: '/orders', payload, idempotencyKey: randomUUID() }), 400, 'invalid_request');
      expect(error.field).toBe(field);
      expect(await orderCount()).toBe(before);
    });

    it('a merchant order number taken is a conflict', async () => {
      await created('OPEN-TAKEN-1');
      failed(await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-TAKEN-1'), idempotencyKey: randomUUID() }), 409, 'conflict');
    });

    it('bad JSON, another content type, bad queries and paths', async () => {
      failed(await open({ method: 'POST', url: '/orders', payload: '{"merchantOrderNo":', idempotencyKey: randomUUID(), headers: { 'content-type': 'application/json' } }), 400, 'invalid_request');
      failed(await open({ method: 'POST', url: '/orders', payload: 'hello', idempotencyKey: randomUUID(), headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
      expect(failed(await open({ url: '/orders', query: { pageSize: '100000' } }), 400, 'invalid_request').field).toBe('query.pageSize');
      expect(failed(await open({ url: '/orders', query: { status: 'FLYING' } }), 400, 'invalid_request').field).toBe('status');
      expect(failed(await open({ url: '/orders', query: { colour: 'red' } }), 400, 'invalid_request').field).toBe('query.colour');
      failed(await open({ url: '/orders', query: { createdFrom: 'yesterday' } }), 400, 'invalid_request');
      failed(await open({ url: `/orders/${'9'.repeat(40)}` }), 400, 'invalid_request');
      failed(await open({ url: '/parcels', query: { status: 'LOST' } }), 400, 'invalid_request');
      failed(await open({ url: '/purchase-orders', query: { createdAt_begin: '2026-02-31' } }), 400, 'invalid_request');
    });

    it('messages follow Accept-Language, codes do not', async () => {
      const english = failed(await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-LANG-1') }), 400, 'idempotency_key_required');
      const chinese = failed(await open({ method: 'POST', url: '/orders', payload: sampleOrder('OPEN-LANG-1'), lang: 'zh-TW' }), 400, 'idempotency_key_required');
      expect(chinese.message).not.toBe(english.message);
      expect(chinese.message).toMatch(/請求標頭/);
    });
  });

  describe('keys, scopes and sessions', () => {
    it('a read-only key reads but cannot create or cancel (403 forbidden_scope) nor read the wallet', async () => {
      const before = await orderCount();
      failed(await open({ method: 'POST', url: '/orders', key: keys.readOnly, payload: sampleOrder('OPEN-RO-1'), idempotencyKey: randomUUID() }), 403, 'forbidden_scope');
      expect(await orderCount()).toBe(before);
      const { orderNo } = await created('OPEN-RO-2');
      failed(await open({ method: 'POST', url: `/orders/${orderNo}/cancel`, key: keys.readOnly, idempotencyKey: randomUUID() }), 403, 'forbidden_scope');
      expect((await open({ url: `/orders/${orderNo}`, key: keys.readOnly })).statusCode).toBe(200);
      failed(await open({ url: '/wallet/balances', key: keys.readOnly }), 403, 'forbidden_scope');
      failed(await open({ url: '/parcels', key: keys.readOnly }), 403, 'forbidden_scope');
    });

    it('no key, a wrong key, a revoked or expired key: 401 unauthorized', async () => {
      failed(await open({ url: '/orders', key: '' }), 401, 'unauthorized');
      failed(await open({ url: '/orders', key: 'mpk_' + 'A'.repeat(40) }), 401, 'unauthorized');
      const revoked = await createApiKey(t.db, 'merchant', { revoked: true });
      failed(await open({ url: '/orders', key: revoked.key }), 401, 'unauthorized');
      const expired = await createApiKey(t.db, 'merchant', { expiresAt: new Date(Date.now() - 1000) });
      failed(await open({ url: '/orders', key: expired.key }), 401, 'unauthorized');
    });

    it('a key used from an address outside its allow-list: 403 ip_not_allowed', async () => {
      failed(await open({ url: '/orders', key: keys.ipLimited }), 403, 'ip_not_allowed');
    });

    it('a session token is no key on /open, and a key is no session on /api', async () => {
      const token = await t.login('merchant');
      failed(await t.call({ method: 'GET', url: '/open/v1/orders', token }), 401, 'unauthorized');
      failed(await t.call({ method: 'GET', url: '/open/v1/orders', headers: { authorization: `Bearer ${token}` } }), 401, 'unauthorized');
      const portal = await t.call({ method: 'GET', url: '/api/logistics/order/list', headers: bearer(keys.all) });
      expect(portal.statusCode).toBe(401);
      const portal2 = await t.call({ method: 'GET', url: '/api/logistics/order/list', headers: { 'x-access-token': keys.all } });
      expect(portal2.statusCode).toBe(401);
    });
  });

  describe("merchant2's key sees nothing of merchant's", () => {
    let orderNo = '';
    let purchaseNo = '';
    beforeAll(async () => {
      orderNo = (await created('OPEN-ISO-1')).orderNo;
      const pre = await paidPreOrder(t.db, { platform: 'TAOBAO', lines: [{ sellerId: 'OPENAPI', unitPrice: 1234n, quantity: 2, expressFee: 300n }] });
      const [purchaser] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'purchaser'));
      await takePreOrder(t.db, { tenantId: 1, id: pre.id }, purchaser?.id ?? 0);
      const detail = await splitPreOrder(t.db, { tenantId: 1, id: pre.id }, purchaser?.id ?? 0);
      purchaseNo = detail.purchaseOrders[0]?.purchaseNo ?? '';
    });

    it('merchant reads its purchase order by its number and in the list', async () => {
      const one = await open({ url: `/purchase-orders/${purchaseNo}` });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ purchaseNo, platform: 'TAOBAO' });
      expect(one.json()).not.toHaveProperty('tenantId');
      const page = (await open({ url: '/purchase-orders', query: { purchaseNo } })).json();
      expect(page.records.map((record: { purchaseNo: string }) => record.purchaseNo)).toEqual([purchaseNo]);
      failed(await open({ url: `/purchase-orders/${purchaseNo.slice(0, -1)}` }), 404, 'not_found');
    });

    it('404 for every number of merchant', async () => {
      const other = { key: keys.merchant2 };
      failed(await open({ ...other, url: `/orders/${orderNo}` }), 404, 'not_found');
      failed(await open({ ...other, url: `/orders/${orderNo}/tracking` }), 404, 'not_found');
      failed(await open({ ...other, method: 'POST', url: `/orders/${orderNo}/cancel`, idempotencyKey: randomUUID() }), 404, 'not_found');
      failed(await open({ ...other, url: `/purchase-orders/${purchaseNo}` }), 404, 'not_found');
      expect((await open({ url: `/orders/${orderNo}` })).json().status).toBe('CREATED');
    });

    it('lists without merchant\'s records', async () => {
      const other = { key: keys.merchant2 };
      for (const url of ['/orders', '/parcels', '/purchase-orders']) {
        const response = await open({ ...other, url, query: { pageSize: '200' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).not.toContain(orderNo);
        expect(response.body).not.toContain(purchaseNo);
      }
      const mine = (await open({ url: '/orders', query: { merchantOrderNo: 'OPEN-ISO-1' } })).json();
      expect(mine.total).toBe(1);
      const theirs = (await open({ ...other, url: '/orders', query: { merchantOrderNo: 'OPEN-ISO-1' } })).json();
      expect(theirs.total).toBe(0);
    });
  });

  describe('parcels and the wallet', () => {
    it('lists the company\'s parcels, filtered', async () => {
      const page = (await open({ url: '/parcels', query: { pageSize: '5' } })).json();
      expect(page).toMatchObject({ current: 1, size: 5 });
      expect(page.total).toBeGreaterThan(0);
      const first = page.records[0];
      const filtered = (await open({ url: '/parcels', query: { trackingNo: first.trackingNo } })).json();
      expect(filtered.records.map((record: { trackingNo: string }) => record.trackingNo)).toContain(first.trackingNo);
    });

    it('reads the wallet balances of each company', async () => {
      const mine = (await open({ url: '/wallet/balances' })).json();
      expect(mine.wallets.length).toBeGreaterThan(0);
      expect(mine.wallets[0]).toMatchObject({ currency: expect.any(String), balance: expect.stringMatching(/^-?\d+(\.\d+)?$/) });
      const token = await t.login('merchant');
      const portal = (await t.call({ method: 'POST', url: '/platform-api/finance/virtualWallet/wallet/details', token, payload: {} })).json();
      expect(mine.wallets).toEqual(portal.result.wallets);
    });
  });

  describe('paths', () => {
    it('an unknown path under /open answers 404 not_found as JSON', async () => {
      failed(await open({ url: '/nothing-here' }), 404, 'not_found');
      failed(await open({ method: 'POST', url: '/parcels', idempotencyKey: randomUUID() }), 404, 'not_found');
      failed(await t.call({ method: 'GET', url: '/open/v2/orders' }), 404, 'not_found');
    });
  });
});

