import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PushDeliveryDetail, PushDeliveryRecord, PushEndpointWithSecret } from '@portal/shared/push-endpoints';
import type { Page } from '@portal/shared/api';
import { pushAttempts, pushDeliveries, pushEndpoints } from '../../../src/db/schema/open-api.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { queueMessage } from '../../../src/lib/outbox.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';

const P = '/api/config/push-endpoint';
const L = `${P}/delivery`;
const TABLES = ['push_endpoint', 'push_message', 'push_delivery', 'push_attempt', 'sys_audit_log'] as const;
type Who = 'admin' | 'merchant' | 'merchant2' | 'staff';
const HOUR = 3_600_000;

describe(`message push: the delivery log and replays (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens: Record<Who, string> = { admin: '', merchant: '', merchant2: '', staff: '' };
  const call = (who: Who, request: { method: 'GET' | 'POST'; url: string; query?: Record<string, string>; payload?: object; lang?: string }): Promise<LightMyRequestResponse> => t.call({ ...request, token: tokens[who] });
  let tenantId = 0;
  let endpointA = 0;
  let endpointB = 0;
  /** delivery ids by name */
  const d: Record<string, number> = {};
  const now = Date.now();

  /** A delivery of a new message to `endpointId`, then put in the given state (what the relay would have left). */
  async function delivery(name: string, endpointId: number, state: Partial<typeof pushDeliveries.$inferInsert> & { createdAt: Date }, type: 'ORDER_STATUS' | 'TRACKING_EVENT' = 'ORDER_STATUS') {
    await t.db.transaction((tx) => queueMessage(tx, tenantId, type, { orderNo: `LO-${name}` }, [endpointId]));
    const [row] = await t.db.select({ id: pushDeliveries.id }).from(pushDeliveries).orderBy(pushDeliveries.id).limit(1).offset(Object.keys(d).length);
    d[name] = Number(row!.id);
    await t.db.update(pushDeliveries).set(state).where(eq(pushDeliveries.id, d[name]));
  }
  const rowsOf = (ids: number[]) => t.db.select().from(pushDeliveries).where(inArray(pushDeliveries.id, ids)).orderBy(pushDeliveries.id);
  const list = async (who: Who, query: Record<string, string> = {}) => ok<Page<PushDeliveryRecord>>(await call(who, { method: 'GET', url: `${L}/list`, query: { pageSize: '200', ...query } }));

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(tokens) as Who[]) tokens[who] = await t.login(who);
    const add = async (url: string) => ok<PushEndpointWithSecret>(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { url, eventTypes: ['ORDER_STATUS', 'TRACKING_EVENT'] } })).endpoint.id;
    endpointA = await add('https://hooks.example.com/a');
    endpointB = await add('https://hooks.example.com/b');
    tenantId = (await t.db.select().from(pushEndpoints).where(eq(pushEndpoints.id, endpointA)))[0]!.tenantId;
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    await delivery('failedA', endpointA, { status: 'FAILED', attempts: 3, lastOutcome: 'HTTP_ERROR', lastHttpStatus: 500, lastAttemptAt: at(1), createdAt: at(5) });
    await delivery('failedOld', endpointA, { status: 'FAILED', attempts: 3, lastOutcome: 'TIMEOUT', createdAt: at(24 * 10) });
    // failed twice, then refused: its endpoint was disabled before the third attempt
    await delivery('failedB', endpointB, { status: 'FAILED', attempts: 2, lastOutcome: 'NETWORK', refusal: 'ENDPOINT_DISABLED', createdAt: at(4) }, 'TRACKING_EVENT');
    await delivery('succeeded', endpointA, { status: 'SUCCEEDED', attempts: 1, lastOutcome: 'SUCCESS', lastHttpStatus: 204, succeededAt: at(3), createdAt: at(3) });
    await delivery('leased', endpointA, { status: 'PENDING', attempts: 1, lockedUntil: new Date(now + HOUR), createdAt: at(2) });
    await delivery('waiting', endpointB, { status: 'PENDING', attempts: 1, nextAttemptAt: new Date(now + HOUR), createdAt: at(2) });
    const attempt = (no: number, outcome: 'HTTP_ERROR' | 'TIMEOUT', httpStatus: number | null) => ({ tenantId, deliveryId: d.failedA!, endpointId: endpointA, attemptNo: no, trigger: 'SCHEDULE' as const, startedAt: at(5 - no), latencyMs: 40 * no, outcome, httpStatus, responseExcerpt: httpStatus ? '{"error":"boom"}' : '', error: httpStatus ? '' : 'timed out after 10000 ms' });
    await t.db.insert(pushAttempts).values([attempt(2, 'TIMEOUT', null), attempt(1, 'HTTP_ERROR', 500), attempt(3, 'HTTP_ERROR', 502)]);
  });
  afterAll(() => t.close());

  it('the platform and a merchant user without the menu are refused', async () => {
    for (const who of ['admin', 'staff'] as const) {
      refused(await call(who, { method: 'GET', url: `${L}/list` }), 403);
      refused(await call(who, { method: 'GET', url: `${L}/queryById`, query: { id: String(d.failedA) } }), 403);
      refused(await call(who, { method: 'POST', url: `${L}/replay`, payload: { id: d.failedA } }), 403);
      refused(await call(who, { method: 'POST', url: `${L}/replay-failed`, payload: { from: new Date(now - HOUR).toISOString(), to: new Date(now).toISOString() } }), 403);
      refused(await call(who, { method: 'POST', url: '/api/push/deliveries/replay-failed', payload: { from: new Date(now - HOUR).toISOString(), to: new Date(now).toISOString() } }), 403);
    }
  });

  it('lists the deliveries newest first with their message id, type, endpoint and last outcome, filtered', async () => {
    const all = await list('merchant');
    expect(all.total).toBe(6);
    // two made at the same time: the later id first
    expect(all.records.map((r) => r.id)).toEqual([d.waiting, d.leased, d.succeeded, d.failedB, d.failedA, d.failedOld]);
    expect(all.records.find((r) => r.id === d.failedA)).toMatchObject({ type: 'ORDER_STATUS', endpointId: endpointA, endpointUrl: 'https://hooks.example.com/a', status: 'FAILED', attempts: 3, lastOutcome: 'HTTP_ERROR', lastHttpStatus: 500, nextAttemptAt: null });
    expect(all.records.find((r) => r.id === d.failedA)!.msgId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(all.records.find((r) => r.id === d.failedA)!.refusal).toBeNull();
    // why a delivery ended without its next attempt
    expect(all.records.find((r) => r.id === d.failedB)).toMatchObject({ status: 'FAILED', attempts: 2, lastOutcome: 'NETWORK', refusal: 'ENDPOINT_DISABLED' });
    expect((await list('merchant', { status: 'FAILED' })).records.map((r) => r.id).sort()).toEqual([d.failedA, d.failedB, d.failedOld].sort());
    expect((await list('merchant', { endpointId: String(endpointB) })).records.map((r) => r.id).sort()).toEqual([d.failedB, d.waiting].sort());
    expect((await list('merchant', { type: 'TRACKING_EVENT' })).records.map((r) => r.id)).toEqual([d.failedB]);
    expect((await list('merchant', { createdAt_begin: new Date(now - 6 * HOUR).toISOString(), createdAt_end: new Date(now - 4 * HOUR).toISOString() })).records.map((r) => r.id).sort()).toEqual([d.failedA, d.failedB].sort());
    const msgId = all.records.find((r) => r.id === d.succeeded)!.msgId;
    expect((await list('merchant', { msgId })).records.map((r) => r.id)).toEqual([d.succeeded]);
    expect((await list('merchant2')).total).toBe(0);
    refused(await call('merchant', { method: 'GET', url: `${L}/list`, query: { status: 'LOST' } }), 400);
  });

  it('one delivery answers its attempts in order and the payload', async () => {
    const detail = ok<PushDeliveryDetail>(await call('merchant', { method: 'GET', url: `${L}/queryById`, query: { id: String(d.failedA) } }));
    expect(detail.delivery).toMatchObject({ id: d.failedA, status: 'FAILED' });
    expect(detail.payload).toEqual({ orderNo: 'LO-failedA' });
    expect(detail.attempts.map((a) => [a.attemptNo, a.outcome, a.httpStatus])).toEqual([
      [1, 'HTTP_ERROR', 500],
      [2, 'TIMEOUT', null],
      [3, 'HTTP_ERROR', 502],
    ]);
    expect(detail.attempts[0]).toMatchObject({ trigger: 'SCHEDULE', latencyMs: 40, responseExcerpt: '{"error":"boom"}', error: '' });
    expect(detail.attempts[1]!.error).toContain('timed out');
  });

  it("another merchant's delivery answers 404 and nothing changes", async () => {
    const before = await fingerprint(t.db, TABLES);
    refused(await call('merchant2', { method: 'GET', url: `${L}/queryById`, query: { id: String(d.failedA) } }), 404);
    refused(await call('merchant2', { method: 'POST', url: `${L}/replay`, payload: { id: d.failedA } }), 404);
    const range = { from: new Date(now - 20 * 24 * HOUR).toISOString(), to: new Date(now).toISOString() };
    refused(await call('merchant2', { method: 'POST', url: `${L}/replay-failed`, payload: { ...range, endpointId: endpointA } }), 404);
    expect(ok<{ replayed: number }>(await call('merchant2', { method: 'POST', url: '/api/push/deliveries/replay-failed', payload: range }))).toEqual({ replayed: 0 });
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('a delivery whose attempt is under way is not replayed (409), and bad ranges are refused', async () => {
    const before = await fingerprint(t.db, TABLES);
    expect(refused(await call('merchant', { method: 'POST', url: `${L}/replay`, payload: { id: d.leased }, lang: 'en-US' }), 409)).toContain('being attempted');
    expect(refused(await call('merchant', { method: 'POST', url: `${L}/replay-failed`, payload: { from: new Date(now).toISOString(), to: new Date(now - HOUR).toISOString() }, lang: 'en-US' }), 400)).toContain('start before it ends');
    expect(refused(await call('merchant', { method: 'POST', url: '/api/push/deliveries/replay-failed', payload: { from: new Date(now - 40 * 24 * HOUR).toISOString(), to: new Date(now).toISOString() }, lang: 'zh-TW' }), 400)).toContain('31 天');
    refused(await call('merchant', { method: 'POST', url: `${L}/replay-failed`, payload: { from: 'yesterday', to: new Date(now).toISOString() } }), 400);
    refused(await call('merchant', { method: 'POST', url: `${L}/replay`, payload: { id: 'x' } }), 400);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('replaying one delivery makes it due now as a REPLAY, leased by nobody, and touches nothing else', async () => {
    const others = Object.values(d).filter((id) => id !== d.succeeded);
    const othersBefore = await rowsOf(others);
    const asked = Date.now();
    ok(await call('merchant', { method: 'POST', url: `${L}/replay`, payload: { id: d.succeeded } }));
    const [row] = await rowsOf([d.succeeded!]);
    expect(row).toMatchObject({ status: 'PENDING', nextTrigger: 'REPLAY', lockedUntil: null, attempts: 1 });
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(asked - 60_000);
    expect(row!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await rowsOf(others)).toEqual(othersBefore);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.resource, 'push-delivery'));
    expect(audit.map((line) => [line.resourceId, line.action])).toEqual([[String(d.succeeded), 'replay']]);
    // the attempts are kept: the log shows what happened before the replay
    expect(ok<PushDeliveryDetail>(await call('merchant', { method: 'GET', url: `${L}/queryById`, query: { id: String(d.failedA) } })).attempts).toHaveLength(3);
  });

  it('replaying the failed ones of a time range (and of one endpoint) changes exactly those', async () => {
    const range = { from: new Date(now - 6 * HOUR).toISOString(), to: new Date(now).toISOString() };
    const untouched = [d.failedOld!, d.failedB!, d.leased!, d.waiting!];
    const untouchedBefore = await rowsOf(untouched);
    expect(ok<{ replayed: number }>(await call('merchant', { method: 'POST', url: `${L}/replay-failed`, payload: { ...range, endpointId: endpointA } }))).toEqual({ replayed: 1 });
    expect((await rowsOf([d.failedA!]))[0]).toMatchObject({ status: 'PENDING', nextTrigger: 'REPLAY', lockedUntil: null });
    expect(await rowsOf(untouched)).toEqual(untouchedBefore);
    // the statistics page's path, all endpoints: failedB now; failedOld is outside the range
    const stillUntouched = [d.failedOld!, d.leased!, d.waiting!];
    const stillBefore = await rowsOf(stillUntouched);
    expect(ok<{ replayed: number }>(await call('merchant', { method: 'POST', url: '/api/push/deliveries/replay-failed', payload: range }))).toEqual({ replayed: 1 });
    expect((await rowsOf([d.failedB!]))[0]).toMatchObject({ status: 'PENDING', nextTrigger: 'REPLAY', refusal: null });
    expect(await rowsOf(stillUntouched)).toEqual(stillBefore);
    // nothing failed is left in the range
    expect(ok<{ replayed: number }>(await call('merchant', { method: 'POST', url: `${L}/replay-failed`, payload: range }))).toEqual({ replayed: 0 });
  });
});
