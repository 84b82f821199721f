import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RechargeInput, RechargeRecord, VoucherRecord } from '@portal/shared/finance-schemas';
import { accounts, entries, journals, rateApplications, rates, recharges, vouchers } from '../../../src/db/schema/finance.ts';
import { tenants, users } from '../../../src/db/schema/sys.ts';
import { platformLeg, walletLeg } from '../../../src/modules/finance/ledger/model.ts';
import { post as postJournal } from '../../../src/modules/finance/ledger/service.ts';
import { png } from '../../helpers/png.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { downloadName, ok, readXlsx, refused } from '../../helpers/answers.ts';
import { newKey, voucherUpload, walletPost, type WalletCallOptions } from '../../helpers/wallet-client.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };
type Preview = { record: RechargeRecord; rate: string | null; inverseRate: string | null; creditAmount: string | null; rateApplyNo: string | null; reason: string };

const W = '/platform-api/finance/virtualWallet';
const R = '/platform-api/finance/review/recharge';

// ------------------------------------------------------------------ files

/** A valid 1×1 grey PNG. */
const tinyPng = () => png();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe(`recharges (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let finance: string;
  let admin: string;
  let userIds: Record<string, number>;
  let tenant1Name: string;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff, finance, admin] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('finance'), t.login('admin')]);
    userIds = Object.fromEntries((await t.db.select({ id: users.id, username: users.username }).from(users)).map((u) => [u.username, u.id]));
    tenant1Name = (await t.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, 1)))[0]!.name;
    // the rate table is the test's own (the demo's rates, if any, are removed): one pair, CNY -> TWD is its inverse
    await t.db.delete(rates);
    await t.db.insert(rates).values({ baseCurrency: 'TWD', quoteCurrency: 'CNY', rate: '0.2283', effectiveFrom: new Date(Date.now() - 3_600_000) });
  });
  afterAll(() => t.close());

  const call = (url: string, token: string, payload: object, options: WalletCallOptions = {}) => walletPost(t)(url, token, payload, options);
  const upload = (token: string, file: Buffer, filename = 'receipt.png', field = 'file', lang = 'en-US') =>
    t.call({ method: 'POST', url: `${W}/recharge/credentials`, token, lang, ...voucherUpload(file, filename, field) });
  const uploaded = async (file: Buffer = tinyPng(), filename = 'receipt.png', token = merchant) => ok<VoucherRecord>(await upload(token, file, filename));
  const input = (overrides: Partial<RechargeInput> = {}): RechargeInput => ({
    transferCurrency: 'TWD',
    transferAmount: '50.00',
    receivedCurrency: 'CNY',
    receivingAccountCode: 'TW-CTBC',
    payerName: 'Demo Trading Co.',
    payerAccount: '700-123-456',
    transferredAt: '2026-03-02T10:15:00+08:00',
    remark: 'March top-up',
    voucherIds: [],
    draft: true,
    ...overrides,
  });
  const submit = async (overrides: Partial<RechargeInput> = {}, token = merchant) => ok<RechargeRecord>(await call(`${W}/recharge/submit`, token, input(overrides)));
  /** A recharge submitted for review with a fresh voucher. */
  const submitted = async (overrides: Partial<RechargeInput> = {}) => submit({ draft: false, voucherIds: [(await uploaded()).id], ...overrides });
  const decide = (id: number, approve: boolean, reason = '', options: { key?: string | null; lang?: string; token?: string } = {}) =>
    call(`${W}/recharge/confirm/submit`, options.token ?? finance, { id, approve, reason }, options);
  const confirmed = async (id: number) => ok<RechargeRecord>(await decide(id, true));
  const balance = async (currency: string) => ok<{ balance: string; unrecharged: string }>(await call(`${W}/balance`, merchant, { currency }, { key: null }));
  const sumsPerCurrency = async () =>
    t.db
      .select({ currency: entries.currency, sum: sql<string>`sum(${entries.amount})::text` })
      .from(entries)
      .groupBy(entries.currency);
  const journalsOf = (refNo: string) => t.db.select().from(journals).where(eq(journals.refNo, refNo));

  describe('the merchant drafts, edits and submits; finance confirms', () => {
    let voucher: VoucherRecord;
    let draft: RechargeRecord;

    it('uploads a PNG voucher under a server-chosen name, keeping the original name for display only', async () => {
      voucher = await uploaded(tinyPng(), '..\\..\\windows/匯款單 March.png');
      expect(voucher).toMatchObject({ name: '匯款單 March.png', mimeType: 'image/png', size: tinyPng().length });
      const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      expect(row).toMatchObject({ tenantId: 1, rechargeId: null, originalName: '匯款單 March.png', createdBy: userIds.merchant });
      expect(row!.storedName).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(Buffer.from(row!.content).equals(tinyPng())).toBe(true);
    });

    it('keeps a draft with the estimate at today’s rate (50.00 TWD × 0.2283 = 11.415 → 11.42, half to even)', async () => {
      draft = await submit();
      const today = new Date().toISOString().slice(2, 10).replace(/-/g, '');
      expect(draft.rechargeNo).toMatch(new RegExp(`^RC${today}\\d{8}$`));
      expect(draft).toMatchObject({
        status: 'DRAFT',
        transferCurrency: 'TWD',
        transferAmount: '50.00',
        receivedCurrency: 'CNY',
        receivedAmount: '11.42',
        rate: '0.2283',
        inverseRate: '4.3802014893',
        unrechargedAmount: '11.42',
        rateApplyNo: null,
        payerName: 'Demo Trading Co.',
        receivingAccountCode: 'TW-CTBC',
        receivingBank: '中國信託商業銀行 台北分行',
        receivingAccountNo: '822-5405-1234-5678',
        transferredAt: '2026-03-02T02:15:00.000Z',
        vouchers: [],
        createdBy: '陳大文',
        submittedAt: null,
        decidedBy: '',
        postedAt: null,
        tenantId: 1,
        tenantName: tenant1Name,
      });
      // a draft is not awaited money
      expect((await balance('CNY')).unrecharged).toBe('0.00');
    });

    it('edits the draft and submits it with the voucher', async () => {
      const edited = ok<RechargeRecord>(await call(`${W}/recharge/edit`, merchant, { ...input({ remark: 'corrected', voucherIds: [voucher.id], draft: false }), id: draft.id }));
      expect(edited).toMatchObject({ id: draft.id, rechargeNo: draft.rechargeNo, status: 'SUBMITTED', remark: 'corrected', vouchers: [voucher] });
      expect(edited.submittedAt).not.toBeNull();
      const [row] = await t.db.select().from(recharges).where(eq(recharges.id, draft.id));
      expect(row).toMatchObject({ submittedBy: userIds.merchant, createdBy: userIds.merchant, transferAmount: 5000n });
      expect((await t.db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.rechargeId).toBe(draft.id);
      expect((await balance('CNY')).unrecharged).toBe('11.42');
      ok(await call(`${W}/recharge/details`, merchant, { id: draft.id }, { key: null }));
    });

    it('refuses to edit or delete it once submitted (409 naming its status)', async () => {
      const edit = await call(`${W}/recharge/edit`, merchant, { ...input({ voucherIds: [voucher.id] }), id: draft.id });
      expect(refused(edit, 409)).toBe(`${draft.rechargeNo} is "Awaiting review": it cannot be edited`);
      const removal = await call(`${W}/deleteRechargeRecord`, merchant, { id: draft.id }, { key: null, lang: 'zh-TW' });
      expect(refused(removal, 409)).toBe(`${draft.rechargeNo} 的狀態為「待審核」，不能刪除`);
    });

    it('serves the voucher inline under its stored name, nosniff, to the tenant and to finance', async () => {
      const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      for (const [url, token] of [
        [`${W}/recharge/credentials/${voucher.id}`, merchant],
        [`${R}/credentials/${voucher.id}`, finance],
      ] as const) {
        const response = await t.call({ method: 'GET', url, token });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['content-disposition']).toMatch(new RegExp(`^inline; filename="${row!.storedName}"; `));
        expect(downloadName(response)).toBe('匯款單 March.png');
        expect(response.rawPayload.equals(tinyPng())).toBe(true);
      }
    });

    it('previews the review: the rate and the amount confirming now would credit', async () => {
      const preview = ok<Preview>(await call(`${W}/recharge/confirm`, finance, { id: draft.id }, { key: null }));
      expect(preview).toMatchObject({ rate: '0.2283', inverseRate: '4.3802014893', creditAmount: '11.42', rateApplyNo: null, reason: '' });
      expect(preview.record).toMatchObject({ id: draft.id, status: 'SUBMITTED', vouchers: [voucher] });
    });

    it('credits the wallet exactly, once, through the FX and rounding accounts', async () => {
      const before = await balance('CNY');
      const key = newKey();
      const first = await decide(draft.id, true, '', { key });
      const record = ok<RechargeRecord>(first);
      expect(record).toMatchObject({ status: 'CONFIRMED', receivedAmount: '11.42', rate: '0.2283', unrechargedAmount: '0.00', decidedBy: '財務 林美玲' });
      expect(record.postedAt).not.toBeNull();
      const after = await balance('CNY');
      expect(BigInt(after.balance.replace('.', '')) - BigInt(before.balance.replace('.', ''))).toBe(1142n);
      expect(after.unrecharged).toBe('0.00');

      // the same key and body answers the first answer and posts nothing more
      const again = await decide(draft.id, true, '', { key });
      expect(again.json().result).toEqual(first.json().result);
      const posted = await journalsOf(draft.rechargeNo);
      expect(posted).toHaveLength(1);
      expect(posted[0]).toMatchObject({ kind: 'RECHARGE', tenantId: 1, createdBy: userIds.finance });
      const lines = await t.db
        .select({ kind: accounts.kind, tenantId: accounts.tenantId, currency: entries.currency, amount: entries.amount })
        .from(entries)
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .where(eq(entries.journalId, posted[0]!.id));
      expect(lines.map((line) => `${line.tenantId} ${line.kind} ${line.currency} ${line.amount}`).sort()).toEqual(
        // 11.415 exactly: FX gives 11.41, rounding the 0.01 half to even added
        ['0 BANK TWD -5000', '0 FX CNY -1141', '0 FX TWD 5000', '0 ROUNDING CNY -1', '1 WALLET CNY 1142'].sort(),
      );
      for (const { currency, sum } of await sumsPerCurrency()) expect(sum, currency).toBe('0');

      // the same key with another body is a misuse
      expect(refused(await decide(draft.id, true, 'other remark', { key }), 409)).toBe('This Idempotency-Key was already used for a different request: use a new key for a new request');
      // a second decision is refused
      expect(refused(await decide(draft.id, true), 409)).toBe(`${draft.rechargeNo} is "Credited": it cannot be reviewed`);
      expect(await journalsOf(draft.rechargeNo)).toHaveLength(1);
    });

    it('rounds an exact half to the even cent: 150.00 TWD × 0.2283 = 34.245 → 34.24', async () => {
      const recharge = await submitted({ transferAmount: '150.00' });
      expect(recharge.receivedAmount).toBe('34.24');
      expect((await confirmed(recharge.id)).receivedAmount).toBe('34.24');
      const lines = await t.db
        .select({ kind: accounts.kind, amount: entries.amount })
        .from(entries)
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .innerJoin(journals, eq(journals.id, entries.journalId))
        .where(eq(journals.refNo, recharge.rechargeNo));
      expect(lines.find((line) => line.kind === 'WALLET')!.amount).toBe(3424n);
      expect(lines.some((line) => line.kind === 'ROUNDING')).toBe(false);
      for (const { currency, sum } of await sumsPerCurrency()) expect(sum, currency).toBe('0');
    });

    it('credits a recharge in the wallet’s own currency one to one', async () => {
      const before = await balance('CNY');
      const recharge = await submitted({ transferCurrency: 'CNY', receivedCurrency: 'CNY', receivingAccountCode: 'CN-ICBC', transferAmount: '1234.5' });
      expect(recharge).toMatchObject({ transferAmount: '1234.50', receivedAmount: '1234.50', rate: '1', receivingBank: '中國工商銀行 深圳福田支行' });
      expect(await confirmed(recharge.id)).toMatchObject({ status: 'CONFIRMED', receivedAmount: '1234.50' });
      const after = await balance('CNY');
      expect(BigInt(after.balance.replace('.', '')) - BigInt(before.balance.replace('.', ''))).toBe(123450n);
      const [journal] = await journalsOf(recharge.rechargeNo);
      const lines = await t.db.select({ amount: entries.amount }).from(entries).where(eq(entries.journalId, journal!.id));
      expect(lines.map((line) => line.amount).sort()).toEqual([-123450n, 123450n]);
    });
  });

  describe('the rates a credited recharge shows', () => {
    it('shows the pair as the rate table does when the rate was the inverse of the opposite pair’s', async () => {
      // the table has HKD -> TWD only: TWD -> HKD is 1 / 4.472895 = 0.2235688519, whose own inverse is 4.4728950008
      const [set] = await t.db.insert(rates).values({ baseCurrency: 'HKD', quoteCurrency: 'TWD', rate: '4.472895', effectiveFrom: new Date(Date.now() - 3_600_000) }).returning({ id: rates.id });
      try {
        const recharge = await submitted({ receivedCurrency: 'HKD', transferAmount: '1000' });
        expect(recharge).toMatchObject({ rate: '0.2235688519', inverseRate: '4.472895' });
        const credited = await confirmed(recharge.id);
        expect(credited).toMatchObject({ status: 'CONFIRMED', receivedAmount: '223.57', rate: '0.2235688519', inverseRate: '4.472895' });
        // the finance details' summary: who wired what, and at which rate it was converted
        expect((await journalsOf(recharge.rechargeNo)).map((journal) => journal.memo)).toEqual(['Demo Trading Co. · 1000.00 TWD → 223.57 HKD @ 0.2235688519']);
        const listed = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { pageNo: 1, pageSize: 10, rechargeNo: recharge.rechargeNo }, { key: null }));
        expect(listed.records).toEqual([expect.objectContaining({ rate: '0.2235688519', inverseRate: '4.472895' })]);
        const table = ok<Page<{ baseCurrency: string; rate: string; inverseRate: string }>>(
          await t.call({ method: 'POST', url: '/api/finance/exchangeRate/list', token: finance, payload: { pageNo: 1, pageSize: 10, baseCurrency: 'HKD' } }),
        );
        expect(table.records).toEqual([expect.objectContaining({ rate: '4.472895', inverseRate: '0.2235688519' })]);
      } finally {
        await t.db.delete(rates).where(eq(rates.id, set!.id));
      }
    });
  });

  describe('idempotency of the merchant’s calls', () => {
    it('creates one recharge per key, refuses another body under it, and needs a key', async () => {
      const key = newKey();
      const first = ok<RechargeRecord>(await call(`${W}/recharge/submit`, merchant, input({ remark: 'once' }), { key }));
      const again = ok<RechargeRecord>(await call(`${W}/recharge/submit`, merchant, input({ remark: 'once' }), { key }));
      expect(again).toEqual(first);
      expect(await t.db.select().from(recharges).where(eq(recharges.remark, 'once'))).toHaveLength(1);
      expect(refused(await call(`${W}/recharge/submit`, merchant, input({ remark: 'twice' }), { key }), 409)).toMatch(/Idempotency-Key was already used/);
      // keys are per tenant: another merchant may use the same one
      ok(await call(`${W}/recharge/submit`, merchant2, input({ remark: 'other tenant' }), { key }));
      expect(refused(await call(`${W}/recharge/submit`, merchant, input(), { key: null, lang: 'zh-CN' }), 400)).toBe('请求头 Idempotency-Key 为必填（1 至 100 个字符）：同一笔款项的重试请带相同的值');
      expect(refused(await call(`${W}/recharge/edit`, merchant, { ...input(), id: first.id }, { key: null }), 400)).toMatch(/Idempotency-Key header is required/);
      expect(refused(await decide(first.id, false, 'x', { key: null }), 400)).toMatch(/Idempotency-Key header is required/);
    });
  });

  describe('what a recharge must be', () => {
    it('needs a receiving account in the transfer currency', async () => {
      const response = await call(`${W}/recharge/submit`, merchant, input({ receivingAccountCode: 'HK-HSBC' }));
      expect(refused(response, 400)).toBe('The receiving account HK-HSBC receives HKD, not the transfer currency TWD');
    });

    it('needs a rate for a conversion', async () => {
      const response = await call(`${W}/recharge/submit`, merchant, input({ receivedCurrency: 'JPY' }), { lang: 'zh-TW' });
      expect(refused(response, 409)).toBe('尚未設定 TWD 兌 JPY 的匯率，請聯絡財務');
    });

    it('refuses more decimals than the currency has and a rate application for the same currency', async () => {
      const scale = await call(`${W}/recharge/submit`, merchant, input({ transferCurrency: 'JPY', transferAmount: '12.5', receivedCurrency: 'JPY' }));
      expect(refused(scale, 400)).toBe('Transfer amount: JPY amounts have at most 0 decimals');
      const same = await call(`${W}/recharge/submit`, merchant, input({ transferCurrency: 'CNY', receivingAccountCode: 'CN-ICBC', rateApplyId: 1 }));
      expect(refused(same, 400)).toBe('The transfer and the wallet are in the same currency: no rate application applies');
    });

    it('needs a voucher to submit, and only the tenant’s free vouchers', async () => {
      expect(refused(await call(`${W}/recharge/submit`, merchant, input({ draft: false })), 400)).toBe('Upload at least one bank voucher before submitting for review');
      const used = await submitted();
      const taken = used.vouchers[0]!.id;
      expect(refused(await call(`${W}/recharge/submit`, merchant, input({ voucherIds: [taken] })), 409)).toBe(`Bank voucher #${taken} already belongs to recharge ${used.rechargeNo}`);
      const foreign = await uploaded(tinyPng(), 'theirs.png', merchant2);
      expect(refused(await call(`${W}/recharge/submit`, merchant, input({ voucherIds: [foreign.id] }), { lang: 'zh-CN' }), 404)).toBe(`找不到转账凭证 #${foreign.id}`);
    });

    it('replaces the voucher set on edit, detaching the ones left out', async () => {
      const [a, b] = [await uploaded(), await uploaded()];
      const recharge = await submit({ voucherIds: [a!.id] });
      const edited = ok<RechargeRecord>(await call(`${W}/recharge/edit`, merchant, { ...input({ voucherIds: [b!.id] }), id: recharge.id }));
      expect(edited.vouchers.map((v) => v.id)).toEqual([b!.id]);
      expect((await t.db.select().from(vouchers).where(eq(vouchers.id, a!.id)))[0]!.rechargeId).toBeNull();
    });
  });

  describe('rate applications', () => {
    const application = async (values: { amount: bigint; validUntil: Date; status?: 'APPROVED' | 'SUBMITTED'; tenantId?: number }) => {
      const [row] = await t.db
        .insert(rateApplications)
        .values({
          tenantId: values.tenantId ?? 1,
          applyNo: `RA${randomUUID().slice(0, 12)}`,
          status: values.status ?? 'APPROVED',
          baseCurrency: 'TWD',
          quoteCurrency: 'CNY',
          amount: values.amount,
          requestedRate: '0.25',
          approvedRate: '0.25',
          validUntil: values.validUntil,
          reason: 'large transfer',
          decidedBy: userIds.finance,
          decidedAt: new Date(),
        })
        .returning();
      return row!;
    };
    const inAWeek = () => new Date(Date.now() + 7 * 86_400_000);

    it('converts at an approved application’s rate, up to its amount', async () => {
      const granted = await application({ amount: 50_000n, validUntil: inAWeek() });
      const over = await call(`${W}/recharge/submit`, merchant, input({ transferAmount: '500.01', rateApplyId: granted.id }));
      expect(refused(over, 409)).toBe(`The transfer amount 500.01 exceeds the 500.00 of rate application ${granted.applyNo}`);
      const recharge = await submitted({ transferAmount: '400.00', rateApplyId: granted.id });
      expect(recharge).toMatchObject({ rate: '0.25', receivedAmount: '100.00', rateApplyNo: granted.applyNo });
      const preview = ok<Preview>(await call(`${W}/recharge/confirm`, finance, { id: recharge.id }, { key: null }));
      expect(preview).toMatchObject({ rate: '0.25', inverseRate: '4', creditAmount: '100.00', rateApplyNo: granted.applyNo, reason: '' });
      expect(await confirmed(recharge.id)).toMatchObject({ rate: '0.25', receivedAmount: '100.00', rateApplyNo: granted.applyNo });
    });

    it('names a draft’s application by its id, and an edit keeps it only when the body sends it back (the edit replaces the draft)', async () => {
      const granted = await application({ amount: 50_000n, validUntil: inAWeek() });
      const draft = await submit({ transferAmount: '100.00', rateApplyId: granted.id });
      expect(draft).toMatchObject({ status: 'DRAFT', rateApplyId: granted.id, rateApplyNo: granted.applyNo, rate: '0.25' });
      // the record's fields sent back unchanged, as a form does: the draft is the same
      const same = ok<RechargeRecord>(await call(`${W}/recharge/edit`, merchant, { ...input({ transferAmount: '100.00', rateApplyId: draft.rateApplyId ?? undefined }), id: draft.id }));
      expect(same).toMatchObject({ rateApplyId: granted.id, rateApplyNo: granted.applyNo, rate: '0.25' });
      // left out, the application goes with it: today's rate applies
      const without = ok<RechargeRecord>(await call(`${W}/recharge/edit`, merchant, { ...input({ transferAmount: '100.00' }), id: draft.id }));
      expect(without).toMatchObject({ rateApplyId: null, rateApplyNo: null, rate: '0.2283' });
    });

    it('refuses an application that is expired, not approved, or another tenant’s', async () => {
      for (const granted of [
        await application({ amount: 50_000n, validUntil: new Date(Date.now() - 1000) }),
        await application({ amount: 50_000n, validUntil: inAWeek(), status: 'SUBMITTED' }),
        await application({ amount: 50_000n, validUntil: inAWeek(), tenantId: 2 }),
      ]) {
        const response = await call(`${W}/recharge/submit`, merchant, input({ rateApplyId: granted.id }));
        expect(refused(response, 409)).toBe(`Rate application #${granted.id} is not an approved, still valid TWD to CNY application of your company`);
      }
    });

    it('falls back to today’s rate when the application lapses before the review, and says so', async () => {
      const granted = await application({ amount: 50_000n, validUntil: inAWeek() });
      const recharge = await submitted({ transferAmount: '100.00', rateApplyId: granted.id });
      await t.db.update(rateApplications).set({ validUntil: new Date(Date.now() - 1000) }).where(eq(rateApplications.id, granted.id));
      const preview = ok<Preview>(await call(`${W}/recharge/confirm`, finance, { id: recharge.id }, { key: null, lang: 'zh-TW' }));
      expect(preview).toMatchObject({ rate: '0.2283', creditAmount: '22.83', rateApplyNo: null, reason: `匯率申請 ${granted.applyNo} 已失效，改用當前匯率` });
      expect(await confirmed(recharge.id)).toMatchObject({ rate: '0.2283', receivedAmount: '22.83', rateApplyNo: null });
    });
  });

  describe('rejection and four eyes', () => {
    it('needs a reason to reject; a rejection posts nothing', async () => {
      const recharge = await submitted();
      expect(refused(await decide(recharge.id, false, '', { lang: 'zh-TW' }), 400)).toBe('駁回時請輸入原因');
      const before = await balance('CNY');
      const rejected = ok<RechargeRecord>(await decide(recharge.id, false, 'The voucher is unreadable'));
      expect(rejected).toMatchObject({ status: 'REJECTED', rejectReason: 'The voucher is unreadable', decidedBy: '財務 林美玲', postedAt: null, unrechargedAmount: '11.42' });
      expect(await journalsOf(recharge.rechargeNo)).toHaveLength(0);
      const after = await balance('CNY');
      expect(after.balance).toBe(before.balance);
      // no longer awaited (the wallet estimates the sum of the transfers, so the cent may differ from the record's own estimate)
      expect(BigInt(before.unrecharged.replace('.', '')) - BigInt(after.unrecharged.replace('.', ''))).toBeGreaterThanOrEqual(1141n);
      expect(refused(await decide(recharge.id, true), 409)).toBe(`${recharge.rechargeNo} is "Rejected": it cannot be reviewed`);
    });

    it('never lets the submitter decide on it', async () => {
      const [row] = await t.db
        .insert(recharges)
        .values({
          tenantId: 1,
          rechargeNo: `RCTEST${Date.now() % 1e8}`,
          status: 'SUBMITTED',
          transferCurrency: 'CNY',
          transferAmount: 1000n,
          receivedCurrency: 'CNY',
          receivingAccountCode: 'CN-ICBC',
          payerName: 'x',
          createdBy: userIds.merchant,
          submittedBy: userIds.finance,
          submittedAt: new Date(),
        })
        .returning();
      expect(refused(await decide(row!.id, true), 409)).toBe('The person who submitted a request cannot review it');
      expect(refused(await decide(row!.id, false, 'no', { lang: 'zh-CN' }), 409)).toBe('提交申请的人不能审核自己的申请');
    });
  });

  describe('reversal', () => {
    it('moves the money back; a second reversal is refused', async () => {
      const recharge = await submitted({ transferCurrency: 'CNY', receivedCurrency: 'CNY', receivingAccountCode: 'CN-ICBC', transferAmount: '300.00' });
      await confirmed(recharge.id);
      const before = await balance('CNY');
      const reversed = ok<RechargeRecord>(await call(`${W}/recharge/reverse`, finance, { rechargeId: recharge.id, reason: 'Wired twice by mistake' }));
      expect(reversed).toMatchObject({ status: 'REVERSED', receivedAmount: '300.00', unrechargedAmount: '300.00' });
      const after = await balance('CNY');
      expect(BigInt(before.balance.replace('.', '')) - BigInt(after.balance.replace('.', ''))).toBe(30000n);
      const posted = await journalsOf(recharge.rechargeNo);
      expect(posted.map((journal) => journal.kind).sort()).toEqual(['RECHARGE', 'REVERSAL']);
      expect(posted.find((journal) => journal.kind === 'REVERSAL')).toMatchObject({ memo: 'Wired twice by mistake', reversesId: posted.find((journal) => journal.kind === 'RECHARGE')!.id });
      const again = await call(`${W}/recharge/reverse`, finance, { rechargeId: recharge.id, reason: 'again' });
      expect(refused(again, 409)).toBe(`${recharge.rechargeNo} is "Reversed": it cannot be reversed`);
      for (const { currency, sum } of await sumsPerCurrency()) expect(sum, currency).toBe('0');
    });

    it('is refused when the wallet no longer holds the money', async () => {
      const recharge = await submitted({ transferCurrency: 'USD', receivedCurrency: 'USD', receivingAccountCode: 'US-CITI', transferAmount: '80.00' });
      await confirmed(recharge.id);
      // the merchant pays 50.00 of it
      await t.db.transaction(async (tx) => {
        await postJournal(tx, { tenantId: 1, kind: 'PAYMENT', refNo: 'PYTEST1', createdBy: userIds.merchant ?? null }, [walletLeg(1, 'USD', -5000n), platformLeg('REVENUE', 'USD', 5000n)]);
      });
      const response = await call(`${W}/recharge/reverse`, finance, { rechargeId: recharge.id, reason: 'Bank recalled it' });
      expect(refused(response, 409)).toBe('Insufficient USD wallet balance: 30.00 available, 80.00 needed');
      expect((await balance('USD')).balance).toBe('30.00');
      expect((await t.db.select().from(recharges).where(eq(recharges.id, recharge.id)))[0]!.status).toBe('CONFIRMED');
      expect(await journalsOf(recharge.rechargeNo)).toHaveLength(1);
    });
  });

  describe('drafts can be deleted', () => {
    it('deletes a draft with its vouchers', async () => {
      const voucher = await uploaded();
      const recharge = await submit({ voucherIds: [voucher.id] });
      ok(await call(`${W}/deleteRechargeRecord`, merchant, { id: recharge.id }, { key: null }));
      expect(await t.db.select().from(recharges).where(eq(recharges.id, recharge.id))).toHaveLength(0);
      expect(await t.db.select().from(vouchers).where(eq(vouchers.id, voucher.id))).toHaveLength(0);
      expect(refused(await call(`${W}/recharge/details`, merchant, { id: recharge.id }, { key: null }), 404)).toBe('Sorry, the resource was not found!');
    });
  });

  describe('vouchers', () => {
    it('refuses a text file named .png, an empty file and a missing file field', async () => {
      const text = await upload(merchant, Buffer.from('just some text, not an image'), 'receipt.png');
      expect(refused(text, 400)).toBe('A bank voucher must be a PNG, JPEG or WebP image or a PDF (judged by its content, not its name)');
      expect(refused(await upload(merchant, Buffer.alloc(0), 'empty.png', 'file', 'zh-TW'), 400)).toBe('轉帳憑證只接受 PNG、JPEG、WebP 圖片或 PDF 檔案（依檔案內容判斷，而非副檔名）');
      expect(refused(await upload(merchant, tinyPng(), 'receipt.png', 'upload'), 400)).toBe('Upload one file (form field "file")');
      const json = await t.call({ method: 'POST', url: `${W}/recharge/credentials`, token: merchant, lang: 'zh-CN', payload: { file: 'x' } });
      expect(refused(json, 400)).toBe('请上传一个文件（表单字段 "file"）');
    });

    it('takes a voucher of a few MB, and refuses one over 5 MB', async () => {
      const fair = await uploaded(Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]), 'scan.png');
      expect(fair.size).toBe(tinyPng().length + 2 * 1024 * 1024);
      const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]);
      expect(refused(await upload(merchant, big, 'huge.png', 'file', 'zh-TW'), 413)).toBe('檔案過大：轉帳憑證最大 5 MB');
    });

    it('recognises JPEG, WebP and PDF by their bytes, and sandboxes a PDF', async () => {
      const jpeg = await uploaded(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), 'photo.jpeg.exe');
      expect(jpeg.mimeType).toBe('image/jpeg');
      const webp = await uploaded(Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]), 'scan');
      expect(webp.mimeType).toBe('image/webp');
      const pdf = await uploaded(PDF, 'statement.png');
      expect(pdf).toMatchObject({ mimeType: 'application/pdf', name: 'statement.png' });
      const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, pdf.id));
      expect(row!.storedName).toMatch(/^[0-9a-f]{32}\.pdf$/);
      const response = await t.call({ method: 'GET', url: `${W}/recharge/credentials/${pdf.id}`, token: merchant });
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-security-policy']).toBe('sandbox');
      expect(response.rawPayload.equals(PDF)).toBe(true);
    });
  });

  describe('tenants and permissions', () => {
    let theirs: RechargeRecord;
    let voucher: VoucherRecord;
    beforeAll(async () => {
      voucher = await uploaded();
      theirs = await submit({ voucherIds: [voucher.id], remark: 'tenant one draft' });
    });

    it('hides tenant 1’s recharges and vouchers from merchant2 (404)', async () => {
      expect(refused(await call(`${W}/recharge/details`, merchant2, { id: theirs.id }, { key: null }), 404)).toBe('Sorry, the resource was not found!');
      refused(await call(`${W}/recharge/edit`, merchant2, { ...input(), id: theirs.id }), 404);
      refused(await call(`${W}/deleteRechargeRecord`, merchant2, { id: theirs.id }, { key: null }), 404);
      refused(await t.call({ method: 'GET', url: `${W}/recharge/credentials/${voucher.id}`, token: merchant2 }), 404);
      const listed = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant2, { pageSize: 200 }, { key: null }));
      expect(listed.records.every((record) => record.tenantId === 2)).toBe(true);
      expect(listed.records.some((record) => record.id === theirs.id)).toBe(false);
      // still there, untouched
      expect(ok<RechargeRecord>(await call(`${W}/recharge/details`, merchant, { id: theirs.id }, { key: null })).remark).toBe('tenant one draft');
      // a merchant does not pick a tenant
      expect(refused(await call(`${W}/recharge/list`, merchant, { tenantId: 2 }, { key: null }), 400)).toBe('Unknown field: tenantId');
    });

    it('refuses staff without wallet rights (403)', async () => {
      for (const response of [
        await call(`${W}/recharge/list`, staff, {}, { key: null }),
        await call(`${W}/recharge/submit`, staff, input()),
        await upload(staff, tinyPng()),
        await t.call({ method: 'GET', url: `${W}/recharge/credentials/${voucher.id}`, token: staff, lang: 'en-US' }),
      ]) {
        expect(refused(response, 403)).toBe('Access denied: you lack the permission for this');
      }
    });

    it('refuses merchants the platform’s calls, and the platform the merchant’s (403)', async () => {
      for (const response of [
        await call(`${R}/list`, merchant, {}, { key: null }),
        await call(`${W}/recharge/confirm`, merchant, { id: theirs.id }, { key: null }),
        await decide(theirs.id, true, '', { token: merchant }),
        await call(`${W}/recharge/reverse`, merchant, { rechargeId: theirs.id, reason: 'x' }),
        await t.call({ method: 'GET', url: `${R}/credentials/${voucher.id}`, token: merchant }),
        await t.call({ method: 'GET', url: `${R}/exportXls`, token: merchant }),
      ]) {
        refused(response, 403);
      }
      expect(refused(await call(`${W}/recharge/list`, admin, {}, { key: null }), 403)).toBe('Platform accounts have no wallet: use a merchant account');
    });

    it('answers 404 for a voucher or recharge that does not exist on the platform side', async () => {
      refused(await t.call({ method: 'GET', url: `${R}/credentials/999999`, token: finance }), 404);
      refused(await call(`${W}/recharge/confirm`, finance, { id: 999999 }, { key: null }), 404);
      refused(await decide(999999, true), 404);
    });
  });

  describe('lists and exports', () => {
    it('lists the tenant’s recharges newest first, filtered', async () => {
      const all = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { pageSize: 200 }, { key: null }));
      expect(all.total).toBe(all.records.length);
      const times = all.records.map((record) => record.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(all.records.every((record) => record.tenantId === 1)).toBe(true);
      const ascending = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { pageSize: 200, order: 'asc' }, { key: null }));
      expect(ascending.records.map((record) => record.id)).toEqual(all.records.map((record) => record.id).reverse());

      const credited = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { status: 'CONFIRMED', transferCurrency: 'TWD', pageSize: 200 }, { key: null }));
      expect(credited.total).toBeGreaterThan(0);
      expect(credited.records.every((record) => record.status === 'CONFIRMED' && record.transferCurrency === 'TWD')).toBe(true);

      const one = all.records.filter((record) => /^RC\d{14}$/.test(record.rechargeNo))[2]!;
      const byNo = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { rechargeNo: one.rechargeNo }, { key: null }));
      expect(byNo.records.map((record) => record.id)).toEqual([one.id]);
      const byPrefix = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { rechargeNo: one.rechargeNo.slice(0, 8), pageSize: 200 }, { key: null }));
      expect(byPrefix.records.length).toBeGreaterThan(1);
      expect(ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { rechargeNo: 'RC%' }, { key: null })).total).toBe(0);

      expect(ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { createdBy: userIds.merchant2 }, { key: null })).total).toBe(0);
      expect(ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { createdBy: userIds.merchant, pageSize: 1 }, { key: null })).total).toBe(all.total);
      const future = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { createdAt_begin: new Date(Date.now() + 86_400_000).toISOString() }, { key: null }));
      expect(future.total).toBe(0);
      const today = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { createdAt_begin: new Date(Date.now() - 86_400_000).toISOString(), createdAt_end: new Date(Date.now() + 60_000).toISOString() }, { key: null }));
      expect(today.total).toBe(all.total);
    });

    it('lists every tenant’s recharges for finance, with the tenant name, or one tenant’s', async () => {
      const all = ok<Page<RechargeRecord>>(await call(`${R}/list`, finance, { pageSize: 200 }, { key: null }));
      expect(new Set(all.records.map((record) => record.tenantId))).toEqual(new Set([1, 2]));
      expect(all.records.find((record) => record.tenantId === 1)!.tenantName).toBe(tenant1Name);
      const second = ok<Page<RechargeRecord>>(await call(`${R}/list`, finance, { tenantId: 2, pageSize: 200 }, { key: null }));
      expect(second.total).toBeGreaterThan(0);
      expect(second.records.every((record) => record.tenantId === 2)).toBe(true);
      const waiting = ok<Page<RechargeRecord>>(await call(`${R}/list`, finance, { status: 'SUBMITTED', pageSize: 200 }, { key: null }));
      expect(waiting.records.every((record) => record.status === 'SUBMITTED')).toBe(true);
    });

    it('exports the merchant’s recharges in the caller’s language, amounts as numbers', async () => {
      const response = await t.call({ method: 'GET', url: `${W}/recharge/exportXls`, token: merchant, lang: 'en-US', query: { status: 'CONFIRMED', transferCurrency: 'CNY', timeZone: 'Asia/Taipei' } });
      const sheet = await readXlsx(response);
      expect(sheet.name).toBe('Recharges');
      expect(downloadName(response)).toMatch(/^Recharges_\d{14}\.xlsx$/);
      expect(sheet.headers.slice(0, 7)).toEqual(['Recharge number', 'Status', 'Transfer currency', 'Transfer amount', 'Wallet currency', 'Amount credited', 'Amount not yet credited']);
      expect(sheet.headers).not.toContain('Merchant');
      const listed = ok<Page<RechargeRecord>>(await call(`${W}/recharge/list`, merchant, { status: 'CONFIRMED', transferCurrency: 'CNY', pageSize: 200 }, { key: null }));
      expect(sheet.rows.map((row) => row[0])).toEqual(listed.records.map((record) => record.rechargeNo));
      const row = sheet.rows.find((cells) => cells[3] === 1234.5)!;
      expect(row.slice(1, 7)).toEqual(['Credited', 'CNY', 1234.5, 'CNY', 1234.5, 0]);
      const createdAt = listed.records.find((record) => record.rechargeNo === row[0])!.createdAt;
      const local = new Date(new Date(createdAt).getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
      expect(row).toContain(local);
    });

    it('exports every tenant’s recharges for finance, in zh-CN with the merchant column', async () => {
      const response = await t.call({ method: 'GET', url: `${R}/exportXls`, token: finance, lang: 'zh-CN', query: { tenantId: '2' } });
      const sheet = await readXlsx(response);
      expect(sheet.name).toBe('充值审核');
      expect(sheet.headers.slice(0, 3)).toEqual(['商家', '充值单号', '状态']);
      expect(sheet.rows.length).toBeGreaterThan(0);
      expect(new Set(sheet.rows.map((row) => row[0]))).toEqual(new Set(['Harbour Imports']));
      refused(await t.call({ method: 'GET', url: `${W}/recharge/exportXls`, token: staff }), 403);
      refused(await t.call({ method: 'GET', url: `${W}/recharge/exportXls`, token: merchant, query: { timeZone: 'Mars/Olympus' } }), 400);
    });
  });
});
