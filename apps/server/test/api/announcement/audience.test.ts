import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { departments } from '../../../src/db/schema/sys.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

/* Who reads what (audiences, start and end times), read marks and unread counts. */

type Unread = { count: number; latest: { id: number; title: string }[] };
type Reader = { id: number; title: string; read: boolean };

describe(`announcements reach their audience only (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { admin: '', merchant: '', merchant2: '', staff: '' };
  let finance = 0;

  beforeAll(async () => {
    t = await createTestApp();
    [tokens.admin, tokens.merchant, tokens.merchant2, tokens.staff] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('merchant2'), t.login('staff')]);
    finance = (await t.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, 1), eq(departments.orgCode, 'A01A02'))))[0]!.id;
    // everyone starts from nothing unread (the demo's welcome is read)
    for (const token of Object.values(tokens)) ok(await t.call({ method: 'POST', url: '/api/sys/announcement/readAll', token, payload: {} }));
  });
  afterAll(() => t.close());

  const published = async (author: keyof typeof tokens, payload: Record<string, unknown>) => {
    const created = ok<{ id: number }>(await t.call({ method: 'POST', url: '/api/sys/announcement/add', token: tokens[author], payload: { content: '<p>text</p>', priority: 'M', msgType: 'notice', audience: 'ALL', ...payload } }));
    ok(await t.call({ method: 'POST', url: '/api/sys/announcement/publish', token: tokens[author], payload: { id: created.id } }));
    return created.id;
  };
  const titles = async (who: keyof typeof tokens, query: Record<string, string> = {}) =>
    ok<{ records: Reader[] }>(await t.call({ method: 'GET', url: '/api/sys/announcement/listByUser', token: tokens[who], query: { pageSize: '50', ...query } })).records.map((r) => r.title);
  const unread = async (who: keyof typeof tokens) => ok<Unread>(await t.call({ method: 'GET', url: '/api/sys/announcement/unread', token: tokens[who] }));

  it('a department target is read by its members only', async () => {
    await published('merchant', { title: 'For finance', audience: 'DEPART', targetIds: [finance] });
    expect(await titles('merchant')).toContain('For finance');
    expect(await titles('staff')).not.toContain('For finance');
    expect(await titles('merchant2')).not.toContain('For finance');
    expect(await titles('admin')).not.toContain('For finance');
    expect((await unread('merchant')).latest.map((l) => l.title)).toEqual(['For finance']);
    expect((await unread('staff')).count).toBe(0);
  });

  it('a user target is read by that user only; everyone of a company reads its ALL ones, and no other company does', async () => {
    const staffId = ok<{ value: number }[]>(await t.call({ method: 'GET', url: '/api/sys/announcement/targets', token: tokens.merchant, query: { audience: 'USER', keyword: 'staff' } }))[0]!.value;
    await published('merchant', { title: 'For staff by name', audience: 'USER', targetIds: [staffId] });
    await published('merchant', { title: 'For all of Demo Trading' });
    expect(await titles('staff')).toEqual(expect.arrayContaining(['For staff by name', 'For all of Demo Trading']));
    expect(await titles('merchant')).not.toContain('For staff by name');
    expect(await titles('merchant')).toContain('For all of Demo Trading');
    for (const title of ['For staff by name', 'For all of Demo Trading']) expect(await titles('merchant2')).not.toContain(title);
  });

  it("the platform's reach every tenant, or only the tenants it names", async () => {
    await published('admin', { title: 'Platform to all' });
    await published('admin', { title: 'Platform to tenant 2', audience: 'TENANT', targetIds: [2] });
    for (const who of ['admin', 'merchant', 'staff', 'merchant2'] as const) expect(await titles(who)).toContain('Platform to all');
    expect(await titles('merchant2')).toContain('Platform to tenant 2');
    for (const who of ['admin', 'merchant', 'staff'] as const) expect(await titles(who)).not.toContain('Platform to tenant 2');
  });

  it('shows one only between its start and end times, and no longer once revoked', async () => {
    await published('merchant', { title: 'Starts tomorrow', startTime: new Date(Date.now() + 86_400_000).toISOString() });
    await published('merchant', { title: 'Ended yesterday', startTime: new Date(Date.now() - 2 * 86_400_000).toISOString(), endTime: new Date(Date.now() - 86_400_000).toISOString() });
    await published('merchant', { title: 'Running', startTime: new Date(Date.now() - 60_000).toISOString(), endTime: new Date(Date.now() + 86_400_000).toISOString() });
    const seen = await titles('staff');
    expect(seen).toContain('Running');
    expect(seen).not.toContain('Starts tomorrow');
    expect(seen).not.toContain('Ended yesterday');
    const id = await published('merchant', { title: 'Revoked soon' });
    expect(await titles('staff')).toContain('Revoked soon');
    ok(await t.call({ method: 'POST', url: '/api/sys/announcement/revoke', token: tokens.merchant, payload: { id } }));
    expect(await titles('staff')).not.toContain('Revoked soon');
  });

  it('counts unread ones, marks one read on opening (404 for one that does not reach the caller), and all at once', async () => {
    const before = await unread('staff');
    expect(before.count).toBeGreaterThanOrEqual(3);
    const first = before.latest[0]!;
    // another company's reader cannot mark it, nor learn it exists
    refused(await t.call({ method: 'POST', url: '/api/sys/announcement/read', token: tokens.merchant2, payload: { id: first.id } }), 404);
    refused(await t.call({ method: 'GET', url: '/api/sys/announcement/detail', token: tokens.merchant2, query: { id: String(first.id) } }), 404);
    // reading it whole does not mark it; opening it (POST read) does
    expect(ok<Reader & { content: string }>(await t.call({ method: 'GET', url: '/api/sys/announcement/detail', token: tokens.staff, query: { id: String(first.id) } }))).toMatchObject({ id: first.id, read: false, content: '<p>text</p>' });
    expect((await unread('staff')).count).toBe(before.count);
    const after = ok<Unread>(await t.call({ method: 'POST', url: '/api/sys/announcement/read', token: tokens.staff, payload: { id: first.id } }));
    expect(after.count).toBe(before.count - 1);
    // marking twice changes nothing
    expect(ok<Unread>(await t.call({ method: 'POST', url: '/api/sys/announcement/read', token: tokens.staff, payload: { id: first.id } })).count).toBe(before.count - 1);
    const list = ok<{ records: Reader[] }>(await t.call({ method: 'GET', url: '/api/sys/announcement/listByUser', token: tokens.staff, query: { read: 'true' } })).records;
    expect(list.map((r) => r.id)).toContain(first.id);
    expect(list.every((r) => r.read)).toBe(true);
    // another reader's marks are their own
    expect((await unread('merchant')).latest.map((l) => l.id)).toContain(first.id);

    expect(ok<Unread>(await t.call({ method: 'POST', url: '/api/sys/announcement/readAll', token: tokens.staff, payload: {} }))).toEqual({ count: 0, latest: [] });
    expect((await unread('staff')).count).toBe(0);
    expect(ok<{ records: Reader[] }>(await t.call({ method: 'GET', url: '/api/sys/announcement/listByUser', token: tokens.staff, query: { read: 'false' } })).records).toEqual([]);
    expect((await unread('merchant')).count).toBeGreaterThan(0);
  });
});
