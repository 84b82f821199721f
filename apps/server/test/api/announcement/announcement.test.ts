import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../../src/db/schema/sys.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

const LIST = '/api/sys/announcement/listByUser';

type Record = { id: number; title: string; content: string; priority: string; sendTime: string | null };
type Page = { records: Record[]; total: number; current: number; size: number; pages: number };

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe(`announcements for their readers (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff')]);
    // the demo seeds one platform announcement sent "now"; these are older, so it stays the newest
    await t.db.insert(announcements).values([
      { tenantId: 0, title: 'Platform maintenance 100%_done', content: 'platform', priority: 'H', sendStatus: 1, sendTime: hoursAgo(5) },
      { tenantId: 1, title: 'T1 price update', content: 'tenant one', priority: 'L', sendStatus: 1, sendTime: hoursAgo(2) },
      { tenantId: 1, title: 'T1 holiday notice', content: 'tenant one', priority: 'M', sendStatus: 1, sendTime: hoursAgo(30) },
      { tenantId: 1, title: 'T1 draft', content: 'not yet', priority: 'H', sendStatus: 0, sendTime: null },
      { tenantId: 1, title: 'T1 revoked', content: 'taken back', priority: 'H', sendStatus: 2, sendTime: hoursAgo(1) },
      { tenantId: 2, title: 'T2 warehouse move', content: 'tenant two', priority: 'M', sendStatus: 1, sendTime: hoursAgo(3) },
      { tenantId: 0, title: 'Platform draft', content: 'not yet', priority: 'M', sendStatus: 0, sendTime: null },
    ]);
  });
  afterAll(() => t.close());

  const list = async (token: string | undefined, query: { [key: string]: string } = {}, extra: { lang?: string; tenant?: string | number } = {}) =>
    t.call({ method: 'GET', url: LIST, token, query, ...extra });
  const page = async (token: string, query: { [key: string]: string } = {}) => {
    const response = await list(token, query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    return body.result as Page;
  };
  const titles = (p: Page) => p.records.map((r) => r.title);

  it("shows the platform's and the caller tenant's published announcements, newest first", async () => {
    const result = await page(merchant, { _t: '1700000000' });
    expect(titles(result)).toEqual(['歡迎使用商家後台 Welcome to the merchant portal', 'T1 price update', 'Platform maintenance 100%_done', 'T1 holiday notice']);
    expect(result).toMatchObject({ total: 4, current: 1, size: 10, pages: 1 });
    const first = result.records[1]!;
    expect(Object.keys(first).sort()).toEqual(['content', 'id', 'msgType', 'priority', 'read', 'sendTime', 'title']);
    expect(first).toMatchObject({ content: 'tenant one', priority: 'L' });
    expect(new Date(first.sendTime!).toISOString()).toBe(first.sendTime);
    // a staff member of the same tenant reads the same list
    expect(titles(await page(staff))).toEqual(titles(result));
  });

  it("never shows another tenant's announcements, drafts or revoked ones", async () => {
    const two = await page(merchant2);
    expect(titles(two)).toEqual(['歡迎使用商家後台 Welcome to the merchant portal', 'T2 warehouse move', 'Platform maintenance 100%_done']);
    expect(two.total).toBe(3);
    const one = await page(merchant);
    for (const p of [one, two]) {
      expect(titles(p).some((title) => /draft|revoked/i.test(title))).toBe(false);
    }
    expect(titles(one)).not.toContain('T2 warehouse move');
    // filters cannot widen the tenant scope either
    expect(titles(await page(merchant2, { title: 'T1' }))).toEqual([]);
  });

  it("refuses a tenant_id header of another tenant and answers 401 without a session", async () => {
    const other = await list(merchant2, {}, { tenant: 1, lang: 'en-US' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ success: false, code: 403 });
    const anonymous = await list(undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toContain('Token失效');
  });

  it('pages through the list and caps the page size at 50', async () => {
    const first = await page(merchant, { pageNo: '1', pageSize: '3' });
    expect(first).toMatchObject({ total: 4, current: 1, size: 3, pages: 2 });
    expect(first.records).toHaveLength(3);
    const second = await page(merchant, { pageNo: '2', pageSize: '3' });
    expect(second).toMatchObject({ total: 4, current: 2, size: 3, pages: 2 });
    expect(titles(second)).toEqual(['T1 holiday notice']);
    const beyond = await page(merchant, { pageNo: '5', pageSize: '3' });
    expect(beyond).toMatchObject({ records: [], total: 4, current: 5 });
    const capped = await page(merchant, { pageSize: '500' });
    expect(capped.size).toBe(50);
    expect(capped.records).toHaveLength(4);
  });

  it('filters by title (wildcards taken literally), priority and send time, and sorts by an allowed column', async () => {
    expect(titles(await page(merchant, { title: '100%_' }))).toEqual(['Platform maintenance 100%_done']);
    expect(titles(await page(merchant, { title: '%' }))).toEqual(['Platform maintenance 100%_done']);
    expect(titles(await page(merchant, { title: 't1 ' }))).toEqual(['T1 price update', 'T1 holiday notice']);
    expect(titles(await page(merchant, { priority: 'M' }))).toEqual(['歡迎使用商家後台 Welcome to the merchant portal', 'T1 holiday notice']);
    const window = await page(merchant, { sendTime_begin: hoursAgo(10).toISOString(), sendTime_end: hoursAgo(1).toISOString() });
    expect(titles(window)).toEqual(['T1 price update', 'Platform maintenance 100%_done']);
    const byPriority = await page(merchant, { column: 'priority', order: 'desc' });
    expect(byPriority.records.map((r) => r.priority)).toEqual(['H', 'M', 'M', 'L']);
    const oldest = await page(merchant, { column: 'sendTime', order: 'asc' });
    expect(titles(oldest)[0]).toBe('T1 holiday notice');
  });

  it.each([
    [{ pageNo: '0' }, 'Page must be at least 1'],
    [{ pageNo: 'abc' }, 'Page must be a number'],
    [{ pageNo: '1.5' }, 'Page must be a whole number'],
    [{ pageSize: '0' }, 'Page size must be at least 1'],
    [{ pageSize: '-3' }, 'Page size must be at least 1'],
    [{ column: 'content; drop table sys_user' }, 'Sort column must be one of: sendTime, priority, title'],
    [{ order: 'sideways' }, 'Sort order must be one of: asc, desc'],
    [{ priority: 'X' }, 'Priority must be one of: L, M, H'],
    [{ sendTime_begin: 'yesterday' }, 'sendTime_begin'],
    [{ title: 'x'.repeat(101) }, 'Title takes at most 100 characters'],
    [{ tenantId: '2' }, 'Unknown field: tenantId'],
  ])('answers 400 for %j', async (query, message) => {
    const response = await list(merchant, query, { lang: 'en-US' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 400 });
    expect(body.message).toContain(message);
  });
});
