import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { loginLogs, visitLogs } from '../../../src/db/schema/auth.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { JobQueue } from '../../../src/lib/jobs.ts';
import { LOG_RETENTION_JOB, registerLogRetention, RETENTION_DEFAULTS } from '../../../src/modules/log/retention/service.ts';
import { VISITS_PER_SESSION_MINUTE } from '../../../src/modules/log/visit/service.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

type Day = { date: string; pageViews: number; visitors: number; signIns: number; failedSignIns: number; ip: number; visit: number };
type TenantTotals = { tenantId: number; tenantName: string; pageViews: number; signIns: number };

/** A time as SQL, relative to the database's midnight of today (its time zone: the days the statistics count by). */
type When = 'yesterday 23:59:59' | 'today 00:00:00' | 'month start 00:00:00' | 'last month end 23:59:59' | '200 days ago' | '1 day ago' | '1200 days ago' | '100 days ago';
const at: Record<When, SQL> = {
  'yesterday 23:59:59': sql`current_date - interval '1 second'`,
  'today 00:00:00': sql`current_date::timestamp`,
  'month start 00:00:00': sql`date_trunc('month', current_date)::timestamp`,
  'last month end 23:59:59': sql`date_trunc('month', current_date)::timestamp - interval '1 second'`,
  '200 days ago': sql`now() - interval '200 days'`,
  '1 day ago': sql`now() - interval '1 day'`,
  '1200 days ago': sql`now() - interval '1200 days'`,
  '100 days ago': sql`now() - interval '100 days'`,
};

describe(`visit statistics and log retention (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;
  let merchant2: string;
  let today: string;

  const addVisit = (tenantId: number, when: When, ip = '10.0.0.1', path = '/seeded') =>
    t.db.execute(sql`insert into sys_visit_log (tenant_id, path, ip, created_at) values (${tenantId}, ${path}, ${ip}, ${at[when]})`);
  const addSignIn = (tenantId: number, when: When, success: boolean, ip = '10.0.0.1') =>
    t.db.execute(sql`insert into sys_login_log (tenant_id, username, ip, success, log_type, created_at) values (${tenantId}, 'seeded', ${ip}, ${success}, 1, ${at[when]})`);
  const get = (url: string, token: string, query: Record<string, string> = {}, lang?: string) => t.call({ method: 'GET', url, token, query, lang });
  const days = async (token: string, query: Record<string, string> = {}): Promise<Day[]> => {
    const response = await get('/api/sys/visitInfo', token, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as Day[];
  };

  beforeAll(async () => {
    // visits are written only when the test flushes: what a request wrote itself would show at once
    t = await createTestApp({ visits: { flushMs: 3_600_000 } });
    [admin, merchant, merchant2] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('merchant2')]);
    const rows = (await t.db.execute(sql`select to_char(current_date, 'YYYY-MM-DD') as today`)) as unknown as { rows: { today: string }[] };
    today = rows.rows[0]!.today;
  });
  afterAll(() => t.close());

  describe('recording a visit', () => {
    it('answers before the visit is written, and the buffer writes it with the tenant, user, path and address', async () => {
      const before = await t.db.select({ id: visitLogs.id }).from(visitLogs).where(eq(visitLogs.path, '/logistics/international-order'));
      const response = await t.call({ method: 'POST', url: '/api/sys/visit', token: merchant, payload: { path: '/logistics/international-order' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result).toEqual({ recorded: true });
      // the request did not wait for the insert: the row is still in memory
      expect(await t.db.select({ id: visitLogs.id }).from(visitLogs).where(eq(visitLogs.path, '/logistics/international-order'))).toHaveLength(before.length);
      expect(t.app.visits.waiting).toBeGreaterThan(0);
      await t.app.visits.flush();
      const rows = await t.db.select().from(visitLogs).where(eq(visitLogs.path, '/logistics/international-order'));
      expect(rows).toHaveLength(before.length + 1);
      expect(rows.at(-1)).toMatchObject({ tenantId: 1, path: '/logistics/international-order', ip: '127.0.0.1' });
      expect(rows.at(-1)?.userId).toBeGreaterThan(0);
      // counted today for tenant 1, not for tenant 2
      expect((await days(merchant, { preset: 'today' }))[0]!.pageViews).toBeGreaterThan(0);
      expect((await days(merchant2, { preset: 'today' }))[0]!.pageViews).toBe(0);
    });

    it(`counts at most ${VISITS_PER_SESSION_MINUTE} visits a minute of one session`, async () => {
      const token = await t.login('merchant2');
      const answers: boolean[] = [];
      // twice the rate and more: even if the minute turns once during the loop, some are refused
      for (let i = 0; i < 2 * VISITS_PER_SESSION_MINUTE + 3; i++) {
        const response = await t.call({ method: 'POST', url: '/api/sys/visit', token, payload: { path: `/loop/${i}` } });
        answers.push(response.json().result.recorded as boolean);
      }
      expect(answers.filter(Boolean).length).toBeLessThanOrEqual(2 * VISITS_PER_SESSION_MINUTE);
      expect(answers.slice(0, VISITS_PER_SESSION_MINUTE - 3).every(Boolean)).toBe(true);
      await t.app.visits.flush();
    });

    it('refuses a bad path in three languages, and a visit without a session', async () => {
      for (const path of ['', 'no-slash', `/${'a'.repeat(200)}`, '/with space']) {
        const en = await t.call({ method: 'POST', url: '/api/sys/visit', token: merchant, lang: 'en-US', payload: { path } });
        expect(en.statusCode, path).toBe(400);
        expect(en.json().message).toContain('A page path starts with /');
      }
      const cn = await t.call({ method: 'POST', url: '/api/sys/visit', token: merchant, lang: 'zh-CN', payload: { path: 'x' } });
      expect(cn.json().message).toContain('页面路径须以 / 开头');
      const tw = await t.call({ method: 'POST', url: '/api/sys/visit', token: merchant, payload: { path: 'x' } });
      expect(tw.json().message).toContain('頁面路徑須以 / 開頭');
      const anonymous = await t.call({ method: 'POST', url: '/api/sys/visit', payload: { path: '/x' } });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('per day, per tenant, over a range', () => {
    let baseline: { merchantToday: Day; merchantYesterday: Day; merchant2Today: Day };

    beforeAll(async () => {
      await t.app.visits.flush();
      baseline = {
        merchantToday: (await days(merchant, { preset: 'today' }))[0]!,
        merchantYesterday: (await days(merchant, { preset: 'yesterday' }))[0]!,
        merchant2Today: (await days(merchant2, { preset: 'today' }))[0]!,
      };
      // the edges of a day: 23:59:59 is yesterday's, 00:00:00 today's
      await addVisit(1, 'yesterday 23:59:59', '10.1.0.1');
      await addVisit(1, 'today 00:00:00', '10.1.0.2');
      await addVisit(1, 'today 00:00:00', '10.1.0.2');
      await addSignIn(1, 'today 00:00:00', true, '10.1.0.3');
      await addSignIn(1, 'today 00:00:00', false, '10.1.0.4');
      await addSignIn(1, 'yesterday 23:59:59', false, '10.1.0.4');
      await addVisit(2, 'today 00:00:00', '10.2.0.1');
    });

    it('puts 23:59:59 in the day it ends and 00:00:00 in the day it starts', async () => {
      const [todayRow] = await days(merchant, { preset: 'today' });
      expect(todayRow).toMatchObject({
        date: today,
        pageViews: baseline.merchantToday.pageViews + 2,
        signIns: baseline.merchantToday.signIns + 1,
        failedSignIns: baseline.merchantToday.failedSignIns + 1,
      });
      // visit keeps the home page's meaning: the sign-ins
      expect(todayRow!.visit).toBe(todayRow!.signIns);
      const [yesterdayRow] = await days(merchant, { preset: 'yesterday' });
      expect(yesterdayRow).toMatchObject({ pageViews: baseline.merchantYesterday.pageViews + 1, failedSignIns: baseline.merchantYesterday.failedSignIns + 1 });
      expect(yesterdayRow!.date < today).toBe(true);
    });

    it('answers every day of a begin/end range in order, and the last seven days without one', async () => {
      const seven = await days(merchant);
      expect(seven).toHaveLength(7);
      expect(seven.at(-1)!.date).toBe(today);
      const range = await days(merchant, { begin: seven[0]!.date, end: today });
      expect(range).toEqual(seven);
      const year = await days(merchant, { begin: '2024-01-01', end: '2024-12-31' });
      expect(year).toHaveLength(366);
      expect(year.every((day) => day.pageViews === 0)).toBe(true);
    });

    it('counts this month from its first 00:00:00 and last month to its last 23:59:59', async () => {
      const sum = (list: Day[]) => list.reduce((total, day) => total + day.pageViews, 0);
      const thisBefore = sum(await days(merchant2, { preset: 'thisMonth' }));
      const lastBefore = sum(await days(merchant2, { preset: 'lastMonth' }));
      await addVisit(2, 'month start 00:00:00');
      await addVisit(2, 'last month end 23:59:59');
      const thisMonth = await days(merchant2, { preset: 'thisMonth' });
      const lastMonth = await days(merchant2, { preset: 'lastMonth' });
      expect(sum(thisMonth)).toBe(thisBefore + 1);
      expect(sum(lastMonth)).toBe(lastBefore + 1);
      expect(thisMonth[0]!.date).toBe(`${today.slice(0, 7)}-01`);
      expect(thisMonth.at(-1)!.date).toBe(today);
      expect(lastMonth.at(-1)!.date < thisMonth[0]!.date).toBe(true);
      expect(lastMonth[0]!.date.endsWith('-01')).toBe(true);
    });

    it('gives the platform every tenant together, one tenant, and each tenant', async () => {
      const all = (await days(admin, { preset: 'today' }))[0]!;
      const one = (await days(admin, { preset: 'today', tenantId: '1' }))[0]!;
      const two = (await days(admin, { preset: 'today', tenantId: '2' }))[0]!;
      expect(one.pageViews).toBe((await days(merchant, { preset: 'today' }))[0]!.pageViews);
      expect(two.pageViews).toBe((await days(merchant2, { preset: 'today' }))[0]!.pageViews);
      expect(all.pageViews).toBeGreaterThanOrEqual(one.pageViews + two.pageViews);
      const tenants = (await get('/api/sys/visitInfo/tenants', admin, { preset: 'today' })).json().result as TenantTotals[];
      expect(tenants.find((row) => row.tenantId === 1)).toMatchObject({ tenantName: expect.any(String), pageViews: one.pageViews, signIns: one.signIns });
      expect(tenants.find((row) => row.tenantId === 2)).toMatchObject({ pageViews: two.pageViews });
      expect(tenants.reduce((total, row) => total + row.pageViews, 0)).toBe(all.pageViews);
      const missing = await get('/api/sys/visitInfo', admin, { preset: 'today', tenantId: '987654' }, 'en-US');
      expect(missing.statusCode).toBe(404);
    });

    it("shows a merchant its own tenant only: another tenant's id is 404", async () => {
      const tenants = (await get('/api/sys/visitInfo/tenants', merchant, { preset: 'today' })).json().result as TenantTotals[];
      expect(tenants.map((row) => row.tenantId)).toEqual([1]);
      for (const url of ['/api/sys/visitInfo', '/api/sys/loginfo', '/api/sys/visitInfo/exportXls']) {
        const response = await get(url, merchant, { tenantId: '2' }, 'zh-CN');
        expect(response.statusCode, url).toBe(404);
        expect(response.json().message).toBe('找不到该租户');
      }
      expect((await get('/api/sys/visitInfo', merchant, { tenantId: '1', preset: 'today' })).statusCode).toBe(200);
    });

    it('refuses bad ranges with a 400 in three languages', async () => {
      const cases: [Record<string, string>, string, string, string][] = [
        [{ begin: '2026-02-01', end: '2026-01-31' }, 'The end date cannot be before the start date', '结束日期不能早于开始日期', '結束日期不能早於開始日期'],
        [{ begin: '2024-01-01', end: '2025-01-01' }, 'A range covers at most 366 days', '查询区间最多 366 天', '查詢區間最多 366 天'],
        [{ begin: '2026-01-01' }, 'Give both the start and the end date', '开始日期与结束日期须一并提供', '開始日期與結束日期須一併提供'],
        [{ preset: 'today', begin: '2026-01-01', end: '2026-01-02' }, 'Choose a preset or a start and end date, not both', '请选择快捷区间或起止日期', '請選擇快捷區間或起訖日期'],
      ];
      for (const [query, en, cn, tw] of cases) {
        for (const [lang, text] of [['en-US', en], ['zh-CN', cn], ['zh-TW', tw]] as const) {
          const response = await get('/api/sys/visitInfo', merchant, query, lang);
          expect(response.statusCode, JSON.stringify(query)).toBe(400);
          expect(response.json().message).toContain(text);
        }
      }
      const bad: Record<string, string>[] = [{ preset: 'lastYear' }, { begin: '2026-13-01', end: '2026-12-01' }, { begin: '1999-12-31', end: '2000-01-01' }, { tenantId: '-1' }];
      for (const query of bad) {
        const response = await get('/api/sys/visitInfo', admin, query, 'en-US');
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
      }
    });

    it('exports the days of the range as a spreadsheet', async () => {
      const response = await get('/api/sys/visitInfo/exportXls', merchant, { preset: 'thisMonth' }, 'en-US');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain(`visits_${today.slice(0, 7)}-01_${today}`);
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it('is refused to merchant staff, who lack the statistics', async () => {
      const staff = await t.login('staff');
      expect((await get('/api/sys/visitInfo', staff)).statusCode).toBe(403);
      expect((await get('/api/sys/visitInfo/tenants', staff)).statusCode).toBe(403);
    });
  });

  describe('retention', () => {
    it('deletes rows past their days through the job queue and keeps the newer ones', async () => {
      const mark = `retention-${Date.now()}`;
      await addVisit(1, '200 days ago', '10.9.0.1', `/${mark}/old`);
      await addVisit(2, '1 day ago', '10.9.0.1', `/${mark}/new`);
      await t.db.execute(sql`insert into sys_login_log (tenant_id, username, success, created_at) values (1, ${mark}, true, ${at['200 days ago']}), (1, ${mark}, true, ${at['1 day ago']})`);
      await t.db.execute(
        sql`insert into sys_audit_log (tenant_id, resource, action, label, created_at) values (1, 'test', 'create', ${mark}, ${at['1200 days ago']}), (1, 'test', 'update', ${mark}, ${at['100 days ago']})`,
      );

      const errors: Error[] = [];
      const jobs = new JobQueue(t.database, (error) => errors.push(error), 0.5);
      let finished = 0;
      registerLogRetention(jobs, t.db, RETENTION_DEFAULTS, () => finished++);
      await jobs.start();
      try {
        const id = await jobs.send(LOG_RETENTION_JOB, {});
        let state: string | undefined;
        // a scheduled kind's worker looks for jobs every 30 s, but a job sent by hand wakes it: a job left
        // waiting fails the test after 15 s, it does not hang it
        for (let i = 0; i < 60 && state !== 'completed' && state !== 'failed'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          state = await jobs.state(LOG_RETENTION_JOB, id);
        }
        expect(state).toBe('completed');
        expect(finished).toBe(1);
      } finally {
        await jobs.stop();
      }
      expect(errors).toEqual([]);

      const visits = await t.db.select({ path: visitLogs.path }).from(visitLogs).where(sql`${visitLogs.path} like ${`/${mark}/%`}`);
      expect(visits.map((row) => row.path)).toEqual([`/${mark}/new`]);
      const logins = await t.db.select({ at: loginLogs.createdAt }).from(loginLogs).where(eq(loginLogs.username, mark));
      expect(logins).toHaveLength(1);
      const audits = await t.db.select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.label, mark), eq(auditLogs.resource, 'test')));
      expect(audits.map((row) => row.action)).toEqual(['update']);
      // the demo's own rows of today are all still there
      expect((await days(merchant, { preset: 'today' }))[0]!.pageViews).toBeGreaterThan(0);
    });
  });
});
