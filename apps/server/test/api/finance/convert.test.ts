import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ConversionPreview, ConversionRecord, DetailRecord } from '@portal/shared/finance-schemas';
import { currencyFromMinor, invertRate, type CurrencyCode } from '@portal/shared/money';
import { accounts, entries, journals, rates } from '../../../src/db/schema/finance.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { naming } from '../../helpers/field-names.ts';
import { fundWallet, newKey, walletBalanceOf, walletPost } from '../../helpers/wallet-client.ts';

type Page<T> = { records: T[]; total: number };

const W = '/platform-api/finance/virtualWallet';
const PREVIEW = `${W}/convert/preview`;
const SUBMIT = `${W}/convert/submit`;
const HOUR_MS = 3_600_000;

describe(`converting between a merchant's wallets (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let finance: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff, finance, admin] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('finance'), t.login('admin')]);
    // the demo's rates out of the way: these are the only ones, so the test knows which one applies
    await t.db.delete(rates);
    const effectiveFrom = new Date(Date.now() - HOUR_MS);
    await t.db.insert(rates).values([
      { baseCurrency: 'CNY', quoteCurrency: 'USD', rate: '0.1381', effectiveFrom },
      { baseCurrency: 'EUR', quoteCurrency: 'GBP', rate: '0.5', effectiveFrom },
      { baseCurrency: 'CNY', quoteCurrency: 'JPY', rate: '21.2553', effectiveFrom },
      // a newer rate not yet effective must not be used
      { baseCurrency: 'CNY', quoteCurrency: 'USD', rate: '0.2', effectiveFrom: new Date(Date.now() + 24 * HOUR_MS) },
    ]);
  });
  afterAll(() => t.close());

  const call = (url: string, token: string, payload: object, key?: string | null, lang = 'en-US') => walletPost(t)(url, token, payload, { key, lang });
  const preview = async (payload: object, token = merchant) => ok<ConversionPreview>(await call(PREVIEW, token, payload, null));
  const convert = async (payload: object, key?: string) => ok<ConversionRecord>(await call(SUBMIT, merchant, payload, key));

  const fund = (currency: CurrencyCode, minor: bigint, tenantId = 1) => fundWallet(t.db, currency, minor, tenantId);
  const balance = (currency: CurrencyCode, tenantId = 1) => walletBalanceOf(t.db, currency, tenantId);
  const conversions = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(journals).where(eq(journals.kind, 'CONVERSION')))[0]!.n);
  /** A conversion journal's entries as [account kind, tenant, currency, amount], in a stable order. */
  const entriesOf = async (refNo: string) => {
    const rows = await t.db
      .select({ kind: accounts.kind, tenantId: entries.tenantId, currency: entries.currency, amount: entries.amount })
      .from(entries)
      .innerJoin(journals, eq(journals.id, entries.journalId))
      .innerJoin(accounts, eq(accounts.id, entries.accountId))
      .where(eq(journals.refNo, refNo));
    return rows.map((row) => [row.kind, row.tenantId, row.currency, row.amount] as const).sort((a, b) => `${a[2]}${a[0]}`.localeCompare(`${b[2]}${b[0]}`));
  };

  it('previews 100.00 CNY to USD at the rate applying now and changes nothing', async () => {
    await fund('CNY', 100_000n);
    const before = await balance('CNY');
    const shown = await preview({ fromCurrency: 'CNY', toCurrency: 'USD', amount: '100.00' });
    expect(shown).toEqual({
      fromCurrency: 'CNY',
      toCurrency: 'USD',
      amount: '100.00',
      rate: '0.1381',
      inverseRate: invertRate('0.1381'),
      converted: '13.81',
      balance: currencyFromMinor(before, 'CNY'),
      balanceAfter: currencyFromMinor(before - 10_000n, 'CNY'),
      sufficient: true,
      effectiveFrom: expect.any(String) as string,
    });
    expect(new Date(shown.effectiveFrom).getTime()).toBeLessThan(Date.now());
    expect(await balance('CNY')).toBe(before);
    expect(await conversions()).toBe(0);

    // more than the balance: shown, with what would be missing
    const short = await preview({ fromCurrency: 'CNY', toCurrency: 'USD', amount: currencyFromMinor(before + 1n, 'CNY') });
    expect(short).toMatchObject({ sufficient: false, balanceAfter: '-0.01' });

    // the other direction uses the inverse of the pair finance keeps
    const back = await preview({ fromCurrency: 'USD', toCurrency: 'CNY', amount: '1' });
    expect(back).toMatchObject({ rate: invertRate('0.1381'), inverseRate: '0.1381', sufficient: false });
  });

  it('converts 100.00 CNY into 13.81 USD: both wallets exact, the journal balanced per currency', async () => {
    const cny = await balance('CNY');
    const usd = await balance('USD');
    // the rate the user saw, written with a trailing zero: the same rate
    const done = await convert({ fromCurrency: 'CNY', toCurrency: 'USD', amount: '100.00', expectedRate: '0.13810' });
    expect(done).toMatchObject({
      fromCurrency: 'CNY',
      toCurrency: 'USD',
      amount: '100.00',
      converted: '13.81',
      rate: '0.1381',
      inverseRate: invertRate('0.1381'),
      balanceFrom: currencyFromMinor(cny - 10_000n, 'CNY'),
      balanceTo: currencyFromMinor(usd + 1381n, 'USD'),
    });
    expect(done.conversionNo).toMatch(new RegExp(`^CV${new Date().toISOString().slice(2, 10).replace(/-/g, '')}\\d{8}$`));
    expect(Math.abs(new Date(done.postedAt).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await balance('CNY')).toBe(cny - 10_000n);
    expect(await balance('USD')).toBe(usd + 1381n);
    expect(await entriesOf(done.conversionNo)).toEqual([
      ['FX', 0, 'CNY', 10_000n],
      ['WALLET', 1, 'CNY', -10_000n],
      ['FX', 0, 'USD', -1381n],
      ['WALLET', 1, 'USD', 1381n],
    ]);
    const [journal] = await t.db.select().from(journals).where(eq(journals.refNo, done.conversionNo));
    expect(journal).toMatchObject({ tenantId: 1, kind: 'CONVERSION', memo: 'CNY→USD @ 0.1381' });
  });

  it('rounds half to even, the rounding account taking the cent rounding added', async () => {
    await fund('EUR', 10_000n);
    // 10.05 × 0.5 = 5.025: to the even 5.02, nothing added
    const down = await convert({ fromCurrency: 'EUR', toCurrency: 'GBP', amount: '10.05' });
    expect(down.converted).toBe('5.02');
    expect(await entriesOf(down.conversionNo)).toEqual([
      ['FX', 0, 'EUR', 1005n],
      ['WALLET', 1, 'EUR', -1005n],
      ['FX', 0, 'GBP', -502n],
      ['WALLET', 1, 'GBP', 502n],
    ]);
    // 10.15 × 0.5 = 5.075: to the even 5.08, one cent added by rounding
    const up = await convert({ fromCurrency: 'EUR', toCurrency: 'GBP', amount: '10.15' });
    expect(up).toMatchObject({ converted: '5.08', balanceFrom: '79.80', balanceTo: '10.10' });
    expect(await entriesOf(up.conversionNo)).toEqual([
      ['FX', 0, 'EUR', 1015n],
      ['WALLET', 1, 'EUR', -1015n],
      ['FX', 0, 'GBP', -507n],
      ['ROUNDING', 0, 'GBP', -1n],
      ['WALLET', 1, 'GBP', 508n],
    ]);
    expect(await balance('GBP')).toBe(1010n);
  });

  it('converts into JPY (no decimals), and refuses a JPY amount with decimals', async () => {
    const jpy = await balance('JPY');
    // 100.05 × 21.2553 = 2126.592765 JPY: 2127
    const shown = await preview({ fromCurrency: 'CNY', toCurrency: 'JPY', amount: '100.05' });
    expect(shown.converted).toBe('2127');
    const done = await convert({ fromCurrency: 'CNY', toCurrency: 'JPY', amount: '100.05', expectedRate: shown.rate });
    expect(done).toMatchObject({ converted: '2127', balanceTo: currencyFromMinor(jpy + 2127n, 'JPY') });
    expect(await balance('JPY')).toBe(jpy + 2127n);
    expect((await entriesOf(done.conversionNo)).filter((row) => row[2] === 'JPY')).toEqual([
      ['FX', 0, 'JPY', -2126n],
      ['ROUNDING', 0, 'JPY', -1n],
      ['WALLET', 1, 'JPY', 2127n],
    ]);
    expect(refused(await call(PREVIEW, merchant, { fromCurrency: 'JPY', toCurrency: 'CNY', amount: '10.5' }, null), 400)).toMatch(naming('amount', PREVIEW));
  });

  it('refuses bad input with 400 naming the field, and a pair without a rate with 409', async () => {
    const before = await conversions();
    for (const url of [PREVIEW, SUBMIT]) {
      expect(refused(await call(url, merchant, { fromCurrency: 'CNY', toCurrency: 'CNY', amount: '1.00' }), 400)).toMatch(naming('toCurrency', url));
      expect(refused(await call(url, merchant, { fromCurrency: 'CNY', toCurrency: 'USD', amount: '0' }), 400)).toMatch(naming('amount', url));
      expect(refused(await call(url, merchant, { fromCurrency: 'CNY', toCurrency: 'USD', amount: '1.001' }), 400)).toMatch(naming('amount', url));
      expect(refused(await call(url, merchant, { fromCurrency: 'XXX', toCurrency: 'USD', amount: '1' }), 400)).toMatch(naming('fromCurrency', url));
      // 0.01 CNY is 0.21 JPY: it would take money and give nothing
      expect(refused(await call(url, merchant, { fromCurrency: 'CNY', toCurrency: 'JPY', amount: '0.01' }), 400)).toMatch(naming('amount', url));
      expect(refused(await call(url, merchant, { fromCurrency: 'CNY', toCurrency: 'KRW', amount: '1.00' }), 409)).toBe('No exchange rate from CNY to KRW has been set: please contact finance');
    }
    expect(refused(await call(SUBMIT, merchant, { fromCurrency: 'CNY', toCurrency: 'USD', amount: '1', expectedRate: 'abc' }), 400)).toMatch(naming('expectedRate', SUBMIT));
    expect(await conversions()).toBe(before);
  });

  it('refuses an insufficient balance with 409 and moves nothing; the same key then works once there is money', async () => {
    await fund('HKD', 5_000n);
    const hkd = await balance('HKD');
    const usd = await balance('USD');
    const before = await conversions();
    await t.db.insert(rates).values({ baseCurrency: 'HKD', quoteCurrency: 'USD', rate: '0.128', effectiveFrom: new Date(Date.now() - HOUR_MS) });
    const key = newKey();
    const body = { fromCurrency: 'HKD', toCurrency: 'USD', amount: currencyFromMinor(hkd + 1n, 'HKD') };
    expect(refused(await call(SUBMIT, merchant, body, key), 409)).toBe(`Insufficient HKD wallet balance: ${currencyFromMinor(hkd, 'HKD')} available, ${body.amount} needed`);
    expect(await balance('HKD')).toBe(hkd);
    expect(await balance('USD')).toBe(usd);
    expect(await conversions()).toBe(before);
    // a failure stores nothing: the retry with its key runs again
    await fund('HKD', 1n);
    const done = await convert(body, key);
    expect(done.balanceFrom).toBe('0.00');
    expect(await balance('HKD')).toBe(0n);
  });

  it('refuses a rate other than the one the user saw, in the user’s language', async () => {
    const cny = await balance('CNY');
    const before = await conversions();
    const body = { fromCurrency: 'CNY', toCurrency: 'USD', amount: '10.00', expectedRate: '0.138' };
    expect(refused(await call(SUBMIT, merchant, body), 409)).toBe('The CNY to USD rate changed from 0.138 to 0.1381: review the new amount and convert again');
    expect(refused(await call(SUBMIT, merchant, body, undefined, 'zh-TW'), 409)).toBe('CNY 兌 USD 的匯率已由 0.138 變為 0.1381，請確認新的換匯金額後再提交');
    expect(await balance('CNY')).toBe(cny);
    expect(await conversions()).toBe(before);
  });

  it('is idempotent: the same key and body answer the first answer, another body is 409, no key is 400', async () => {
    const key = newKey();
    const body = { fromCurrency: 'CNY', toCurrency: 'USD', amount: '1.00' };
    const cny = await balance('CNY');
    const before = await conversions();
    const first = await convert(body, key);
    const again = await convert(body, key);
    expect(again).toEqual(first);
    expect(await conversions()).toBe(before + 1);
    expect(await balance('CNY')).toBe(cny - 100n);
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(journals).where(eq(journals.refNo, first.conversionNo));
    expect(Number(count!.n)).toBe(1);
    expect(refused(await call(SUBMIT, merchant, { ...body, amount: '2.00' }, key), 409)).toContain('Idempotency-Key');
    expect(refused(await call(SUBMIT, merchant, body, null), 400)).toContain('Idempotency-Key');
    expect(await conversions()).toBe(before + 1);
    expect(await balance('CNY')).toBe(cny - 100n);
  });

  it("shows the conversion in the tenant's finance details on both wallets, and to no other tenant", async () => {
    const done = await convert({ fromCurrency: 'CNY', toCurrency: 'USD', amount: '3.00' });
    const details = async (token: string) =>
      ok<Page<DetailRecord>>(await t.call({ method: 'POST', url: '/api/finance/detail/list', token, payload: { kind: 'CONVERSION', pageSize: 100 }, lang: 'en-US' }));
    const mine = (await details(merchant)).records.filter((row) => row.refNo === done.conversionNo);
    expect(mine.map((row) => [row.currency, row.amount, row.balance]).sort()).toEqual([
      ['CNY', '-3.00', done.balanceFrom],
      ['USD', '0.41', done.balanceTo],
    ]);
    expect(mine.every((row) => row.kind === 'CONVERSION' && row.tenantId === 1)).toBe(true);
    const theirs = await details(merchant2);
    expect(theirs.total).toBe(0);
    // merchant2's preview reads its own (empty) wallet, not tenant 1's
    await fund('CNY', 700n, 2);
    expect(await preview({ fromCurrency: 'CNY', toCurrency: 'USD', amount: '100.00' }, merchant2)).toMatchObject({ balance: '7.00', sufficient: false });
  });

  it('refuses merchant staff without the permission and platform users (who have no wallet) with 403', async () => {
    const before = await conversions();
    const body = { fromCurrency: 'CNY', toCurrency: 'USD', amount: '1.00' };
    for (const token of [staff, finance, admin]) {
      refused(await call(PREVIEW, token, body), 403);
      refused(await call(SUBMIT, token, body), 403);
    }
    refused(await t.call({ method: 'POST', url: PREVIEW, payload: body }), 401);
    expect(await conversions()).toBe(before);
  });
});
