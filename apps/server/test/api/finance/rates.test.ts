import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { invertRate } from '@portal/shared/money';
import { rates } from '../../../src/db/schema/finance.ts';
import { currentRate } from '../../../src/modules/finance/rates/service.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { naming } from '../../helpers/field-names.ts';
import { walletPost, type WalletCallOptions } from '../../helpers/wallet-client.ts';

type Rate = { id: number; baseCurrency: string; quoteCurrency: string; rate: string; inverseRate: string; effectiveFrom: string; current: boolean; remark: string; createdBy: string; createdAt: string };
type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const R = '/api/finance/exchangeRate';
const HOUR = 60 * 60 * 1000;

describe(`exchange rates (${testDbKind()})`, () => {
  let t: TestApp;
  let finance: string;
  let admin: string;
  let merchant: string;
  let merchant2: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    [finance, admin, merchant, merchant2, staff] = await Promise.all([t.login('finance'), t.login('admin'), t.login('merchant'), t.login('merchant2'), t.login('staff')]);
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object, options: WalletCallOptions = {}) => walletPost(t)(url, token, payload, options);
  const get = (url: string, token: string, query: Record<string, string> = {}, lang = 'en-US') => t.call({ method: 'GET', url, token, query, lang });
  const listRates = async (filters: object) => ok<Page<Rate>>(await post(`${R}/list`, finance, { pageSize: 200, ...filters }));
  const addRate = async (body: object, token = finance) => ok<Rate>(await post(`${R}/add`, token, body));
  const rateCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(rates))[0]!.n);

  describe('the demo rate table', () => {
    it('has a current rate and an older one for each pair, with up to 6 decimals', async () => {
      const page = await listRates({});
      const pairs = new Map<string, Rate[]>();
      for (const rate of page.records) pairs.set(`${rate.baseCurrency}/${rate.quoteCurrency}`, [...(pairs.get(`${rate.baseCurrency}/${rate.quoteCurrency}`) ?? []), rate]);
      for (const pair of ['USD/CNY', 'USD/TWD', 'USD/HKD', 'CNY/TWD', 'CNY/HKD', 'HKD/TWD', 'USD/JPY', 'CNY/JPY']) {
        const rows = pairs.get(pair) ?? [];
        expect(rows.length, pair).toBe(2);
        expect(rows.filter((row) => row.current).length, pair).toBe(1);
        // newest first: the current row above last month's
        expect(rows[0]!.current, pair).toBe(true);
        for (const row of rows) expect(row.rate, pair).toMatch(/^\d+(\.\d{1,6})?$/);
      }
      const usdCny = pairs.get('USD/CNY')![0]!;
      expect(usdCny.createdBy).toBe('財務 林美玲');
      expect((await currentRate(t.db, 'USD', 'CNY'))?.rate).toBe(usdCny.rate);
      // the other direction is the inverse
      expect((await currentRate(t.db, 'CNY', 'USD'))?.rate).toBe(invertRate(usdCny.rate));
    });
  });

  describe('the rate table', () => {
    let now1: Rate;
    let scheduled: Rate;

    it('adds a rate applying now, flagged current, with its inverse', async () => {
      now1 = await addRate({ baseCurrency: 'EUR', quoteCurrency: 'CNY', rate: '7.85', remark: ' ECB fixing ' });
      expect(now1).toMatchObject({ baseCurrency: 'EUR', quoteCurrency: 'CNY', rate: '7.85', inverseRate: invertRate('7.85'), current: true, remark: 'ECB fixing', createdBy: '財務 林美玲' });
      expect(invertRate('7.85')).toBe('0.127388535');
      expect(Date.now() - new Date(now1.effectiveFrom).getTime()).toBeLessThan(60_000);
      expect((await currentRate(t.db, 'EUR', 'CNY'))?.rate).toBe('7.85');
    });

    it('schedules a rate: listed first, not current until its time', async () => {
      const from = new Date(Date.now() + 24 * HOUR).toISOString();
      scheduled = await addRate({ baseCurrency: 'EUR', quoteCurrency: 'CNY', rate: '7.9012345678', effectiveFrom: from });
      expect(scheduled).toMatchObject({ rate: '7.9012345678', current: false, effectiveFrom: from });
      const page = await listRates({ baseCurrency: 'EUR', quoteCurrency: 'CNY' });
      expect(page.records.map((row) => [row.id, row.current])).toEqual([
        [scheduled.id, false],
        [now1.id, true],
      ]);
      expect((await currentRate(t.db, 'EUR', 'CNY'))?.rate).toBe('7.85');
    });

    it('keeps the history: a newer rate takes over the current flag', async () => {
      const newer = await addRate({ baseCurrency: 'EUR', quoteCurrency: 'CNY', rate: '7.8612' });
      const page = await listRates({ baseCurrency: 'EUR', quoteCurrency: 'CNY' });
      expect(page.total).toBe(3);
      expect(page.records.map((row) => [row.id, row.current])).toEqual([
        [scheduled.id, false],
        [newer.id, true],
        [now1.id, false],
      ]);
      const current = await listRates({ baseCurrency: 'EUR', currentOnly: true });
      expect(current.records.map((row) => row.id)).toEqual([newer.id]);
      expect((await currentRate(t.db, 'EUR', 'CNY'))?.rate).toBe('7.8612');
      // every pair has exactly one current row
      const all = await listRates({ currentOnly: true });
      const pairs = all.records.map((row) => `${row.baseCurrency}/${row.quoteCurrency}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      expect(all.records.every((row) => row.current)).toBe(true);
      // named as the table's switch says it
      expect(refused(await post(`${R}/list`, finance, { currentOnly: 'x' }, { lang: 'zh-TW' }), 400)).toBe('只看現行匯率須為是或否（true / false）');
    });

    it('refuses the figure already in effect at the time given, now or scheduled (409 saying since when): nothing is added', async () => {
      expect(refused(await post(`${R}/add`, finance, { baseCurrency: 'EUR', quoteCurrency: 'CNY', rate: '7.86120' }), 409)).toMatch(/^The EUR\/CNY rate has been 7\.8612 since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}: there is nothing to add$/);
      const later = new Date(new Date(scheduled.effectiveFrom).getTime() + HOUR).toISOString();
      expect(refused(await post(`${R}/add`, finance, { baseCurrency: 'EUR', quoteCurrency: 'CNY', rate: '7.9012345678', effectiveFrom: later }, { lang: 'zh-TW' }), 409)).toMatch(/^EUR\/CNY 自 .+ 起的匯率已是 7\.9012345678：不需要再新增$/);
      expect((await listRates({ baseCurrency: 'EUR', quoteCurrency: 'CNY' })).total).toBe(3);
    });

    it('withdraws a scheduled rate only: one in effect is history (409), an unknown id 404', async () => {
      ok(await post(`${R}/delete`, finance, { id: scheduled.id }));
      expect((await listRates({ baseCurrency: 'EUR', quoteCurrency: 'CNY' })).total).toBe(2);
      expect(refused(await post(`${R}/delete`, finance, { id: now1.id }), 409)).toMatch(/history is kept/);
      expect((await listRates({ baseCurrency: 'EUR', quoteCurrency: 'CNY' })).total).toBe(2);
      refused(await post(`${R}/delete`, finance, { id: 99_999_999 }), 404);
    });

    it.each([
      [{ baseCurrency: 'EUR', quoteCurrency: 'EUR', rate: '1.1' }, 'quoteCurrency'],
      [{ baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '0' }, 'rate'],
      [{ baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '0.0000000000' }, 'rate'],
      [{ baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '1.12345678901' }, 'rate'],
      [{ baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '-1.1' }, 'rate'],
      [{ baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '1.1', effectiveFrom: new Date(Date.now() - 2 * HOUR).toISOString() }, 'effectiveFrom'],
      [{ baseCurrency: 'XXX', quoteCurrency: 'USD', rate: '1.1' }, 'baseCurrency'],
    ])('refuses %j (400 naming the field)', async (body, field) => {
      const before = await rateCount();
      expect(refused(await post(`${R}/add`, finance, body), 400)).toMatch(naming(field, `${R}/add`));
      expect(await rateCount()).toBe(before);
    });

    it('takes an Idempotency-Key: required, and a retry answers the first answer', async () => {
      refused(await post(`${R}/add`, finance, { baseCurrency: 'GBP', quoteCurrency: 'CNY', rate: '9.1' }, { key: null }), 400);
      const key = randomUUID();
      const body = { baseCurrency: 'GBP', quoteCurrency: 'CNY', rate: '9.1' };
      const first = ok<Rate>(await post(`${R}/add`, finance, body, { key }));
      const again = ok<Rate>(await post(`${R}/add`, finance, body, { key }));
      expect(again.id).toBe(first.id);
      expect((await listRates({ baseCurrency: 'GBP', quoteCurrency: 'CNY' })).total).toBe(1);
      refused(await post(`${R}/add`, finance, { ...body, rate: '9.2' }, { key }), 409);
    });

    it('is the platform finance side only', async () => {
      for (const token of [merchant, staff, merchant2]) {
        refused(await post(`${R}/list`, token, {}), 403);
        refused(await post(`${R}/add`, token, { baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '1.1' }), 403);
        refused(await post(`${R}/delete`, token, { id: now1.id }), 403);
        refused(await get(`${R}/exportXls`, token), 403);
      }
      ok(await post(`${R}/list`, admin, {}));
    });

    it('exports the filtered table with translated headers', async () => {
      const sheet = await readXlsx(await get(`${R}/exportXls`, finance, { baseCurrency: 'EUR', quoteCurrency: 'CNY', timeZone: 'UTC' }));
      expect(sheet.headers.slice(0, 6)).toEqual(['Base currency', 'Quote currency', 'Rate', 'Inverse rate', 'Effective from', 'Current']);
      expect(sheet.rows.map((row) => [row[2], row[5]])).toEqual([
        ['7.8612', 'Yes'],
        ['7.85', 'No'],
      ]);
      const zh = await readXlsx(await get(`${R}/exportXls`, finance, { baseCurrency: 'EUR', currentOnly: 'true' }, 'zh-TW'));
      expect(zh.headers[0]).toBe('基準幣別');
      expect(zh.rows).toHaveLength(1);
    });
  });
});
