import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { departments, users } from '../../../src/db/schema/sys.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

/* Managing announcements: each call and refusal, audiences and their targets, and the audit. */

type Managed = { id: number; title: string; content: string; audience: string; targetIds: number[]; sendStatus: string; sendTime: string | null; readCount: number };
type Page<T> = { records: T[]; total: number };

const draft = (extra: Record<string, unknown> = {}) => ({ title: 'Warehouse closed on Friday', content: '<p>The <strong>Shenzhen</strong> warehouse is closed.</p>', priority: 'H', msgType: 'notice', audience: 'ALL', ...extra });

describe(`announcement management (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  const depart = { operations: 0, finance: 0, warehousing2: 0 };
  const user = { staff: 0, merchant2: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, merchant, merchant2, staff] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('merchant2'), t.login('staff')]);
    const idOf = async (tenantId: number, orgCode: string) => (await t.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, tenantId), eq(departments.orgCode, orgCode))))[0]!.id;
    depart.operations = await idOf(1, 'A01A01');
    depart.finance = await idOf(1, 'A01A02');
    depart.warehousing2 = await idOf(2, 'A01A03');
    const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
    user.staff = await userId('staff');
    user.merchant2 = await userId('merchant2');
  });
  afterAll(() => t.close());

  const add = (token: string, payload: object) => t.call({ method: 'POST', url: '/api/sys/announcement/add', token, payload, lang: 'en-US' });
  const edit = (token: string, payload: object) => t.call({ method: 'PUT', url: '/api/sys/announcement/edit', token, payload, lang: 'en-US' });
  const act = (token: string, action: 'publish' | 'revoke', id: number) => t.call({ method: 'POST', url: `/api/sys/announcement/${action}`, token, payload: { id }, lang: 'en-US' });
  const remove = (token: string, id: number) => t.call({ method: 'DELETE', url: '/api/sys/announcement/delete', token, query: { id: String(id) }, lang: 'en-US' });
  const list = async (token: string, query: Record<string, string> = {}) => ok<Page<Managed>>(await t.call({ method: 'GET', url: '/api/sys/announcement/list', token, query }));
  const audits = (id: number) => t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'announcement'), eq(auditLogs.resourceId, String(id))));

  it('refuses callers without a session (401) and staff without the buttons (403)', async () => {
    expect(refused(await t.call({ method: 'GET', url: '/api/sys/announcement/list' }), 401)).toContain('Token失效');
    refused(await t.call({ method: 'GET', url: '/api/sys/announcement/list', token: staff }), 403);
    refused(await add(staff, draft()), 403);
  });

  it('adds a draft, edits it, publishes, refuses to edit or delete it published (409), revokes, edits, deletes; every step audited', async () => {
    const created = ok<Managed>(await add(merchant, draft({ audience: 'DEPART', targetIds: [depart.finance, depart.finance] })));
    expect(created).toMatchObject({ sendStatus: '0', sendTime: null, audience: 'DEPART', targetIds: [depart.finance], readCount: 0 });
    const edited = ok<Managed>(await edit(merchant, { ...draft({ title: 'Warehouse closed on Saturday', audience: 'USER', targetIds: [user.staff] }), id: created.id }));
    expect(edited).toMatchObject({ title: 'Warehouse closed on Saturday', audience: 'USER', targetIds: [user.staff] });

    const published = ok<Managed>(await act(merchant, 'publish', created.id));
    expect(published.sendStatus).toBe('1');
    expect(published.sendTime).not.toBeNull();
    expect(refused(await act(merchant, 'publish', created.id), 409)).toBe('This announcement is already published');
    expect(refused(await edit(merchant, { ...draft(), id: created.id }), 409)).toBe('A published announcement cannot be changed: revoke it first');
    expect(refused(await remove(merchant, created.id), 409)).toBe('A published announcement cannot be changed: revoke it first');

    expect(ok<Managed>(await act(merchant, 'revoke', created.id)).sendStatus).toBe('2');
    expect(refused(await act(merchant, 'revoke', created.id), 409)).toBe('This announcement is not published, so there is nothing to revoke');
    ok(await edit(merchant, { ...draft({ title: 'Corrected' }), id: created.id }));
    ok(await remove(merchant, created.id));
    expect((await list(merchant)).records.map((r) => r.id)).not.toContain(created.id);

    const lines = await audits(created.id);
    expect(lines.map((line) => line.action).sort()).toEqual(['create', 'delete', 'publish', 'revoke', 'update', 'update']);
    expect(lines.every((line) => line.tenantId === 1 && line.username === 'merchant')).toBe(true);
  });

  it('lists the tenant own ones only, filtered by title, status, priority and type, paged', async () => {
    const one = ok<Managed>(await add(merchant, draft({ title: 'List filter alpha', priority: 'L', msgType: 'system' })));
    ok(await add(merchant, draft({ title: 'List filter beta' })));
    ok(await act(merchant, 'publish', one.id));
    expect((await list(merchant, { title: 'List filter' })).total).toBe(2);
    expect((await list(merchant, { title: 'List filter', sendStatus: '1' })).records.map((r) => r.title)).toEqual(['List filter alpha']);
    expect((await list(merchant, { title: 'List filter', priority: 'H' })).records.map((r) => r.title)).toEqual(['List filter beta']);
    expect((await list(merchant, { title: 'List filter', msgType: 'system' })).records.map((r) => r.title)).toEqual(['List filter alpha']);
    expect((await list(merchant, { title: 'List filter', pageSize: '1', pageNo: '2' })).records).toHaveLength(1);
    expect((await list(merchant2, { title: 'List filter' })).total).toBe(0);
    expect((await list(admin, { title: 'List filter' })).total).toBe(0);
  });

  it("answers 404 for another tenant's announcement and for targets that are not the author's", async () => {
    const mine = ok<Managed>(await add(merchant, draft()));
    refused(await edit(merchant2, { ...draft(), id: mine.id }), 404);
    refused(await act(merchant2, 'publish', mine.id), 404);
    refused(await remove(merchant2, mine.id), 404);
    // another tenant's department or user, as if they did not exist
    refused(await add(merchant, draft({ audience: 'DEPART', targetIds: [depart.operations, depart.warehousing2] })), 404);
    refused(await add(merchant, draft({ audience: 'USER', targetIds: [user.merchant2] })), 404);
    refused(await edit(merchant, { ...draft({ audience: 'DEPART', targetIds: [depart.warehousing2] }), id: mine.id }), 404);
    refused(await add(admin, draft({ audience: 'TENANT', targetIds: [1, 99_999] })), 404);
    // nothing changed
    const after = (await list(merchant)).records.find((r) => r.id === mine.id);
    expect(after).toMatchObject({ sendStatus: '0', audience: 'ALL', targetIds: [] });
  });

  it('keeps each side to its audiences, and asks for targets and sensible times', async () => {
    expect(refused(await add(merchant, draft({ audience: 'TENANT', targetIds: [1] })), 400)).toContain("a company's to everyone");
    expect(refused(await add(admin, draft({ audience: 'DEPART', targetIds: [1] })), 400)).toContain('The platform');
    expect(refused(await add(merchant, draft({ audience: 'DEPART', targetIds: [] })), 400)).toBe('Choose at least one recipient');
    expect(refused(await add(merchant, draft({ startTime: '2030-01-02T00:00:00Z', endTime: '2030-01-01T00:00:00Z' })), 400)).toBe('The end time must be after the start time');
    expect(refused(await add(merchant, draft({ title: '   ' })), 400)).toContain('Title');
    expect(refused(await add(merchant, draft({ content: '<script>alert(1)</script>' })), 400)).toContain('Enter the content');
    // the target pickers answer only what the side may name
    refused(await t.call({ method: 'GET', url: '/api/sys/announcement/targets', token: merchant, query: { audience: 'TENANT' }, lang: 'en-US' }), 400);
    const departs = ok<{ value: number; label: string }[]>(await t.call({ method: 'GET', url: '/api/sys/announcement/targets', token: merchant, query: { audience: 'DEPART' } }));
    expect(departs.map((d) => d.value)).toContain(depart.finance);
    expect(departs.map((d) => d.value)).not.toContain(depart.warehousing2);
    const people = ok<{ value: number; label: string }[]>(await t.call({ method: 'GET', url: '/api/sys/announcement/targets', token: merchant, query: { audience: 'USER', keyword: 'staff' } }));
    expect(people).toEqual([{ value: user.staff, label: '張小華 (staff)' }]);
    const named = ok<{ value: number }[]>(await t.call({ method: 'GET', url: '/api/sys/announcement/targets', token: merchant, query: { audience: 'USER', ids: `${user.staff},${user.merchant2}` } }));
    expect(named.map((n) => n.value)).toEqual([user.staff]);
    const tenantsOfPlatform = ok<{ value: number; label: string }[]>(await t.call({ method: 'GET', url: '/api/sys/announcement/targets', token: admin, query: { audience: 'TENANT', keyword: 'Harbour' } }));
    expect(tenantsOfPlatform).toEqual([{ value: 2, label: 'Harbour Imports' }]);
  });
});
