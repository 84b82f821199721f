import type { Db } from '../../../src/db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrencyCode } from '@portal/shared/money';
import { accounts, entries, journals, statements } from '../../../src/db/schema/finance.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountKind, JournalKind } from '@portal/shared/finance';
import { platformLeg, walletLeg } from '../../../src/modules/finance/ledger/model.ts';
import { post } from '../../../src/modules/finance/ledger/service.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { naming } from '../../helpers/field-names.ts';

type Statement = { id: number; month: string; currency: string; opening: string; credits: string; debits: string; closing: string; entryCount: number; remark: string; generatedBy: string; generatedAt: string };
type Line = { id: number; kind: string; refNo: string; memo: string; currency: string; amount: string; balance: string; postedAt: string; tenantId: number };
type Detail = Statement & { lines: Line[] };
type Page<T> = { records: T[]; total: number };

const S = '/api/finance/brand/account/history';

/** The id of the account (tenant, kind, currency), created when missing. */
async function accountId(tx: Db, tenantId: number, kind: AccountKind, currency: CurrencyCode): Promise<number> {
  await tx.insert(accounts).values({ tenantId, kind, currency }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, kind), eq(accounts.currency, currency)));
  if (!row) throw new Error('no account');
  return row.id;
}

/**
 * A movement posted at a chosen time: `post` stamps the commit clock, so a past month is written here
 * directly, as the ledger would have: the wallet's cached balance and the entry's balance after it move
 * together, and the journal balances against the platform's bank (or revenue, for money out).
 */
async function backdated(tx: Db, m: { tenantId: number; currency: CurrencyCode; amount: bigint; at: string; refNo: string; kind?: JournalKind; memo?: string }) {
  const wallet = await accountId(tx, m.tenantId, 'WALLET', m.currency);
  const other = await accountId(tx, 0, m.amount > 0n ? 'BANK' : 'REVENUE', m.currency);
  const [changed] = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${m.amount}` })
    .where(eq(accounts.id, wallet))
    .returning({ balance: accounts.balance });
  const postedAt = new Date(m.at);
  const [journal] = await tx
    .insert(journals)
    .values({ tenantId: m.tenantId, kind: m.kind ?? (m.amount > 0n ? 'RECHARGE' : 'PAYMENT'), refNo: m.refNo, memo: m.memo ?? '', createdBy: null, postedAt })
    .returning({ id: journals.id });
  await tx.insert(entries).values([
    { journalId: journal!.id, accountId: wallet, tenantId: m.tenantId, currency: m.currency, amount: m.amount, balanceAfter: changed!.balance, postedAt },
    { journalId: journal!.id, accountId: other, tenantId: 0, currency: m.currency, amount: -m.amount, balanceAfter: null, postedAt },
  ]);
}

describe(`monthly statements (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff, finance] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('finance')]);
    // Asia/Shanghai is UTC+8: 2026-07-31T16:00Z is the first instant of August there
    const movements: Parameters<typeof backdated>[1][] = [
      { tenantId: 1, currency: 'CNY', amount: 10000n, at: '2026-07-10T03:00:00Z', refNo: 'RC-JUL-1', memo: 'July recharge' },
      { tenantId: 1, currency: 'CNY', amount: 5000n, at: '2026-07-31T15:59:59.999Z', refNo: 'RC-JUL-2' },
      { tenantId: 1, currency: 'CNY', amount: 100000n, at: '2026-07-31T16:00:00Z', refNo: 'RC-AUG-1' },
      { tenantId: 1, currency: 'CNY', amount: -25050n, at: '2026-08-15T04:00:00Z', refNo: 'PY-AUG-1' },
      { tenantId: 1, currency: 'CNY', amount: 2000n, at: '2026-08-31T15:59:59Z', refNo: 'RC-AUG-2' },
      { tenantId: 1, currency: 'CNY', amount: -10000n, at: '2026-08-31T16:30:00Z', refNo: 'PY-SEP-1' },
      { tenantId: 1, currency: 'JPY', amount: 50000n, at: '2026-08-05T01:00:00Z', refNo: 'RC-JPY-1' },
      { tenantId: 1, currency: 'JPY', amount: -1234n, at: '2026-08-20T01:00:00Z', refNo: 'PY-JPY-1' },
      { tenantId: 2, currency: 'CNY', amount: 77700n, at: '2026-08-03T01:00:00Z', refNo: 'RC-T2-1' },
    ];
    await t.db.transaction(async (tx) => {
      for (const movement of movements) await backdated(tx, movement);
    });
  });
  afterAll(() => t.close());

  const call = (url: string, token: string, payload: object) => t.call({ method: 'POST', url, token, payload, lang: 'en-US' });
  const generate = async (month: string, currency: string, token = merchant, remark?: string) => ok<Statement>(await call(`${S}/createOrUpdate`, token, { month, currency, ...(remark === undefined ? {} : { remark }) }));
  const detail = async (id: number, token = merchant) => ok<Detail>(await call(`${S}/detail`, token, { id }));
  const figures = (s: Statement) => ({ opening: s.opening, credits: s.credits, debits: s.debits, closing: s.closing, entryCount: s.entryCount });

  it('makes the first month from zero: closing = the sum of its movements', async () => {
    const july = await generate('2026-07', 'CNY', merchant, 'First month');
    expect(july).toMatchObject({ month: '2026-07', currency: 'CNY', opening: '0.00', credits: '150.00', debits: '0.00', closing: '150.00', entryCount: 2, remark: 'First month', generatedBy: '陳大文' });
  });

  it('opens the next month with the closing of the one before, months being Asia/Shanghai months', async () => {
    const august = await generate('2026-08', 'CNY');
    // 16:00Z on July 31 is August in Shanghai; 16:30Z on August 31 is September
    expect(figures(august)).toEqual({ opening: '150.00', credits: '1020.00', debits: '-250.50', closing: '919.50', entryCount: 3 });
    const september = await generate('2026-09', 'CNY');
    expect(figures(september)).toEqual({ opening: '919.50', credits: '0.00', debits: '-100.00', closing: '819.50', entryCount: 1 });
    const october = await generate('2026-10', 'CNY');
    expect(figures(october)).toEqual({ opening: '819.50', credits: '0.00', debits: '0.00', closing: '819.50', entryCount: 0 });
  });

  it('counts JPY in whole yen', async () => {
    const jpy = await generate('2026-08', 'JPY');
    expect(figures(jpy)).toEqual({ opening: '0', credits: '50000', debits: '-1234', closing: '48766', entryCount: 2 });
  });

  it('gives a past month the same figures when generated again later, in the same row', async () => {
    const first = await generate('2026-08', 'CNY');
    // money moves now, in the current month
    await t.db.transaction(async (tx) => post(tx, { tenantId: 1, kind: 'RECHARGE', refNo: 'RC-NOW-1', createdBy: null }, [platformLeg('BANK', 'CNY', -4000n), walletLeg(1, 'CNY', 4000n)]));
    const again = await generate('2026-08', 'CNY', merchant, 'Checked');
    expect(again.id).toBe(first.id);
    expect(figures(again)).toEqual(figures(first));
    expect(again.remark).toBe('Checked');
    expect(new Date(again.generatedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.generatedAt).getTime());
    const rows = await t.db.select({ id: statements.id }).from(statements).where(eq(statements.month, '2026-08'));
    expect(rows).toHaveLength(2); // CNY and JPY
    // the current month has begun: its statement so far includes today's recharge
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date());
    expect(figures(await generate(month, 'CNY'))).toEqual({ opening: '819.50', credits: '40.00', debits: '0.00', closing: '859.50', entryCount: 1 });
  });

  it('details each movement oldest first with a running balance that ends at the closing', async () => {
    const august = await generate('2026-08', 'CNY');
    const shown = await detail(august.id);
    expect(figures(shown)).toEqual(figures(august));
    expect(shown.lines.map((line) => [line.refNo, line.amount, line.balance])).toEqual([
      ['RC-AUG-1', '1000.00', '1150.00'],
      ['PY-AUG-1', '-250.50', '899.50'],
      ['RC-AUG-2', '20.00', '919.50'],
    ]);
    expect(shown.lines.at(-1)!.balance).toBe(shown.closing);
    expect(shown.lines.map((line) => line.kind)).toEqual(['RECHARGE', 'PAYMENT', 'RECHARGE']);
    const july = (await ok<Page<Statement>>(await call(`${S}/list`, merchant, { month: '2026-07' }))).records[0]!;
    expect((await detail(july.id)).lines.map((line) => [line.refNo, line.memo, line.balance])).toEqual([
      ['RC-JUL-1', 'July recharge', '100.00'],
      ['RC-JUL-2', '', '150.00'],
    ]);
    const jpy = (await ok<Page<Statement>>(await call(`${S}/list`, merchant, { month: '2026-08', currency: 'JPY' }))).records[0]!;
    expect((await detail(jpy.id)).lines.map((line) => [line.amount, line.balance])).toEqual([
      ['50000', '50000'],
      ['-1234', '48766'],
    ]);
    expect((await detail((await generate('2026-10', 'CNY')).id)).lines).toEqual([]);
  });

  it('recomputes a statement from the entries when it is read, never trusting the stored figures', async () => {
    const stored = await generate('2026-06', 'HKD');
    expect(figures(stored)).toEqual({ opening: '0.00', credits: '0.00', debits: '0.00', closing: '0.00', entryCount: 0 });
    // a movement the ledger gained in that month after it was generated
    await t.db.transaction((tx) => backdated(tx, { tenantId: 1, currency: 'HKD', amount: 1234n, at: '2026-06-15T00:00:00Z', refNo: 'RC-HKD-1' }));
    expect(figures(await detail(stored.id))).toEqual({ opening: '0.00', credits: '12.34', debits: '0.00', closing: '12.34', entryCount: 1 });
    const listed = (await ok<Page<Statement>>(await call(`${S}/list`, merchant, { month: '2026-06' }))).records[0]!;
    expect(listed.closing).toBe('0.00');
  });

  it('lists the tenant’s statements newest month first, with filters', async () => {
    const page = await ok<Page<Statement>>(await call(`${S}/list`, merchant, { pageSize: 50, currency: 'CNY' }));
    const months = page.records.map((row) => row.month);
    expect(months.slice(-4)).toEqual(['2026-10', '2026-09', '2026-08', '2026-07']);
    expect([...months].sort().reverse()).toEqual(months);
    expect(page.records.every((row) => row.currency === 'CNY')).toBe(true);
    const asc = await ok<Page<Statement>>(await call(`${S}/list`, merchant, { currency: 'CNY', order: 'asc' }));
    expect(asc.records[0]!.month).toBe('2026-07');
  });

  it('refuses a month that has not begun and a month that is not one (400)', async () => {
    expect(refused(await call(`${S}/createOrUpdate`, merchant, { month: '2099-01', currency: 'CNY' }), 400)).toMatch(naming('month', `${S}/createOrUpdate`));
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 2, 1);
    refused(await call(`${S}/createOrUpdate`, merchant, { month: next.toISOString().slice(0, 7), currency: 'CNY' }), 400);
    refused(await call(`${S}/createOrUpdate`, merchant, { month: '2026-13', currency: 'CNY' }), 400);
    refused(await call(`${S}/createOrUpdate`, merchant, { month: '2026-8', currency: 'CNY' }), 400);
    refused(await call(`${S}/createOrUpdate`, merchant, { month: '2026-08', currency: 'XXX' }), 400);
  });

  it('keeps tenants apart: another tenant’s statement is 404 and its list has none of them', async () => {
    const mine = await generate('2026-08', 'CNY');
    const theirs = await generate('2026-08', 'CNY', merchant2);
    expect(theirs.id).not.toBe(mine.id);
    expect(figures(theirs)).toEqual({ opening: '0.00', credits: '777.00', debits: '0.00', closing: '777.00', entryCount: 1 });
    refused(await call(`${S}/detail`, merchant2, { id: mine.id }), 404);
    refused(await t.call({ method: 'GET', url: `${S}/exportXls`, token: merchant2, query: { id: String(mine.id) } }), 404);
    const list = await ok<Page<Statement>>(await call(`${S}/list`, merchant2, {}));
    expect(list.records.map((row) => row.id)).toEqual([theirs.id]);
    expect((await detail(theirs.id, merchant2)).lines.map((line) => line.refNo)).toEqual(['RC-T2-1']);
  });

  it('refuses staff without the finance rights and the platform, which has no wallet (403)', async () => {
    for (const token of [staff, finance]) {
      refused(await call(`${S}/list`, token, {}), 403);
      refused(await call(`${S}/createOrUpdate`, token, { month: '2026-08', currency: 'CNY' }), 403);
      refused(await call(`${S}/detail`, token, { id: 1 }), 403);
    }
  });

  it('exports one sheet: the statement’s figures, then its movements with the running balance', async () => {
    const august = await generate('2026-08', 'CNY');
    const response = await t.call({ method: 'GET', url: `${S}/exportXls`, token: merchant, lang: 'en-US', query: { id: String(august.id), timeZone: 'Asia/Shanghai' } });
    const sheet = await readXlsx(response);
    const cells = [sheet.headers.slice(0, 2), ...sheet.rows.map((row) => row.slice(0, 6))];
    expect(cells.slice(0, 8).map((row) => row.slice(0, 2))).toEqual([
      ['Merchant', 'Demo Trading'],
      ['Currency', 'CNY'],
      ['Month', '2026-08'],
      ['Opening balance', 150],
      ['Money in', 1020],
      ['Money out', -250.5],
      ['Closing balance', 919.5],
      ['Movements', 3],
    ]);
    const header = cells.findIndex((row) => row[0] === 'Posted at');
    expect(cells[header]).toEqual(['Posted at', 'Type', 'Reference number', 'Memo', 'Amount', 'Balance']);
    expect(cells.slice(header + 1)).toEqual([
      ['2026-08-01 00:00:00', 'Recharge', 'RC-AUG-1', null, 1000, 1150],
      ['2026-08-15 12:00:00', 'Payment', 'PY-AUG-1', null, -250.5, 899.5],
      ['2026-08-31 23:59:59', 'Recharge', 'RC-AUG-2', null, 20, 919.5],
    ]);
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('Alipay monthly statement_2026-08_CNY.xlsx');
    const zh = await readXlsx(await t.call({ method: 'GET', url: `${S}/exportXls`, token: merchant, lang: 'zh-TW', query: { id: String(august.id) } }));
    expect(zh.headers[0]).toBe('商家');
    refused(await t.call({ method: 'GET', url: `${S}/exportXls`, token: staff, query: { id: String(august.id) } }), 403);
  });
});
