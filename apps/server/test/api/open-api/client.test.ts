import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiClient, type NewOrder, type OpenApiClient } from '@portal/open-api-client';
import { schemaSource } from '../../../../../packages/open-api-client/src/generate.ts';
import { createApiKey } from '../../helpers/api-keys.ts';
import { sampleOrder } from '../../helpers/orders.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

/*
 * The open API through its typed client (packages/open-api-client), as a merchant's program calls it: the
 * client's types come from the document, and the calls go through the real HTTP handling (app.inject behind
 * the client's fetch). The committed types must be what the server's document makes today, and the
 * package's README example must run against a portal as written.
 */

const CLIENT = path.resolve(import.meta.dirname, '../../../../../packages/open-api-client');

/** fetch answered by the app itself (no port): the client's requests as light-my-request injections */
const injectedFetch =
  (t: TestApp) =>
  async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await t.app.inject({ method: request.method as 'GET', url: url.pathname + url.search, headers: Object.fromEntries(request.headers), ...(body ? { payload: body } : {}) });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };

describe(`the open API through its typed client (${testDbKind()})`, () => {
  let t: TestApp;
  let client: OpenApiClient;
  let key = '';
  const order = (merchantOrderNo: string): NewOrder => ({ ...sampleOrder(merchantOrderNo), destinationCountry: 'TW', warehouseCode: 'SZ01' });

  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApiKey(t.db, 'merchant')).key;
    client = createOpenApiClient({ baseUrl: 'http://portal.test/open/v1', apiKey: key, fetch: injectedFetch(t), headers: { 'accept-language': 'en-US' } });
  });
  afterAll(() => t.close());

  it('has the types the server\'s document makes today', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/open/v1/openapi.json' })).json();
    const committed = await readFile(path.join(CLIENT, 'src/open-api-schema.ts'), 'utf8');
    // on a difference: npm start, then npm run generate -w @portal/open-api-client
    expect(committed).toBe(await schemaSource(document));
  });

  it('creates once per Idempotency-Key, reads, lists, tracks and cancels', async () => {
    const idempotencyKey = randomUUID();
    const created = await client.POST('/orders', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: order('CLIENT-1') });
    expect(created.response.status).toBe(201);
    const orderNo = created.data?.orderNo ?? '';
    expect(created.data).toMatchObject({ merchantOrderNo: 'CLIENT-1', status: 'CREATED', cancellable: true });

    const again = await client.POST('/orders', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: order('CLIENT-1') });
    expect(again.data?.orderNo).toBe(orderNo);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');

    const read = await client.GET('/orders/{orderNo}', { params: { path: { orderNo } } });
    expect(read.data).toEqual(created.data);
    const page = await client.GET('/orders', { params: { query: { merchantOrderNo: 'CLIENT-1', status: 'CREATED', pageSize: 10 } } });
    expect(page.data?.records.map((record) => record.orderNo)).toEqual([orderNo]);
    const tracking = await client.GET('/orders/{orderNo}/tracking', { params: { path: { orderNo } } });
    expect(tracking.data?.events.map((event) => event.status)).toEqual(['CREATED']);

    const cancelled = await client.POST('/orders/{orderNo}/cancel', { params: { path: { orderNo }, header: { 'Idempotency-Key': randomUUID() } }, body: { reason: 'The buyer changed the order' } });
    expect(cancelled.data?.status).toBe('CANCEL');
  });

  it('reads parcels, wallet balances and purchase orders', async () => {
    const parcels = await client.GET('/parcels', { params: { query: { pageSize: 5 } } });
    expect(parcels.response.status).toBe(200);
    expect(Array.isArray(parcels.data?.records)).toBe(true);
    const balances = await client.GET('/wallet/balances');
    expect(balances.response.status).toBe(200);
    expect(Array.isArray(balances.data?.wallets)).toBe(true);
    const purchases = await client.GET('/purchase-orders', { params: { query: { pageSize: 5 } } });
    expect(purchases.response.status).toBe(200);
  });

  it('answers a refusal as the document\'s error, typed', async () => {
    await client.POST('/orders', { params: { header: { 'Idempotency-Key': randomUUID() } }, body: order('CLIENT-TAKEN') });
    const taken = await client.POST('/orders', { params: { header: { 'Idempotency-Key': randomUUID() } }, body: order('CLIENT-TAKEN') });
    expect(taken.response.status).toBe(409);
    expect(taken.error?.error.code).toBe('conflict');
    expect(taken.error?.error.requestId).toBeTruthy();
  });

  it('runs the README\'s example against a listening portal, as written', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'example.ts'], { cwd: CLIENT, env: { ...process.env, PORTAL_URL: address, OPEN_API_KEY: key } });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`the example exited ${code}: ${text}`))));
    });
    expect(output).toMatch(/^created (LO\d{14}) \(CREATED\)/m);
    const orderNo = /^created (LO\d{14})/m.exec(output)?.[1];
    expect(output).toContain(`the retry answered ${orderNo} again (Idempotent-Replayed: true)`);
    expect(output).toMatch(/CREATED Order created$/m);
  }, 60_000);
});
