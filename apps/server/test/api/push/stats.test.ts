import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { PushAttemptOutcome, PushDeliveryStatus, PushRefusal } from '@portal/shared/open-api';
import { presetRange, VISIT_PRESETS } from '@portal/shared/visit-statistics';
import type { PushStatistics } from '@portal/shared/usage-statistics';
import { pushAttempts, pushDeliveries, pushEndpoints, pushMessages } from '../../../src/db/schema/open-api.ts';
import { serverDay } from '../../../src/lib/server-day.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { referenceChanged } from '../../../src/lib/reference-memory.ts';

/*
 * The push statistics read push_delivery (by the day a delivery was created) and push_attempt (by the day
 * an attempt started), days of the server's zone. Rows inserted here give exact figures.
 */

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A wall-clock time of `day` in the server's zone. */
const at = (day: string, h: number, m = 0, s = 0, ms = 0) => {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, mo - 1, d, h, m, s, ms);
};

type Attempt = { outcome: PushAttemptOutcome; latencyMs: number; startedAt: Date };
type Delivery = { tenantId: number; endpoint: 'e1' | 'e2' | 'e3'; status: PushDeliveryStatus; createdAt: Date; day: string; attempts: Attempt[]; refusal?: PushRefusal };

describe(`message push statistics (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let admin: string;
  let today: string;
  const endpoints = { e1: 0, e2: 0, e3: 0 };
  const deliveries: Delivery[] = [];

  const stats = (token: string, query: Record<string, string>, lang?: string) => t.call({ method: 'GET', url: '/api/statistics/push', token, query, lang });

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, admin] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('admin')]);
    const made = await t.db
      .insert(pushEndpoints)
      .values([
        { tenantId: 1, url: 'https://erp.example.com/hooks', eventTypes: ['ORDER_STATUS'], secretEnc: 'x' },
        { tenantId: 1, url: 'https://shop.example.com/webhook', eventTypes: ['TRACKING_EVENT'], secretEnc: 'x', enabled: false, disabledReason: 'MANUAL' },
        { tenantId: 2, url: 'https://other.example.com/in', eventTypes: ['ORDER_STATUS'], secretEnc: 'x' },
      ])
      .returning({ id: pushEndpoints.id });
    [endpoints.e1, endpoints.e2, endpoints.e3] = made.map((row) => row.id) as [number, number, number];
    await Promise.all([referenceChanged(t.db, 'pushEndpoints:1'), referenceChanged(t.db, 'pushEndpoints:2')]);
    today = serverDay();
    const yesterday = shift(today, -1);
    const lastMonthEnd = presetRange('lastMonth', today).end;
    const early = (h: number) => at(today, h);
    deliveries.push(
      // today from its very first millisecond
      { tenantId: 1, endpoint: 'e1', status: 'SUCCEEDED', createdAt: at(today, 0, 0, 0, 0), day: today, attempts: [{ outcome: 'TIMEOUT', latencyMs: 10_000, startedAt: early(0) }, { outcome: 'SUCCESS', latencyMs: 100, startedAt: early(1) }] },
      { tenantId: 1, endpoint: 'e1', status: 'FAILED', createdAt: early(0), day: today, attempts: [{ outcome: 'HTTP_ERROR', latencyMs: 200, startedAt: early(0) }, { outcome: 'NETWORK', latencyMs: 50, startedAt: early(0) }] },
      { tenantId: 1, endpoint: 'e2', status: 'PENDING', createdAt: early(0), day: today, attempts: [{ outcome: 'THROTTLED', latencyMs: 300, startedAt: early(0) }] },
      { tenantId: 1, endpoint: 'e2', status: 'SUCCEEDED', createdAt: early(0), day: today, attempts: [{ outcome: 'SUCCESS', latencyMs: 400, startedAt: early(0) }] },
      // yesterday to its very last millisecond
      { tenantId: 1, endpoint: 'e1', status: 'SUCCEEDED', createdAt: at(yesterday, 23, 59, 59, 999), day: yesterday, attempts: [{ outcome: 'SUCCESS', latencyMs: 20, startedAt: at(yesterday, 23, 59, 59, 999) }] },
      // the last moment of last month: refused before sending, so no attempt
      { tenantId: 1, endpoint: 'e1', status: 'FAILED', createdAt: at(lastMonthEnd, 23, 59, 59, 999), day: lastMonthEnd, attempts: [], refusal: 'HOLDER_RIGHTS' },
      // another company's
      { tenantId: 2, endpoint: 'e3', status: 'SUCCEEDED', createdAt: early(0), day: today, attempts: [{ outcome: 'SUCCESS', latencyMs: 5, startedAt: early(0) }] },
    );
    for (const delivery of deliveries) {
      const [message] = await t.db.insert(pushMessages).values({ tenantId: delivery.tenantId, msgId: `msg_${randomUUID()}`, type: 'ORDER_STATUS', payload: {}, createdAt: delivery.createdAt }).returning({ id: pushMessages.id });
      const endpointId = endpoints[delivery.endpoint];
      const [row] = await t.db
        .insert(pushDeliveries)
        .values({ tenantId: delivery.tenantId, messageId: message!.id, endpointId, status: delivery.status, attempts: delivery.attempts.length, createdAt: delivery.createdAt, refusal: delivery.refusal ?? null })
        .returning({ id: pushDeliveries.id });
      if (delivery.attempts.length > 0)
        await t.db.insert(pushAttempts).values(
          delivery.attempts.map((attempt, index) => ({ tenantId: delivery.tenantId, deliveryId: row!.id, endpointId, attemptNo: index + 1, trigger: 'SCHEDULE' as const, ...attempt })),
        );
    }
  });
  afterAll(() => t.close());

  it('gives exact figures of today: deliveries by status, success rate, attempts, latency, failures by reason', async () => {
    const result = ok<PushStatistics>(await stats(merchant, { preset: 'today' }));
    expect(result).toMatchObject({ begin: today, end: today });
    // latencies 50, 100, 200, 300, 400, 10000: p95 is 400 + 0.75 x 9600 (PostgreSQL's continuous percentile)
    expect(result.totals).toEqual({ deliveries: 4, succeeded: 2, failed: 1, pending: 1, successRate: 0.6667, attempts: 6, failedAttempts: 4, avgLatencyMs: 1841.7, p95LatencyMs: 7600 });
    expect(result.days).toEqual([{ date: today, ...result.totals }]);
    expect(result.reasons).toEqual([
      { outcome: 'HTTP_ERROR', attempts: 1 },
      { outcome: 'TIMEOUT', attempts: 1 },
      { outcome: 'NETWORK', attempts: 1 },
      { outcome: 'BLOCKED_ADDRESS', attempts: 0 },
      { outcome: 'REDIRECT', attempts: 0 },
      { outcome: 'GONE', attempts: 0 },
      { outcome: 'THROTTLED', attempts: 1 },
    ]);
    const byUrl = new Map(result.endpoints.map((row) => [row.url, row]));
    expect(byUrl.get('https://erp.example.com/hooks')).toMatchObject({ endpointId: endpoints.e1, enabled: true, deliveries: 2, succeeded: 1, failed: 1, successRate: 0.5, attempts: 4, failedAttempts: 3, avgLatencyMs: 2587.5 });
    expect(byUrl.get('https://shop.example.com/webhook')).toMatchObject({ enabled: false, deliveries: 2, succeeded: 1, pending: 1, successRate: 1, attempts: 2, failedAttempts: 1, avgLatencyMs: 350, p95LatencyMs: 395 });
    expect(result.endpoints).toHaveLength(2);
  });

  it.each(VISIT_PRESETS)('counts the preset %s from 00:00:00.000 of its first day to 23:59:59.999 of its last', async (preset) => {
    const range = presetRange(preset, today);
    const inside = deliveries.filter((delivery) => delivery.tenantId === 1 && delivery.day >= range.begin && delivery.day <= range.end);
    const result = ok<PushStatistics>(await stats(merchant, { preset }));
    expect(result).toMatchObject(range);
    expect(result.totals.deliveries).toBe(inside.length);
    expect(result.totals.succeeded).toBe(inside.filter((delivery) => delivery.status === 'SUCCEEDED').length);
    expect(result.totals.attempts).toBe(inside.reduce((sum, delivery) => sum + delivery.attempts.length, 0));
    expect(result.days[0]?.date).toBe(range.begin);
    expect(result.days.at(-1)?.date).toBe(range.end);
    expect(result.days.reduce((sum, day) => sum + day.deliveries, 0)).toBe(inside.length);
  });

  it('counts a delivery refused before sending as a failure without an attempt, by why it was refused', async () => {
    const lastMonth = ok<PushStatistics>(await stats(merchant, { preset: 'lastMonth' }));
    expect(lastMonth.refusals.find((row) => row.refusal === 'HOLDER_RIGHTS')?.deliveries).toBe(1);
    expect(lastMonth.refusals.filter((row) => row.refusal !== 'HOLDER_RIGHTS').every((row) => row.deliveries === 0)).toBe(true);
    expect(lastMonth.totals.failed).toBeGreaterThanOrEqual(1);
    const today_ = ok<PushStatistics>(await stats(merchant, { preset: 'today' }));
    expect(today_.refusals.every((row) => row.deliveries === 0)).toBe(true);
    expect(today_.refusals).toHaveLength(7);
  });

  it('takes one endpoint', async () => {
    const result = ok<PushStatistics>(await stats(merchant, { preset: 'today', endpointId: String(endpoints.e2) }));
    expect(result.totals).toMatchObject({ deliveries: 2, attempts: 2, failedAttempts: 1 });
    expect(result.endpoints.map((row) => row.endpointId)).toEqual([endpoints.e2]);
    expect(result.reasons.find((row) => row.outcome === 'THROTTLED')?.attempts).toBe(1);
    expect(result.reasons.find((row) => row.outcome === 'TIMEOUT')?.attempts).toBe(0);
  });

  it("shows merchant2 none of merchant's pushes, and another tenant's endpoint is not found", async () => {
    const theirs = ok<PushStatistics>(await stats(merchant2, { preset: 'today' }));
    expect(theirs.totals).toMatchObject({ deliveries: 1, succeeded: 1, attempts: 1 });
    expect(theirs.endpoints.map((row) => row.url)).toEqual(['https://other.example.com/in']);
    expect(refused(await stats(merchant2, { preset: 'today', endpointId: String(endpoints.e1) }, 'en-US'), 404)).toBe('Push endpoint not found');
    refused(await t.call({ method: 'GET', url: '/api/statistics/push/exportXls', token: merchant, query: { endpointId: String(endpoints.e3) } }), 404);
    const options = ok<{ id: number; url: string }[]>(await t.call({ method: 'GET', url: '/api/statistics/push/endpoints', token: merchant2 }));
    expect(options.map((row) => row.id)).toEqual([endpoints.e3]);
    const mine = ok<{ id: number; url: string; enabled: boolean }[]>(await t.call({ method: 'GET', url: '/api/statistics/push/endpoints', token: merchant }));
    expect(mine).toEqual([
      { id: endpoints.e1, url: 'https://erp.example.com/hooks', enabled: true },
      { id: endpoints.e2, url: 'https://shop.example.com/webhook', enabled: false },
    ]);
  });

  it("refuses the platform: the statistics are a merchant's", async () => {
    refused(await stats(admin, { preset: 'today' }), 403);
    refused(await t.call({ method: 'GET', url: '/api/statistics/push/exportXls', token: admin }), 403);
  });

  it.each([
    [{ begin: '2026-03-02', end: '2026-03-01' }, '结束日期不能早于开始日期'],
    [{ begin: '2024-01-01', end: '2025-01-02' }, '查询区间最多 366 天'],
  ])('refuses the range %j with a translated message', async (query, message) => {
    expect(refused(await stats(merchant, query, 'zh-CN'), 400)).toBe(message);
  });

  it("exports the days, then the endpoints, in the caller's language", async () => {
    const sheet = await readXlsx(await t.call({ method: 'GET', url: '/api/statistics/push/exportXls', token: merchant, query: { preset: 'today' }, lang: 'en-US' }));
    expect(sheet.headers.slice(0, 3)).toEqual(['Date', 'Endpoint', 'Deliveries']);
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows[0]!.slice(0, 3)).toEqual([today, null, 4]);
    expect(sheet.rows.slice(1).map((row) => row[1]).sort()).toEqual(['https://erp.example.com/hooks', 'https://shop.example.com/webhook']);
  });
});
