import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq, inArray, sql } from 'drizzle-orm';
import { loginLogs } from '../../../src/db/schema/auth.ts';
import { tenants, users } from '../../../src/db/schema/sys.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';

type LogInfo = { todayVisitCount: number; todayIp: number; totalVisitCount: number };
type Day = { date: string; visit: number; ip: number };

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: unknown): T[] => {
  const r = result as Rows<T>;
  return Array.isArray(r) ? r : r.rows;
};

let testApp: TestApp;

describe(`company language and visit statistics (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    testApp = t;
    [merchant, merchant2, staff] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff')]);
  });
  afterAll(() => t.close());

  const languages = async () => Object.fromEntries((await t.db.select({ id: tenants.id, language: tenants.language }).from(tenants).where(inArray(tenants.id, [0, 1, 2]))).map((r) => [r.id, r.language]));

  describe('setLanguage', () => {
    const setLanguage = (method: 'GET' | 'POST', query: Record<string, string>, token: string | null = merchant, extra: { lang?: string; tenant?: string | number } = {}) =>
      t.call({ method, url: '/api/purchase/company/setLanguage', token: token ?? undefined, query, ...extra });

    it("sets the caller tenant's language, and only its", async () => {
      const start = await languages();
      expect(start[1]).toBe('zh-TW');
      expect(start[2]).toBe('zh-TW');

      const zero = await setLanguage('GET', { language: '0', _t: '1700000000' }, merchant, { lang: 'zh-CN' });
      expect(zero.statusCode).toBe(200);
      expect(zero.json()).toMatchObject({ success: true, code: 200, message: '语言设置已保存', result: { language: 'zh-CN' } });
      expect(await languages()).toEqual({ ...start, 1: 'zh-CN' });

      const one = await setLanguage('POST', { language: '1' });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ success: true, result: { language: 'zh-TW' } });
      expect(await languages()).toEqual({ ...start, 1: 'zh-TW' });

      const other = await setLanguage('POST', { language: '0' }, merchant2);
      expect(other.statusCode).toBe(200);
      expect(await languages()).toEqual({ ...start, 2: 'zh-CN' });

      // tenant_id 0 is the caller's default tenant
      expect((await setLanguage('GET', { language: '0' }, merchant, { tenant: 0 })).statusCode).toBe(200);
      expect(await languages()).toEqual({ ...start, 1: 'zh-CN', 2: 'zh-CN' });

      await setLanguage('GET', { language: '1' }, merchant);
      await setLanguage('GET', { language: '1' }, merchant2);
      expect(await languages()).toEqual(start);
    });

    it("cannot set another tenant's language through tenant_id", async () => {
      const before = await languages();
      for (const tenant of [2, 0 + 1000, 'abc', '-1', '1;2']) {
        const response = await setLanguage('POST', { language: '0' }, merchant, { tenant, lang: 'en-US' });
        expect(response.statusCode, String(tenant)).toBe(403);
        expect(response.json(), String(tenant)).toMatchObject({ success: false, code: 403, message: 'Access denied: you do not belong to this tenant' });
      }
      expect(await languages()).toEqual(before);
    });

    it.each([
      ['language 2', { language: '2' }, 'Field language must be one of: 0, 1'],
      // "required" would read better; "must be one of" is what the shared error handler says for a missing enum
      ['no language', {} as Record<string, string>, /^Field language (is required|must be one of: 0, 1)$/],
      ['language zh-CN', { language: 'zh-CN' }, 'Field language must be one of: 0, 1'],
      ['an empty language', { language: '' }, 'Field language must be one of: 0, 1'],
      ['an extra parameter', { language: '1', tenantId: '2' }, 'Unknown field: tenantId'],
    ])('refuses %s with 400 and changes nothing', async (_, query, message) => {
      for (const method of ['GET', 'POST'] as const) {
        const before = await fingerprint(t.db);
        const response = await setLanguage(method, query, merchant, { lang: 'en-US' });
        expect(response.statusCode, method).toBe(400);
        expect(response.json(), method).toMatchObject({ success: false, code: 400, result: null });
        if (typeof message === 'string') expect(response.json().message, method).toBe(message);
        else expect(response.json().message, method).toMatch(message);
        expect(await fingerprint(t.db)).toBe(before);
      }
    });

    it('refuses a repeated language parameter', async () => {
      const response = await t.call({ method: 'GET', url: '/api/purchase/company/setLanguage?language=0&language=1', token: merchant });
      expect(response.statusCode).toBe(400);
      expect((await languages())[1]).toBe('zh-TW');
    });

    it('needs a token', async () => {
      const before = await fingerprint(t.db);
      for (const method of ['GET', 'POST'] as const) {
        const response = await setLanguage(method, { language: '0' }, null, { lang: 'zh-CN' });
        expect(response.statusCode, method).toBe(401);
        expect(response.json().message, method).toContain('Token失效');
      }
      expect(await fingerprint(t.db)).toBe(before);
    });
  });

  describe('loginfo and visitInfo', () => {
    const loginfo = async (token: string, tenant?: number | string): Promise<LogInfo> => {
      const response = await t.call({ method: 'GET', url: '/api/sys/loginfo', token, tenant, query: { _t: '1700000000' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().success).toBe(true);
      return response.json().result as LogInfo;
    };
    const visitInfo = async (token: string): Promise<Day[]> => {
      const response = await t.call({ method: 'GET', url: '/api/sys/visitInfo', token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result as Day[];
    };
    const signIn = (username: string, ip: string, password = DEMO_PASSWORD) =>
      t.call({ method: 'POST', url: '/api/sys/login', remoteAddress: ip, payload: { username, password } });
    /** today and the six days before it, as the database sees them */
    const lastSevenDays = async (): Promise<string[]> =>
      rowsOf<{ d: string }>(
        await t.db.execute(sql`select to_char(date_trunc('day', now()) - make_interval(days => g), 'YYYY-MM-DD') as d from generate_series(6, 0, -1) as g`),
      ).map((r) => r.d);

    it('counts the sign-ins of the caller tenant only', async () => {
      const t1 = await loginfo(merchant);
      const t2 = await loginfo(merchant2);
      // beforeAll signed in merchant and staff (tenant 1) and merchant2 (tenant 2)
      expect(t1).toEqual({ todayVisitCount: 2, todayIp: 1, totalVisitCount: 2 });
      expect(t2).toEqual({ todayVisitCount: 1, todayIp: 1, totalVisitCount: 1 });

      expect((await signIn('merchant', '10.1.0.1')).json().success).toBe(true);
      expect((await signIn('merchant', '10.1.0.2')).json().success).toBe(true);
      expect((await signIn('merchant2', '10.2.0.1')).json().success).toBe(true);
      // neither a failed sign-in nor a sign-out is a visit
      expect((await signIn('merchant', '10.1.0.3', 'wrong-password')).json().success).toBe(false);
      expect((await signIn('nobody', '10.1.0.4')).json().success).toBe(false);
      const token = (await signIn('merchant2', '10.2.0.2')).json().result.token as string;
      expect((await t.call({ method: 'POST', url: '/api/sys/logout', token })).statusCode).toBe(200);

      expect(await loginfo(merchant)).toEqual({ todayVisitCount: 4, todayIp: 3, totalVisitCount: 4 });
      expect(await loginfo(merchant2)).toEqual({ todayVisitCount: 3, todayIp: 3, totalVisitCount: 3 });
      // staff's sign-in counts for tenant 1, but staff may not look
      const response = await t.call({ method: 'GET', url: '/api/sys/loginfo', token: staff });
      expect(response.statusCode).toBe(403);
    });

    it('counts older sign-ins in the total and in their day, not today', async () => {
      const [merchantRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'merchant'));
      const log = (daysAgo: number, ip: string) => ({
        tenantId: 1,
        userId: merchantRow!.id,
        username: 'merchant',
        ip,
        success: true,
        logType: 1,
        createdAt: sql`date_trunc('day', now()) - make_interval(days => ${daysAgo}) + interval '1 hour'`,
      });
      const before = await loginfo(merchant);
      const beforeDays = await visitInfo(merchant);
      await t.db.insert(loginLogs).values([log(3, '10.9.0.1'), log(3, '10.9.0.2'), log(3, '10.9.0.2'), log(6, '10.9.0.3'), log(7, '10.9.0.4'), log(30, '10.9.0.5')]);
      // a failed sign-in three days ago does not count either
      await t.db.insert(loginLogs).values({ ...log(3, '10.9.0.6'), success: false, reason: 'bad credentials' });

      expect(await loginfo(merchant)).toEqual({ ...before, totalVisitCount: before.totalVisitCount + 6 });
      const days = await visitInfo(merchant);
      const dates = await lastSevenDays();
      expect(days.map((d) => d.date)).toEqual(dates);
      expect(days.map((d) => d.visit)).toEqual(beforeDays.map((d, i) => d.visit + (i === 3 ? 3 : i === 0 ? 1 : 0)));
      expect(days.map((d) => d.ip)).toEqual(beforeDays.map((d, i) => d.ip + (i === 3 ? 2 : i === 0 ? 1 : 0)));
      // tenant 2 saw none of it
      expect((await visitInfo(merchant2)).slice(0, 6).every((d) => d.visit === 0 && d.ip === 0)).toBe(true);
    });

    it('answers seven days, oldest first, today last, agreeing with loginfo', async () => {
      const days = await visitInfo(merchant);
      expect(days).toHaveLength(7);
      const dates = await lastSevenDays();
      expect(days.map((d) => d.date)).toEqual(dates);
      for (let i = 1; i < days.length; i++) expect(days[i]!.date > days[i - 1]!.date).toBe(true);
      const info = await loginfo(merchant);
      expect(days[6]).toMatchObject({ date: dates[6], visit: info.todayVisitCount, ip: info.todayIp });
      expect(days[6]!.visit).toBe(4);

      const other = await visitInfo(merchant2);
      expect(other.map((d) => d.date)).toEqual(dates);
      expect(other[6]).toMatchObject({ date: dates[6], visit: 3, ip: 3 });
    });

    // Kiritimati (UTC+14) and Pago Pago (UTC-11) differ from UTC in date at every hour of the day.
    it('puts today last whatever the time zone of the database', async () => {
      try {
        for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
          await setDatabaseZone(zone);
          const dates = await lastSevenDays();
          const days = await visitInfo(merchant);
          const info = await loginfo(merchant);
          expect(days.map((d) => d.date), zone).toEqual(dates);
          expect(days[6], zone).toMatchObject({ date: dates[6], visit: info.todayVisitCount, ip: info.todayIp });
        }
      } finally {
        await setDatabaseZone('UTC');
      }
    });

    it('answers 403 to a user without the statistics permission, translated', async () => {
      for (const url of ['/api/sys/loginfo', '/api/sys/visitInfo']) {
        const en = await t.call({ method: 'GET', url, token: staff, lang: 'en-US' });
        expect(en.statusCode, url).toBe(403);
        expect(en.json(), url).toMatchObject({ success: false, code: 403, result: null });
        expect(en.json().message).toMatch(/^Access denied/);
        const cn = await t.call({ method: 'GET', url, token: staff, lang: 'zh-CN' });
        expect(cn.json().message).toContain('拒绝访问');
        const tw = await t.call({ method: 'GET', url, token: staff });
        expect(tw.json().message).toContain('拒絕訪問');
      }
    });

    it('answers 401 without a token', async () => {
      for (const url of ['/api/sys/loginfo', '/api/sys/visitInfo']) {
        const response = await t.call({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().message).toContain('Token失效');
      }
    });

    it('checks the tenant_id header', async () => {
      for (const url of ['/api/sys/loginfo', '/api/sys/visitInfo']) {
        for (const tenant of [2, 'abc', '01x', ' 2', '99999999999']) {
          const response = await t.call({ method: 'GET', url, token: merchant, tenant, lang: 'en-US' });
          expect(response.statusCode, `${url} ${tenant}`).toBe(403);
          expect(response.json().message).toBe('Access denied: you do not belong to this tenant');
        }
      }
      const own = await loginfo(merchant);
      expect(await loginfo(merchant, 0)).toEqual(own);
      expect(await loginfo(merchant, 1)).toEqual(own);
      expect(await loginfo(merchant2, 0)).toEqual(await loginfo(merchant2));
      expect((await loginfo(merchant, 0)).todayVisitCount).not.toBe((await loginfo(merchant2, 0)).todayVisitCount);
    });

    it('refuses unknown query parameters', async () => {
      for (const url of ['/api/sys/loginfo', '/api/sys/visitInfo']) {
        const response = await t.call({ method: 'GET', url, token: merchant, lang: 'en-US', query: { tenant: '2' } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message).toBe('Unknown field: tenant');
        // another tenant's statistics are not found, like any record of another tenant
        const other = await t.call({ method: 'GET', url, token: merchant, lang: 'en-US', query: { tenantId: '2' } });
        expect(other.statusCode, url).toBe(404);
        expect(other.json().message).toBe('Tenant not found');
      }
    });
  });
});

/**
 * PGlite has one connection: a session setting reaches every query. On PostgreSQL the zone is set on
 * the database and the pool's connections are ended, so the next queries reconnect with it.
 */
async function setDatabaseZone(zone: string) {
  if (!testApp.url) {
    await testApp.db.execute(sql`select set_config('TimeZone', ${zone}, false)`);
    return;
  }
  const admin = new pg.Client({ connectionString: testApp.url });
  await admin.connect();
  try {
    const statement = await admin.query<{ q: string }>(`select format('alter database %I set timezone to %L', current_database(), $1::text) as q`, [zone]);
    await admin.query(statement.rows[0]!.q);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  } finally {
    await admin.end();
  }
  // the pool notices its ended connections asynchronously: wait until queries see the new zone
  for (let ok = 0, i = 0; ok < 5 && i < 100; i++) {
    try {
      const rows = rowsOf<{ tz: string }>(await testApp.db.execute(sql`select current_setting('TimeZone') as tz`));
      ok = rows[0]?.tz === zone ? ok + 1 : 0;
    } catch {
      ok = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
