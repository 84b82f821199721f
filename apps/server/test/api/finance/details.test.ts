import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrencyCode } from '@portal/shared/money';
import { platformLeg, walletLeg } from '../../../src/modules/finance/ledger/model.ts';
import { post } from '../../../src/modules/finance/ledger/service.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';

type Detail = { id: number; journalId: number; kind: string; refNo: string; memo: string; currency: string; amount: string; balance: string | null; postedAt: string; tenantId: number; tenantName: string; accountKind?: string };
type Account = { id: number; tenantId: number; tenantName: string; kind: string; currency: string; balance: string; updatedAt: string };
type Page<T> = { records: T[]; total: number };

const D = '/api/finance/detail';
const P = '/api/finance/review';

describe(`finance details and accounts (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let finance: string;
  let started: Date;

  const recharge = (tenantId: number, currency: CurrencyCode, amount: bigint, refNo: string) =>
    t.db.transaction(async (tx) => post(tx, { tenantId, kind: 'RECHARGE', refNo, memo: `recharge ${refNo}`, createdBy: null }, [platformLeg('BANK', currency, -amount), walletLeg(tenantId, currency, amount)]));
  const pay = (tenantId: number, currency: CurrencyCode, amount: bigint, refNo: string) =>
    t.db.transaction(async (tx) => post(tx, { tenantId, kind: 'PAYMENT', refNo, createdBy: null }, [walletLeg(tenantId, currency, -amount), platformLeg('REVENUE', currency, amount)]));

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff, finance] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('finance')]);
    started = new Date(Date.now() - 1000);
    await recharge(1, 'CNY', 1_000_000n, 'RC-D-1');
    await pay(1, 'CNY', 250_050n, 'PY-D-1');
    await recharge(1, 'USD', 10_000n, 'RC-D-2');
    await pay(1, 'CNY', 100_000n, 'PY-D-2');
    await recharge(1, 'JPY', 5000n, 'RC-D-3');
    await recharge(2, 'CNY', 500_000n, 'RC-D-9');
  });
  afterAll(() => t.close());

  const call = (url: string, token: string, payload: object) => t.call({ method: 'POST', url, token, payload, lang: 'en-US' });
  const details = async (filters: object = {}, token = merchant) => ok<Page<Detail>>(await call(`${D}/list`, token, { pageSize: 100, ...filters }));
  const review = async (filters: object = {}) => ok<Page<Detail>>(await call(`${P}/detail/list`, finance, { pageSize: 100, ...filters }));

  it('lists the tenant’s wallet movements newest first, signed, with the balance after each', async () => {
    const page = await details();
    expect(page.total).toBe(5);
    expect(page.records.map((row) => [row.refNo, row.kind, row.currency, row.amount, row.balance])).toEqual([
      ['RC-D-3', 'RECHARGE', 'JPY', '5000', '5000'],
      ['PY-D-2', 'PAYMENT', 'CNY', '-1000.00', '6499.50'],
      ['RC-D-2', 'RECHARGE', 'USD', '100.00', '100.00'],
      ['PY-D-1', 'PAYMENT', 'CNY', '-2500.50', '7499.50'],
      ['RC-D-1', 'RECHARGE', 'CNY', '10000.00', '10000.00'],
    ]);
    expect(page.records[4]).toMatchObject({ memo: 'recharge RC-D-1', tenantId: 1, tenantName: 'Demo Trading' });
    // the running balance of each currency follows its movements
    const cny = [...page.records].reverse().filter((row) => row.currency === 'CNY');
    let balance = 0n;
    for (const row of cny) {
      balance += BigInt(row.amount.replace('.', ''));
      expect(row.balance).toBe(`${balance / 100n}.${String(balance % 100n).padStart(2, '0')}`);
    }
    const paged = await details({ pageSize: 2, pageNo: 2 });
    expect(paged.records.map((row) => row.refNo)).toEqual(['RC-D-2', 'PY-D-1']);
    expect((await details({ order: 'asc', pageSize: 1 })).records[0]!.refNo).toBe('RC-D-1');
  });

  it('filters on currency, kind, reference and posting time', async () => {
    expect((await details({ currency: 'CNY' })).records.map((row) => row.refNo)).toEqual(['PY-D-2', 'PY-D-1', 'RC-D-1']);
    expect((await details({ kind: 'PAYMENT' })).records.map((row) => row.refNo)).toEqual(['PY-D-2', 'PY-D-1']);
    expect((await details({ refNo: 'RC-D-2' })).records.map((row) => row.amount)).toEqual(['100.00']);
    expect((await details({ currency: 'USD', kind: 'PAYMENT' })).total).toBe(0);
    expect((await details({ postedAt_begin: started.toISOString() })).total).toBe(5);
    expect((await details({ postedAt_begin: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expect((await details({ postedAt_end: started.toISOString() })).total).toBe(0);
    refused(await call(`${D}/list`, merchant, { kind: 'GIFT' }), 400);
    refused(await call(`${D}/list`, merchant, { tenantId: 2 }), 400);
  });

  it('keeps tenants apart and refuses staff and the platform on the merchant side', async () => {
    expect((await details({}, merchant2)).records.map((row) => [row.refNo, row.balance])).toEqual([['RC-D-9', '5000.00']]);
    expect((await details({ refNo: 'RC-D-1' }, merchant2)).total).toBe(0);
    refused(await call(`${D}/list`, staff, {}), 403);
    refused(await call(`${D}/list`, finance, {}), 403);
    refused(await t.call({ method: 'GET', url: `${D}/exportXls`, token: staff }), 403);
  });

  it('shows the platform every wallet, one tenant’s, or its own accounts (tenantId 0, without running balance)', async () => {
    const all = await review();
    expect(all.total).toBe(6);
    expect(all.records.every((row) => row.accountKind === 'WALLET')).toBe(true);
    expect(new Set(all.records.map((row) => row.tenantName))).toEqual(new Set(['Demo Trading', 'Harbour Imports']));
    expect((await review({ tenantId: 2 })).records.map((row) => row.refNo)).toEqual(['RC-D-9']);
    const own = await review({ tenantId: 0, currency: 'CNY' });
    expect(own.records.map((row) => [row.refNo, row.accountKind, row.amount, row.balance])).toEqual([
      ['RC-D-9', 'BANK', '-5000.00', null],
      ['PY-D-2', 'REVENUE', '1000.00', null],
      ['PY-D-1', 'REVENUE', '2500.50', null],
      ['RC-D-1', 'BANK', '-10000.00', null],
    ]);
    for (const token of [merchant, staff]) refused(await call(`${P}/detail/list`, token, {}), 403);
  });

  it('lists every account: wallets with their balance, the platform’s with the sum of their entries', async () => {
    const page = ok<Page<Account>>(await call(`${P}/account/list`, finance, { pageSize: 100 }));
    const balance = (tenantId: number, kind: string, currency: string) => page.records.find((row) => row.tenantId === tenantId && row.kind === kind && row.currency === currency)?.balance;
    expect(balance(0, 'BANK', 'CNY')).toBe('-15000.00');
    expect(balance(0, 'REVENUE', 'CNY')).toBe('3500.50');
    expect(balance(0, 'BANK', 'JPY')).toBe('-5000');
    expect(balance(1, 'WALLET', 'CNY')).toBe('6499.50');
    expect(balance(1, 'WALLET', 'USD')).toBe('100.00');
    expect(balance(2, 'WALLET', 'CNY')).toBe('5000.00');
    // the platform's first
    expect(page.records[0]!.tenantId).toBe(0);
    expect(page.records.find((row) => row.tenantId === 0)!.tenantName).toBe('Platform');
    const wallets = ok<Page<Account>>(await call(`${P}/account/list`, finance, { kind: 'WALLET', tenantId: 1 }));
    expect(wallets.records.map((row) => row.currency).sort()).toEqual(['CNY', 'JPY', 'USD']);
    for (const token of [merchant, staff]) refused(await call(`${P}/account/list`, token, {}), 403);
  });

  it('exports the filtered movements and the accounts with translated headers and numeric amounts', async () => {
    const sheet = await readXlsx(await t.call({ method: 'GET', url: `${D}/exportXls`, token: merchant, lang: 'en-US', query: { currency: 'CNY' } }));
    expect(sheet.headers).toEqual(['Posted at', 'Type', 'Reference number', 'Memo', 'Currency', 'Amount', 'Balance']);
    expect(sheet.rows.map((row) => [row[1], row[2], row[5], row[6]])).toEqual([
      ['Payment', 'PY-D-2', -1000, 6499.5],
      ['Payment', 'PY-D-1', -2500.5, 7499.5],
      ['Recharge', 'RC-D-1', 10000, 10000],
    ]);
    expect(String(sheet.rows[0]![0])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const theirs = await readXlsx(await t.call({ method: 'GET', url: `${D}/exportXls`, token: merchant2, lang: 'zh-TW' }));
    expect(theirs.headers[0]).toBe('入帳時間');
    expect(theirs.rows.map((row) => row[2])).toEqual(['RC-D-9']);

    const accounts = await readXlsx(await t.call({ method: 'GET', url: `${P}/account/exportXls`, token: finance, lang: 'en-US', query: { currency: 'CNY' } }));
    expect(accounts.headers).toEqual(['Merchant', 'Account', 'Currency', 'Balance', 'Updated at']);
    expect(accounts.rows.map((row) => [row[0], row[1], row[3]])).toEqual([
      ['Platform', 'Bank clearing', -15000],
      ['Platform', 'Currency desk', 0],
      ['Platform', 'Purchase funds', 0],
      ['Platform', 'Charge revenue', 3500.5],
      ['Platform', 'Rounding', 0],
      ['Demo Trading', 'Wallet', 6499.5],
      ['Harbour Imports', 'Wallet', 5000],
    ]);
    refused(await t.call({ method: 'GET', url: `${P}/account/exportXls`, token: merchant }), 403);
  });
});
