import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Person, RateTable, WalletBalance } from '@portal/shared/finance-schemas';
import { rates } from '../../../src/db/schema/finance.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { naming } from '../../helpers/field-names.ts';
import { voucherUpload, walletPost } from '../../helpers/wallet-client.ts';
import { restrictedReaders } from '../../helpers/restricted-readers.ts';
import { bearer, createApiKey } from '../../helpers/api-keys.ts';

const W = '/platform-api/finance/virtualWallet';

describe('the wallet at a glance (/platform-api/finance/virtualWallet)', () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let finance: string;
  let staff: string;
  let admin: string;

  const call = (url: string, token: string, payload: object = {}, withKey = false) =>
    walletPost(t)(`${W}${url}`, token, payload, { key: withKey ? undefined : null });

  /** A TWD transfer credited to the CNY wallet at 0.2283 (submitted; approved by finance unless told not to). */
  async function recharge(amount: string, approve = true): Promise<number> {
    const voucher = ok<{ id: number }>(await t.call({ method: 'POST', url: `${W}/recharge/credentials`, token: merchant, ...voucherUpload() }));
    const submitted = ok<{ id: number }>(
      await call(
        '/recharge/submit',
        merchant,
        { transferCurrency: 'TWD', transferAmount: amount, receivedCurrency: 'CNY', receivingAccountCode: 'TW-CTBC', payerName: 'Demo Trading', voucherIds: [voucher.id], draft: false },
        true,
      ),
    );
    if (approve) ok(await call('/recharge/confirm/submit', finance, { id: submitted.id, approve: true, reason: '' }, true));
    return submitted.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    merchant = await t.login('merchant');
    merchant2 = await t.login('merchant2');
    finance = await t.login('finance');
    staff = await t.login('staff');
    admin = await t.login('admin');
    // a rate table this file controls: TWD -> CNY only (the inverse is derived)
    await t.db.delete(rates);
    await t.db.insert(rates).values({ baseCurrency: 'TWD', quoteCurrency: 'CNY', rate: '0.2283', effectiveFrom: sql`now() - interval '1 day'` });
  });
  afterAll(() => t.close());

  it('answers zeros in a currency the tenant has no wallet in yet, and no wallets at first', async () => {
    expect(ok<WalletBalance>(await call('/balance', merchant, { currency: 'JPY' }))).toEqual({ currency: 'JPY', balance: '0', unrecharged: '0', pendingRefund: '0', available: '0', updatedAt: null });
    expect(ok(await call('/wallet/details', merchant))).toEqual({ wallets: [] });
  });

  it('shows the balance, recharges awaiting review and refunds awaiting verification per currency', async () => {
    await recharge('1000.00'); // credits 228.30 CNY
    await recharge('50.00', false); // 11.415 CNY, half to even 11.42, not yet credited
    ok(await call('/refund/submit', merchant, { kind: 'BALANCE', currency: 'CNY', amount: '20.00', payeeName: 'Demo Trading', payeeAccount: '6222', payeeBank: 'ICBC', reason: '' }, true));
    const { wallets } = ok<{ wallets: WalletBalance[] }>(await call('/wallet/details', merchant));
    expect(wallets).toHaveLength(1);
    expect(wallets[0]).toMatchObject({ currency: 'CNY', balance: '228.30', unrecharged: '11.42', pendingRefund: '20.00', available: '208.30' });
    expect(wallets[0]?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(ok<WalletBalance>(await call('/balance', merchant, { currency: 'CNY' }))).toEqual(wallets[0]);
  });

  it('quotes the rates from a currency in both directions, deriving the inverse of a pair finance set the other way', async () => {
    const table = ok<RateTable>(await call('/queryRate', merchant, { currency: 'CNY' }));
    expect(table.currency).toBe('CNY');
    expect(table.rates).toEqual([expect.objectContaining({ baseCurrency: 'CNY', quoteCurrency: 'TWD', rate: '4.3802014893', inverseRate: '0.2283' })]);
    const twd = ok<RateTable>(await call('/queryRate', merchant, { currency: 'TWD' }));
    expect(twd.rates).toEqual([expect.objectContaining({ baseCurrency: 'TWD', quoteCurrency: 'CNY', rate: '0.2283', inverseRate: '4.3802014893' })]);
    expect(refused(await call('/queryRate', merchant, { currency: 'XXX' }), 400)).toMatch(naming('currency', `${W}/queryRate`));
  });

  it('lists who created the records and who decided on them, for the filters', async () => {
    expect(ok<Person[]>(await call('/initiator', merchant)).map((person) => person.username)).toEqual(['merchant']);
    expect(ok<Person[]>(await call('/judge', merchant)).map((person) => person.username)).toEqual(['finance']);
  });

  it('shows another tenant nothing of it', async () => {
    expect(ok(await call('/wallet/details', merchant2))).toEqual({ wallets: [] });
    expect(ok<WalletBalance>(await call('/balance', merchant2, { currency: 'CNY' }))).toMatchObject({ balance: '0.00', unrecharged: '0.00', pendingRefund: '0.00', available: '0.00' });
    expect(ok<Person[]>(await call('/initiator', merchant2))).toEqual([]);
    expect(ok<Person[]>(await call('/judge', merchant2))).toEqual([]);
  });

  it('refuses people without the wallet, and the platform, which has none', async () => {
    expect(refused(await call('/wallet/details', staff), 403)).toBe('Access denied: you lack the permission for this');
    // the platform tenant is refused a merchant route before its permissions are looked at
    expect(refused(await call('/wallet/details', finance), 403)).toBe('Platform accounts have no wallet: use a merchant account');
    expect(refused(await call('/wallet/details', admin), 403)).toBe('Platform accounts have no wallet: use a merchant account');
    expect(refused(await call('/balance', merchant, { currency: 'CNY', extra: 1 }), 400)).toMatch(/extra/);
  });

  it('gives each pending amount only to a reader of the list it sums, counted through their data rules there', async () => {
    // the finding: a clerk whose recharge list shows only TWD transfers and whose refund list only their own saw every pending amount of the company
    const voucher = ok<{ id: number }>(await t.call({ method: 'POST', url: `${W}/recharge/credentials`, token: merchant, ...voucherUpload() }));
    const cnyTransfer = { transferCurrency: 'CNY', transferAmount: '30.00', receivedCurrency: 'CNY', receivingAccountCode: 'CN-ICBC', payerName: 'Demo Trading', voucherIds: [voucher.id], draft: false };
    ok(await call('/recharge/submit', merchant, cnyTransfer, true));
    const readers = restrictedReaders(t, merchant);
    const clerkRole = await readers.role('wallet_twd_clerk', ['wallet:module:view', 'wallet:recharge:list', 'wallet:refund:list', 'wallet:refund:submit']);
    await readers.rule('wallet:recharge:list', clerkRole, { ruleName: 'TWD transfers', field: 'transferCurrency', operator: 'eq', value: 'TWD' });
    await readers.rule('wallet:refund:list', clerkRole, { ruleName: 'Mine', field: 'createdBy', operator: 'eq', valueKind: 'variable', value: 'currentUserId' });
    const clerk = await readers.person('wallet_twd_clerk', clerkRole);
    ok(await call('/refund/submit', clerk, { kind: 'BALANCE', currency: 'CNY', amount: '5.00', payeeName: 'Demo Trading', payeeAccount: '6222', payeeBank: 'ICBC', reason: '' }, true));

    const company = ok<WalletBalance>(await call('/balance', merchant, { currency: 'CNY' }));
    expect(company).toMatchObject({ balance: '228.30', unrecharged: '41.42', pendingRefund: '25.00', available: '203.30' });
    // what the clerk's own lists show under their pending tabs
    const recharges = ok<{ records: { unrechargedAmount: string }[] }>(await call('/recharge/list', clerk, { status: 'SUBMITTED', pageSize: 100 }));
    const refunds = ok<{ records: { amount: string }[] }>(await call('/refund/list', clerk, { status: 'SUBMITTED', kind: 'BALANCE', pageSize: 100 }));
    expect(recharges.records.map((record) => record.unrechargedAmount)).toEqual(['11.42']);
    expect(refunds.records.map((record) => record.amount)).toEqual(['5.00']);
    const theirs = ok<{ wallets: WalletBalance[] }>(await call('/wallet/details', clerk)).wallets;
    // what a refund may take is the company's: the refund's check holds back every refund awaiting review
    expect(theirs).toEqual([{ ...company, unrecharged: '11.42', pendingRefund: '5.00' }]);
    expect(ok<WalletBalance>(await call('/balance', clerk, { currency: 'CNY' }))).toEqual(theirs[0]);

    // the wallet page alone: the balance, and none of the lists' figures
    const viewer = await readers.person('wallet_viewer', await readers.role('wallet_viewer', ['wallet:module:view']));
    expect(ok<{ wallets: WalletBalance[] }>(await call('/wallet/details', viewer)).wallets).toEqual([{ ...company, unrecharged: null, pendingRefund: null, available: null }]);

    // an API key the clerk holds answers as the clerk's wallet page
    const { key } = await createApiKey(t.db, 'wallet_twd_clerk', { scopes: ['wallet:read'] });
    const open = await t.call({ method: 'GET', url: '/open/v1/wallet/balances', headers: bearer(key) });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().wallets).toEqual(theirs);
  });
});
