import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { pushAttempts, pushDeliveries, pushEndpoints, pushMessages } from '../../../src/db/schema/open-api.ts';
import { announcements } from '../../../src/db/schema/sys.ts';
import { PUSH_TEST_TYPE } from '@portal/shared/open-api';
import { USER_AGENT } from '../../../src/modules/push/delivery/model.ts';
import { emit, insertEndpoint, PUSH_TEST_TIMEOUT_MS, queueTo, startDeliveryApp, type DeliveryHarness } from '../../helpers/push-delivery.ts';
import { newWebhookSecret, startReceiver, waitUntil, type Answer, type Receiver } from '../../helpers/webhook-receiver.ts';

/*
 * Message push end to end: the outbox's rows, the relay, pg-boss's jobs, signed
 * attempts to a real local receiver that checks them with the official standardwebhooks package, and what
 * each answer does to the delivery and its endpoint. Each case has its own receiver path and endpoint.
 */

const TENANT = 1;
const secret = newWebhookSecret();
const oldSecret = newWebhookSecret();
let t: DeliveryHarness;
let receiver: Receiver;
const answers = new Map<string, (nth: number) => Answer>();

beforeAll(async () => {
  t = await startDeliveryApp();
  receiver = await startReceiver([secret, oldSecret], (path, nth) => answers.get(path)?.(nth) ?? { status: 200 });
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** An endpoint at `path` whose receiver answers `answer`, subscribed to ORDER_STATUS. */
async function endpointAt(path: string, answer: (nth: number) => Answer, extra: Partial<Parameters<typeof insertEndpoint>[1]> = {}): Promise<number> {
  answers.set(path, answer);
  return insertEndpoint(t.db, { tenantId: TENANT, url: receiver.url(path), secret, ...extra });
}

const requestsTo = (path: string) => receiver.requests.filter((request) => request.path === path);

async function deliveryOf(endpointId: number) {
  const [row] = await t.db.select().from(pushDeliveries).where(and(eq(pushDeliveries.tenantId, TENANT), eq(pushDeliveries.endpointId, endpointId)));
  if (!row) throw new Error('no delivery');
  return row;
}

const attemptsOf = (deliveryId: number) => t.db.select().from(pushAttempts).where(and(eq(pushAttempts.tenantId, TENANT), eq(pushAttempts.deliveryId, deliveryId))).orderBy(asc(pushAttempts.attemptNo));

async function endpointRow(id: number) {
  const [row] = await t.db.select().from(pushEndpoints).where(and(eq(pushEndpoints.tenantId, TENANT), eq(pushEndpoints.id, id)));
  if (!row) throw new Error('no endpoint');
  return row;
}

const settled = async (endpointId: number) => (await deliveryOf(endpointId)).status !== 'PENDING';

describe('signed deliveries', () => {
  it('sends each event once, signed (Standard Webhooks), with the message id as webhook-id, and marks it SUCCEEDED', async () => {
    const endpoint = await endpointAt('/signed', () => ({ status: 204 }), { failingSince: new Date(Date.now() - 3_600_000) });
    expect(await emit(t.db, TENANT, 'ORDER_STATUS', { orderNo: 'KD-1', status: 'SHIPPED' })).toBeGreaterThanOrEqual(1);
    await waitUntil('the delivery succeeded', () => settled(endpoint));

    const delivery = await deliveryOf(endpoint);
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastOutcome: 'SUCCESS', lastHttpStatus: 204, lockedUntil: null });
    const [message] = await t.db.select().from(pushMessages).where(and(eq(pushMessages.tenantId, TENANT), eq(pushMessages.id, delivery.messageId)));
    const [request] = requestsTo('/signed');
    expect(requestsTo('/signed')).toHaveLength(1);
    expect(request).toMatchObject({ webhookId: message?.msgId, verifiedWith: [true, false], userAgent: USER_AGENT, contentType: 'application/json' });
    expect(Math.abs(Number(request?.timestamp) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ type: 'ORDER_STATUS', timestamp: message?.createdAt.toISOString(), data: { orderNo: 'KD-1', status: 'SHIPPED' } });
    expect(await attemptsOf(delivery.id)).toMatchObject([{ attemptNo: 1, outcome: 'SUCCESS', httpStatus: 204, trigger: 'SCHEDULE', endpointId: endpoint }]);
    // a success ends the endpoint's failing streak
    expect((await endpointRow(endpoint)).failingSince).toBeNull();
  });

  it('signs with both secrets during a rotation, and with the new one only once the overlap is over', async () => {
    const rotating = await endpointAt('/rotating', () => ({ status: 200 }), { eventTypes: ['TRACKING_EVENT'], previousSecret: oldSecret, previousSecretUntil: new Date(Date.now() + 3_600_000) });
    await queueTo(t.db, TENANT, 'TRACKING_EVENT', { n: 1 }, [rotating]);
    await waitUntil('the rotating endpoint got its message', () => settled(rotating));
    const [during] = requestsTo('/rotating');
    expect(during?.signature.split(' ')).toHaveLength(2);
    // the official library accepts the request with either secret, so a receiver may roll at its own pace
    expect(during?.verifiedWith).toEqual([true, true]);

    const rotated = await endpointAt('/rotated', () => ({ status: 200 }), { eventTypes: ['TRACKING_EVENT'], previousSecret: oldSecret, previousSecretUntil: new Date(Date.now() - 1000) });
    await queueTo(t.db, TENANT, 'TRACKING_EVENT', { n: 2 }, [rotated]);
    await waitUntil('the rotated endpoint got its message', () => settled(rotated));
    const [after] = requestsTo('/rotated');
    expect(after?.signature.split(' ')).toHaveLength(1);
    expect(after?.verifiedWith).toEqual([true, false]);
  });
});

describe('retries', () => {
  it('retries a 500 and succeeds, every attempt logged with the same webhook-id', async () => {
    const endpoint = await endpointAt('/flaky', (nth) => (nth === 0 ? { status: 500, body: 'database down' } : { status: 200 }), { eventTypes: ['PARCEL_WHIN'] });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P1' }, [endpoint]);
    await waitUntil('the retry succeeded', () => settled(endpoint));
    const delivery = await deliveryOf(endpoint);
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    expect(await attemptsOf(delivery.id)).toMatchObject([
      { attemptNo: 1, outcome: 'HTTP_ERROR', httpStatus: 500, responseExcerpt: 'database down' },
      { attemptNo: 2, outcome: 'SUCCESS', httpStatus: 200 },
    ]);
    const [first, second] = requestsTo('/flaky');
    expect(first?.webhookId).toBe(second?.webhookId);
    // the receiver failed the first time, so the second is the one it processes
    expect(second?.firstTime).toBe(true);
    expect((await endpointRow(endpoint)).failingSince).toBeNull();
  });

  it('gives up after the schedule (FAILED), the endpoint marked failing', async () => {
    const endpoint = await endpointAt('/down', () => ({ status: 502 }), { eventTypes: ['PARCEL_WHIN'] });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P2' }, [endpoint]);
    await waitUntil('the delivery failed', () => settled(endpoint));
    const delivery = await deliveryOf(endpoint);
    // FAST_DELIVERY's schedule has two waits: three attempts
    expect(delivery).toMatchObject({ status: 'FAILED', attempts: 3, lastOutcome: 'HTTP_ERROR', lastHttpStatus: 502 });
    expect(requestsTo('/down')).toHaveLength(3);
    expect((await endpointRow(endpoint)).failingSince).not.toBeNull();
    expect((await endpointRow(endpoint)).enabled).toBe(true);
  });

  it('waits for Retry-After on 429 before the next attempt', async () => {
    const endpoint = await endpointAt('/busy', (nth) => (nth === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 }), { eventTypes: ['PARCEL_WHIN'] });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P3' }, [endpoint]);
    await waitUntil('the throttled delivery went through', () => settled(endpoint));
    const attempts = await attemptsOf((await deliveryOf(endpoint)).id);
    expect(attempts).toMatchObject([{ outcome: 'THROTTLED', httpStatus: 429 }, { outcome: 'SUCCESS' }]);
    // the schedule alone would have retried after 300 ms ± 20%
    const [first, second] = requestsTo('/busy');
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1900);
  });

  it('counts an answer that takes too long as TIMEOUT; the receiver, deduplicating by webhook-id, processes the message once', async () => {
    // the first answer comes after the deadline (but the receiver did the work), the second at once
    const endpoint = await endpointAt('/slow', (nth) => (nth === 0 ? { status: 200, delayMs: PUSH_TEST_TIMEOUT_MS + 300 } : { status: 200 }), { eventTypes: ['PARCEL_WHIN'] });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P4' }, [endpoint]);
    await waitUntil('the slow endpoint succeeded', () => settled(endpoint));
    const attempts = await attemptsOf((await deliveryOf(endpoint)).id);
    expect(attempts).toMatchObject([{ outcome: 'TIMEOUT', httpStatus: null }, { outcome: 'SUCCESS' }]);
    expect(attempts[0]?.error).toContain(`${PUSH_TEST_TIMEOUT_MS} ms`);
    const requests = requestsTo('/slow');
    expect(requests).toHaveLength(2);
    expect(requests[1]?.webhookId).toBe(requests[0]?.webhookId);
    expect(requests.map((request) => request.firstTime)).toEqual([true, false]);
  });
});

describe('refusals and disabling', () => {
  it('does not follow a redirect (REDIRECT)', async () => {
    const endpoint = await endpointAt('/moved', () => ({ status: 302, headers: { location: receiver.url('/elsewhere') } }), { eventTypes: ['PARCEL_WHIN'] });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P5' }, [endpoint]);
    await waitUntil('the redirected delivery failed', () => settled(endpoint));
    const attempts = await attemptsOf((await deliveryOf(endpoint)).id);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['REDIRECT', 'REDIRECT', 'REDIRECT']);
    expect(attempts[0]?.error).toContain('/elsewhere');
    expect(requestsTo('/elsewhere')).toHaveLength(0);
  });

  it('disables the endpoint at once on 410 Gone, fails the delivery and tells the merchant', async () => {
    const endpoint = await endpointAt('/gone', () => ({ status: 410 }), { eventTypes: ['PARCEL_WHIN'] });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P6' }, [endpoint]);
    await waitUntil('the gone delivery failed', () => settled(endpoint));
    expect(await deliveryOf(endpoint)).toMatchObject({ status: 'FAILED', attempts: 1, lastOutcome: 'GONE', lastHttpStatus: 410 });
    expect(await endpointRow(endpoint)).toMatchObject({ enabled: false, disabledReason: 'GONE' });
    const notices = await t.db.select().from(announcements).where(and(eq(announcements.tenantId, TENANT), sql`${announcements.content} like ${`%${receiver.url('/gone')}%`}`));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ sendStatus: 1, audience: 'ALL', msgType: 'system' });
    expect(notices[0]?.content).toContain('410 Gone');
    // the events after it do not even make a delivery for it
    await emit(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P7' });
    expect((await t.db.select().from(pushDeliveries).where(and(eq(pushDeliveries.tenantId, TENANT), eq(pushDeliveries.endpointId, endpoint)))).length).toBe(1);
  });

  it("quotes an endpoint's URL in the notice as text, never as markup", async () => {
    // the finding: a URL carrying markup, whose receiver answers 410, put a style and a link into every user's notices
    const markup = '<img src=x onerror=alert(1)><style>body{background:red}</style><a href=https://evil.example>look</a>';
    answers.set('/gone-markup', () => ({ status: 410 }));
    const endpoint = await insertEndpoint(t.db, { tenantId: TENANT, url: `${receiver.url('/gone-markup')}?q=${markup}`, secret, eventTypes: ['PARCEL_WHIN'] });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P6b' }, [endpoint]);
    await waitUntil('the gone delivery failed', () => settled(endpoint));
    const [notice] = await t.db.select().from(announcements).where(and(eq(announcements.tenantId, TENANT), sql`${announcements.content} like ${'%gone-markup%'}`));
    expect(notice?.content).toContain('?q=&lt;img src=x onerror=alert(1)&gt;&lt;style&gt;');
    expect(notice?.content).not.toMatch(/<(img|style|a)\b/);
    // three paragraphs, one per language, the line inside each kept
    expect(notice?.content.match(/<p>/g)).toHaveLength(3);
    expect(notice?.content).toContain('<br />');
  });

  it('disables an endpoint that has failed for days (FAILING), with a notice in three languages', async () => {
    const endpoint = await endpointAt('/dying', () => ({ status: 500 }), { eventTypes: ['PARCEL_WHIN'], failingSince: new Date(Date.now() - 6 * 86_400_000) });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P8' }, [endpoint]);
    await waitUntil('the dying delivery failed', () => settled(endpoint));
    expect(await endpointRow(endpoint)).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    // one attempt, then its next one finds the endpoint disabled and is not made
    expect(requestsTo('/dying')).toHaveLength(1);
    expect(await deliveryOf(endpoint)).toMatchObject({ status: 'FAILED', attempts: 1 });
    const [notice] = await t.db.select().from(announcements).where(and(eq(announcements.tenantId, TENANT), sql`${announcements.content} like ${`%${receiver.url('/dying')}%`}`));
    expect(notice?.title).toBe('推送端點已停用 / 推送端点已停用 / Webhook endpoint disabled');
    expect(notice?.content).toContain('5 天');
    expect(notice?.content).toContain('more than 5 days');
  });

  it('sends nothing to a disabled endpoint: its deliveries fail without an attempt', async () => {
    const endpoint = await endpointAt('/off', () => ({ status: 200 }), { eventTypes: ['PARCEL_WHIN'], enabled: false });
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'P9' }, [endpoint]);
    await waitUntil('the delivery to the disabled endpoint failed', () => settled(endpoint));
    expect(await deliveryOf(endpoint)).toMatchObject({ status: 'FAILED', attempts: 0, refusal: 'ENDPOINT_DISABLED' });
    expect(await attemptsOf((await deliveryOf(endpoint)).id)).toHaveLength(0);
    expect(requestsTo('/off')).toHaveLength(0);
  });

  it('sends the test event to a disabled endpoint: it is how one checks a receiver before enabling it (decision 0029)', async () => {
    const endpoint = await endpointAt('/off-test', () => ({ status: 204 }), { eventTypes: ['PARCEL_WHIN'], enabled: false });
    await queueTo(t.db, TENANT, PUSH_TEST_TYPE, { test: true }, [endpoint]);
    await waitUntil('the test delivery to the disabled endpoint settled', () => settled(endpoint));
    expect(await deliveryOf(endpoint)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect(requestsTo('/off-test')).toHaveLength(1);
    expect(await endpointRow(endpoint)).toMatchObject({ enabled: false });
  });

  it('reaches a private address (127.0.0.1) when the deployment allows it: every delivery above did', () => {
    expect(receiver.requests.length).toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
  });
});
