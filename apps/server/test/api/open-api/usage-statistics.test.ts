import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_LATENCY_BUCKETS_MS } from '@portal/shared/open-api';
import { presetRange, VISIT_PRESETS, type DayRange } from '@portal/shared/visit-statistics';
import type { ApiStatistics } from '@portal/shared/usage-statistics';
import { apiCallStats, apiKeys } from '../../../src/db/schema/open-api.ts';
import { emptyBuckets } from '../../../src/modules/open-api/usage/model.ts';
import { serverDay } from '../../../src/lib/server-day.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

/*
 * The API statistics read api_call_stat: rows inserted here with known counts give exact figures, by the
 * spec's presets (whole days of the server's zone), one key, one operation; a tenant sees its own only.
 */

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const inRange = (day: string, range: DayRange) => day >= range.begin && day <= range.end;

/** A histogram with `count` calls in the bucket ending at `bound`. */
const buckets = (bound: (typeof API_LATENCY_BUCKETS_MS)[number], count: number) => {
  const list = emptyBuckets();
  list[API_LATENCY_BUCKETS_MS.indexOf(bound)] = count;
  return list;
};

describe(`API statistics (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let admin: string;
  let keyA: number;
  let keyB: number;
  let keyOf2: number;
  let today: string;
  const rows: { keyId: () => number; tenantId: number; day: () => string; apiType: string; calls: number; clientErrors: number; serverErrors: number; throttled: number; bound: 15 | 150 | 1000 }[] = [];

  const stats = (token: string, query: Record<string, string>) => t.call({ method: 'GET', url: '/api/statistics/api', token, query });

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, admin] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('admin')]);
    const expiresAt = new Date(Date.now() + 30 * DAY_MS);
    const keys = await t.db
      .insert(apiKeys)
      .values([
        { tenantId: 1, name: 'ERP', scopes: ['orders:read'], expiresAt },
        { tenantId: 1, name: 'Shop', scopes: ['orders:write'], expiresAt, revokedAt: new Date() },
        { tenantId: 2, name: 'Other company', scopes: ['orders:read'], expiresAt },
      ])
      .returning({ id: apiKeys.id });
    [keyA, keyB, keyOf2] = keys.map((key) => key.id) as [number, number, number];
    today = serverDay();
    const monthStart = presetRange('thisMonth', today).begin;
    const lastMonth = presetRange('lastMonth', today);
    rows.push(
      { keyId: () => keyA, tenantId: 1, day: () => today, apiType: 'ORDER_QUERY', calls: 10, clientErrors: 2, serverErrors: 1, throttled: 1, bound: 15 },
      { keyId: () => keyB, tenantId: 1, day: () => today, apiType: 'ORDER_CREATE', calls: 10, clientErrors: 0, serverErrors: 0, throttled: 0, bound: 150 },
      { keyId: () => keyA, tenantId: 1, day: () => shift(today, -1), apiType: 'ORDER_QUERY', calls: 4, clientErrors: 0, serverErrors: 0, throttled: 0, bound: 15 },
      // the last day of the previous month and (below) the first of this one: each counted in its own month only
      { keyId: () => keyB, tenantId: 1, day: () => lastMonth.end, apiType: 'ORDER_CREATE', calls: 5, clientErrors: 0, serverErrors: 5, throttled: 0, bound: 1000 },
      { keyId: () => keyA, tenantId: 1, day: () => lastMonth.begin, apiType: 'ORDER_QUERY', calls: 3, clientErrors: 0, serverErrors: 0, throttled: 0, bound: 15 },
      // another company's calls, today
      { keyId: () => keyOf2, tenantId: 2, day: () => today, apiType: 'ORDER_QUERY', calls: 50, clientErrors: 0, serverErrors: 0, throttled: 0, bound: 15 },
    );
    // (on the 1st, the first of the month is today, whose figures the first test states exactly)
    if (monthStart !== today) rows.push({ keyId: () => keyA, tenantId: 1, day: () => monthStart, apiType: 'TRACKING_QUERY', calls: 7, clientErrors: 1, serverErrors: 0, throttled: 0, bound: 1000 });
    // two rows may fall on the same (day, key, operation) when today is the 1st or the 2nd: add them up as the recorder would
    const merged = new Map<string, (typeof apiCallStats.$inferInsert & { latencyBuckets: number[] })>();
    for (const row of rows) {
      const id = `${row.tenantId}|${row.day()}|${row.keyId()}|${row.apiType}`;
      const current = merged.get(id);
      const latencyBuckets = buckets(row.bound, row.calls);
      if (current) {
        current.calls! += row.calls;
        current.clientErrors! += row.clientErrors;
        current.serverErrors! += row.serverErrors;
        current.throttled! += row.throttled;
        current.latencyMsSum! += row.calls * row.bound;
        current.latencyBuckets = current.latencyBuckets.map((n, i) => n + latencyBuckets[i]!);
      } else {
        merged.set(id, { tenantId: row.tenantId, keyId: row.keyId(), apiType: row.apiType, day: row.day(), calls: row.calls, clientErrors: row.clientErrors, serverErrors: row.serverErrors, throttled: row.throttled, latencyMsSum: row.calls * row.bound, latencyBuckets });
      }
    }
    await t.db.insert(apiCallStats).values([...merged.values()]);
  });
  afterAll(() => t.close());

  it('gives exact totals, p50 and p95 of today: two keys, two operations', async () => {
    const result = ok<ApiStatistics>(await stats(merchant, { preset: 'today' }));
    expect(result).toMatchObject({ begin: today, end: today });
    // 10 calls in (10, 15] ms and 10 in (100, 150] ms: the median is the top of the first bucket, p95 90 % into the second
    expect(result.totals).toEqual({ calls: 20, clientErrors: 2, serverErrors: 1, throttled: 1, errorRate: 0.15, avgMs: 82.5, p50Ms: 15, p95Ms: 145 });
    expect(result.days).toEqual([{ date: today, ...result.totals }]);
    expect(result.keys.map((key) => [key.keyName, key.calls, key.errorRate, key.p50Ms])).toEqual(
      expect.arrayContaining([
        ['ERP', 10, 0.3, 12.5],
        ['Shop', 10, 0, 125],
      ]),
    );
    expect(result.apiTypes.map((row) => [row.apiType, row.calls]).sort()).toEqual([
      ['ORDER_CREATE', 10],
      ['ORDER_QUERY', 10],
    ]);
  });

  it.each(VISIT_PRESETS)('counts the preset %s from 00:00:00 of its first day to 23:59:59 of its last', async (preset) => {
    const range = presetRange(preset, today);
    const expected = rows.filter((row) => row.tenantId === 1 && inRange(row.day(), range));
    const result = ok<ApiStatistics>(await stats(merchant, { preset }));
    expect(result).toMatchObject(range);
    expect(result.totals.calls).toBe(expected.reduce((sum, row) => sum + row.calls, 0));
    expect(result.totals.serverErrors).toBe(expected.reduce((sum, row) => sum + row.serverErrors, 0));
    // a point per day of the range, days without calls included
    expect(result.days.map((day) => day.date)[0]).toBe(range.begin);
    expect(result.days.at(-1)?.date).toBe(range.end);
    expect(result.days.reduce((sum, day) => sum + day.calls, 0)).toBe(result.totals.calls);
  });

  it('takes a custom range, one key and one operation', async () => {
    const range = { begin: presetRange('lastMonth', today).begin, end: today };
    const all = ok<ApiStatistics>(await stats(merchant, range));
    expect(all.totals.calls).toBe(rows.filter((row) => row.tenantId === 1).reduce((sum, row) => sum + row.calls, 0));
    expect(all.days).toHaveLength(Math.round((Date.parse(range.end) - Date.parse(range.begin)) / DAY_MS) + 1);
    const oneKey = ok<ApiStatistics>(await stats(merchant, { ...range, keyId: String(keyB) }));
    expect(oneKey.totals).toMatchObject({ calls: 15, serverErrors: 5, errorRate: 0.3333 });
    expect(oneKey.keys.map((key) => key.keyName)).toEqual(['Shop']);
    const oneType = ok<ApiStatistics>(await stats(merchant, { ...range, apiType: 'ORDER_QUERY' }));
    expect(oneType.totals.calls).toBe(17);
    expect(oneType.apiTypes.map((row) => row.apiType)).toEqual(['ORDER_QUERY']);
    const none = ok<ApiStatistics>(await stats(merchant, { ...range, apiType: 'LABEL_PRINT' }));
    expect(none.totals).toMatchObject({ calls: 0, p50Ms: null, p95Ms: null, errorRate: 0 });
  });

  it("lists the tenant's keys for the filter, revoked ones too", async () => {
    const keys = ok<{ id: number; name: string; revoked: boolean }[]>(await t.call({ method: 'GET', url: '/api/statistics/api/keys', token: merchant }));
    expect(keys).toEqual([
      { id: keyA, name: 'ERP', revoked: false },
      { id: keyB, name: 'Shop', revoked: true },
    ]);
  });

  it("shows merchant2 none of merchant's calls, and another tenant's key is not found", async () => {
    const mine = ok<ApiStatistics>(await stats(merchant2, { preset: 'today' }));
    expect(mine.totals.calls).toBe(50);
    expect(mine.keys.map((key) => key.keyName)).toEqual(['Other company']);
    const thisMonth = ok<ApiStatistics>(await stats(merchant2, { preset: 'lastMonth' }));
    expect(thisMonth.totals.calls).toBe(0);
    expect(refused(await t.call({ method: 'GET', url: '/api/statistics/api', token: merchant2, query: { preset: 'today', keyId: String(keyA) }, lang: 'en-US' }), 404)).toBe('API key not found');
    expect(refused(await t.call({ method: 'GET', url: '/api/statistics/api/exportXls', token: merchant, query: { keyId: String(keyOf2) } }), 404)).toBe('找不到該 API 金鑰');
    const keys = ok<{ id: number }[]>(await t.call({ method: 'GET', url: '/api/statistics/api/keys', token: merchant2 }));
    expect(keys.map((key) => key.id)).toEqual([keyOf2]);
  });

  it('refuses the platform: the statistics are a merchant\'s', async () => {
    refused(await stats(admin, { preset: 'today' }), 403);
    refused(await t.call({ method: 'GET', url: '/api/statistics/api/exportXls', token: admin }), 403);
  });

  it.each([
    [{ begin: '2026-03-02', end: '2026-03-01' }, 'The end date cannot be before the start date'],
    [{ begin: '2024-01-01', end: '2025-01-02' }, 'A range covers at most 366 days'],
    [{ preset: 'today', begin: '2026-03-01', end: '2026-03-02' }, 'Choose a preset or a start and end date, not both'],
    [{ begin: '2026-03-01' }, 'Give both the start and the end date'],
  ])('refuses the range %j with a translated message', async (query, message) => {
    expect(refused(await t.call({ method: 'GET', url: '/api/statistics/api', token: merchant, query, lang: 'en-US' }), 400)).toBe(message);
    expect(refused(await t.call({ method: 'GET', url: '/api/statistics/api/exportXls', token: merchant, query, lang: 'en-US' }), 400)).toBe(message);
  });

  it('refuses an unknown operation and a malformed key id', async () => {
    refused(await stats(merchant, { apiType: 'DROP_TABLE' }), 400);
    refused(await stats(merchant, { keyId: '1; select 1' }), 400);
  });

  it('exports one row per day, key and operation in the caller\'s language', async () => {
    const sheet = await readXlsx(await t.call({ method: 'GET', url: '/api/statistics/api/exportXls', token: merchant, query: { preset: 'today' }, lang: 'en-US' }));
    expect(sheet.headers.slice(0, 4)).toEqual(['Date', 'API key', 'Operation', 'Calls']);
    const byKey = new Map(sheet.rows.map((row) => [row[1], row.slice(0, 4)]));
    expect(sheet.rows).toHaveLength(2);
    expect(byKey.get('ERP')).toEqual([today, 'ERP', 'Query order', 10]);
    expect(byKey.get('Shop')?.[3]).toBe(10);
    const zh = await readXlsx(await t.call({ method: 'GET', url: '/api/statistics/api/exportXls', token: merchant, query: { preset: 'today', apiType: 'ORDER_QUERY' } }));
    expect(zh.rows).toHaveLength(1);
    expect(zh.rows[0]!.slice(1, 4)).toEqual(['ERP', '查詢訂單', 10]);
  });
});
