import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { emit, insertEndpoint, startDeliveryApp, type DeliveryHarness } from '../helpers/push-delivery.ts';
import { createTestApp, testDbKind } from '../helpers/test-app.ts';
import { newWebhookSecret, startReceiver, waitUntil, type Receiver } from '../helpers/webhook-receiver.ts';

/*
 * The operators' metrics (GET /metrics, Prometheus's text format) after a little of everything: a sign-in,
 * a list, a push delivered and one still waiting. Each family is there with the values the walk made, and
 * only a caller with the configured token reads them.
 */

const TOKEN = 'metrics-token-of-the-tests-0123456789';
const TENANT = 1;
const secret = newWebhookSecret();

/** The value of the first sample of `name` whose labels include all of `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe(`the operators' metrics (${testDbKind()})`, () => {
  let t: DeliveryHarness;
  let receiver: Receiver;
  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    t = await startDeliveryApp({ config: { METRICS_TOKEN: TOKEN } });
    receiver = await startReceiver([secret], (path) => ({ status: path === '/down' ? 503 : 204 }));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('refuses a caller without the token, or with another one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('shows requests by route template, the pool, the queue, the pushes and the sessions after a walk', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/sys/login', payload: { username: 'merchant', password: DEMO_PASSWORD } });
    const token = login.json().result.token as string;
    const list = await t.app.inject({ method: 'GET', url: '/api/logistics/order/list?pageNo=1&pageSize=10', headers: { 'x-access-token': token } });
    expect(list.statusCode).toBe(200);
    // one push delivered, one waiting for its next attempt (its receiver answers 503)
    const up = await insertEndpoint(t.db, { tenantId: TENANT, url: receiver.url('/up'), secret });
    await insertEndpoint(t.db, { tenantId: TENANT, url: receiver.url('/down'), secret });
    await emit(t.db, TENANT, 'ORDER_STATUS', { orderNo: 'MT-1', status: 'SHIPPED' });
    await waitUntil('both endpoints tried', () => receiver.requests.some((request) => request.path === '/up') && receiver.requests.some((request) => request.path === '/down'));
    expect(up).toBeGreaterThan(0);

    let text = '';
    await waitUntil('the attempts counted', async () => {
      const response = await scrape(`Bearer ${TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      text = response.body;
      return (sample(text, 'portal_push_attempts_total', { outcome: 'SUCCESS' }) ?? 0) >= 1 && (sample(text, 'portal_push_attempts_total', { outcome: 'HTTP_ERROR' }) ?? 0) >= 1;
    });

    // the process's own
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // requests by template (never the path as sent), with their latency
    expect(sample(text, 'portal_http_requests_total', { method: 'POST', route: '/api/sys/login', status: '200' })).toBe(1);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route: '/api/logistics/order/list', status: '200' })).toBe(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count', { route: '/api/logistics/order/list' })).toBe(1);
    expect(text).not.toContain('pageSize=10');
    // the queue's jobs by queue and state
    expect(text).toMatch(/^portal_jobs\{queue="push-deliver",state="[a-z]+"\} [1-9]/m);
    // the pushes: one waiting, for a moment already
    expect(sample(text, 'portal_push_deliveries_waiting')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_push_oldest_waiting_seconds')).toBeGreaterThan(0);
    // the merchant's session, at least
    expect(sample(text, 'portal_sessions_live')).toBeGreaterThanOrEqual(1);
    // the pool: PostgreSQL's (the embedded database has no pool)
    if (testDbKind() === 'postgres') expect(sample(text, 'portal_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
  });

  it('does not exist without a configured token', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
