import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invertRate } from '@portal/shared/money';
import { rateApplications } from '../../../src/db/schema/finance.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { applicationRate } from '../../../src/modules/finance/rate-apply/service.ts';
import { currentRate } from '../../../src/modules/finance/rates/service.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { naming } from '../../helpers/field-names.ts';
import { walletPost, type WalletCallOptions } from '../../helpers/wallet-client.ts';

type Apply = {
  id: number;
  applyNo: string;
  status: string;
  baseCurrency: string;
  quoteCurrency: string;
  amount: string;
  requestedRate: string;
  approvedRate: string | null;
  marketRate: string | null;
  validUntil: string | null;
  reason: string;
  decisionRemark: string;
  createdBy: string;
  decidedBy: string;
  decidedAt: string | null;
  tenantId: number;
  tenantName: string;
};
type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const A = '/api/finance/rateApply';
const HOUR = 60 * 60 * 1000;

describe(`rate applications (${testDbKind()})`, () => {
  let t: TestApp;
  let finance: string;
  let admin: string;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let userIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    [finance, admin, merchant, merchant2, staff] = await Promise.all([t.login('finance'), t.login('admin'), t.login('merchant'), t.login('merchant2'), t.login('staff')]);
    userIds = Object.fromEntries((await t.db.select({ id: users.id, username: users.username }).from(users)).map((u) => [u.username, u.id]));
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object, options: WalletCallOptions = {}) => walletPost(t)(url, token, payload, options);
  const get = (url: string, token: string, query: Record<string, string> = {}, lang = 'en-US') => t.call({ method: 'GET', url, token, query, lang });

  describe('rate applications', () => {
    const input = { baseCurrency: 'USD', quoteCurrency: 'TWD', amount: '10000', requestedRate: '31.9', reason: 'Monthly supplier payment' };
    // each its own amount: two identical applications awaiting review are one too many (tested below)
    let serial = 0;
    const add = async (body: object = {}, token = merchant) => ok<Apply>(await post(`${A}/add`, token, { ...input, amount: String(10_000 + ++serial), ...body }));
    const reviewList = async (filters: object = {}) => ok<Page<Apply>>(await post(`${A}/review/list`, finance, { pageSize: 200, ...filters }));
    const decide = (body: object, token = finance) => post(`${A}/review/decide`, token, body);
    let market: string;

    beforeAll(async () => {
      market = (await currentRate(t.db, 'USD', 'TWD'))!.rate;
    });

    it('saves a draft with its number, amount and today’s rate of the pair', async () => {
      const draft = await add({ amount: '10000' });
      const today = new Date().toISOString().slice(2, 10).replace(/-/g, '');
      expect(draft.applyNo).toMatch(new RegExp(`^RA${today}\\d{8}$`));
      expect(refused(await post(`${A}/add`, merchant, input, { key: null }), 400)).toMatch(/Idempotency-Key/);
      expect(draft).toMatchObject({ status: 'DRAFT', amount: '10000.00', requestedRate: '31.9', approvedRate: null, marketRate: market, createdBy: '陳大文', decidedBy: '', tenantId: 1, tenantName: 'Demo Trading' });
    });

    it('finds an application by its number as the other lists find theirs: any case and spacing, by its beginning', async () => {
      const draft = await add();
      const find = async (applyNo: string) => ok<Page<Apply>>(await post(`${A}/list`, merchant, { applyNo, pageSize: 200 })).records.map((row) => row.id);
      expect(await find(draft.applyNo)).toEqual([draft.id]);
      expect(await find(` ${draft.applyNo.slice(0, 8).toLowerCase()} ${draft.applyNo.slice(8)}`)).toEqual([draft.id]);
      expect(await find(draft.applyNo.slice(0, -1))).toContain(draft.id);
      expect(await find('RA%')).toEqual([]);
    });

    it('edits a draft, submits it, then refuses to edit or submit it again (409 naming the status)', async () => {
      const draft = await add();
      const edited = ok<Apply>(await post(`${A}/edit`, merchant, { ...input, id: draft.id, amount: '2500.5', requestedRate: '31.95' }));
      expect(edited).toMatchObject({ id: draft.id, status: 'DRAFT', amount: '2500.50', requestedRate: '31.95' });
      const submitted = ok<Apply>(await post(`${A}/submit`, merchant, { id: draft.id }));
      expect(submitted.status).toBe('SUBMITTED');
      expect(refused(await post(`${A}/edit`, merchant, { ...input, id: draft.id }), 409)).toMatch(/"Awaiting review": it cannot be edited/);
      expect(refused(await post(`${A}/submit`, merchant, { id: draft.id }), 409)).toMatch(/cannot be submitted/);
    });

    it('submits at once with draft false, and edits a draft into a submitted one', async () => {
      expect((await add({ draft: false })).status).toBe('SUBMITTED');
      const draft = await add();
      expect(ok<Apply>(await post(`${A}/edit`, merchant, { ...input, id: draft.id, draft: false })).status).toBe('SUBMITTED');
    });

    it.each([
      [{ quoteCurrency: 'USD' }, 'quoteCurrency'],
      [{ baseCurrency: 'JPY', quoteCurrency: 'TWD', amount: '100.5' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ requestedRate: '0' }, 'requestedRate'],
      [{ requestedRate: '1.12345678901' }, 'requestedRate'],
      [{ reason: '  ' }, 'reason'],
    ])('refuses %j (400 naming the field)', async (body, field) => {
      expect(refused(await post(`${A}/add`, merchant, { ...input, ...body }), 400)).toMatch(naming(field, `${A}/add`));
    });

    it('cancels drafts and submitted ones, nothing else', async () => {
      const draft = await add();
      expect(ok<Apply>(await post(`${A}/cancel`, merchant, { id: draft.id })).status).toBe('CANCELLED');
      const submitted = await add({ draft: false });
      expect(ok<Apply>(await post(`${A}/cancel`, merchant, { id: submitted.id })).status).toBe('CANCELLED');
      expect(refused(await post(`${A}/cancel`, merchant, { id: submitted.id }), 409)).toMatch(/"Cancelled": it cannot be cancelled/);
      refused(await post(`${A}/submit`, merchant, { id: submitted.id }), 409);
      // cancelled ones are not decided
      expect(refused(await decide({ id: submitted.id, approve: true }), 409)).toMatch(/Cancelled/);
    });

    it('is approved by finance with the rate granted: the merchant’s recharges then use it', async () => {
      const submitted = await add({ draft: false, requestedRate: '32.1' });
      const queue = await reviewList();
      expect(queue.records.find((row) => row.id === submitted.id)).toMatchObject({ status: 'SUBMITTED', tenantName: 'Demo Trading', marketRate: market });
      // the queue: awaiting review first
      const firstDecided = queue.records.findIndex((row) => row.status !== 'SUBMITTED');
      expect(queue.records.slice(firstDecided === -1 ? queue.records.length : firstDecided).some((row) => row.status === 'SUBMITTED')).toBe(false);

      const approved = ok<Apply>(await decide({ id: submitted.id, approve: true, approvedRate: '31.98', reason: 'Volume discount' }));
      expect(approved).toMatchObject({ status: 'APPROVED', requestedRate: '32.1', approvedRate: '31.98', decisionRemark: 'Volume discount', decidedBy: '財務 林美玲' });
      const validity = new Date(approved.validUntil!).getTime() - Date.now();
      expect(validity).toBeGreaterThan(7 * 24 * HOUR - 60_000);
      expect(validity).toBeLessThanOrEqual(7 * 24 * HOUR);
      expect(approved.decidedAt).not.toBeNull();

      expect(await applicationRate(t.db, 1, approved.id, 'USD', 'TWD')).toMatchObject({ rate: '31.98', inverseRate: invertRate('31.98'), rateApplyId: approved.id });
      // only for its tenant and pair
      expect(await applicationRate(t.db, 2, approved.id, 'USD', 'TWD')).toBeNull();
      expect(await applicationRate(t.db, 1, approved.id, 'TWD', 'USD')).toBeNull();
      // and only once
      expect(refused(await decide({ id: submitted.id, approve: false, reason: 'Changed my mind' }), 409)).toMatch(/Approved/);
      expect(ok<Page<Apply>>(await post(`${A}/list`, merchant, { status: 'APPROVED' })).records.map((row) => row.id)).toContain(approved.id);
    });

    it('grants the requested rate by default, until the validity given', async () => {
      const submitted = await add({ draft: false, requestedRate: '31.7' });
      const until = new Date(Date.now() + 3 * 24 * HOUR).toISOString();
      const approved = ok<Apply>(await decide({ id: submitted.id, approve: true, validUntil: until }));
      expect(approved).toMatchObject({ approvedRate: '31.7', validUntil: until });
      expect((await applicationRate(t.db, 1, approved.id, 'USD', 'TWD', new Date(Date.now() + 4 * 24 * HOUR)))).toBeNull();
    });

    it('refuses a validity in the past and a rejection without a reason (400)', async () => {
      const submitted = await add({ draft: false });
      expect(refused(await decide({ id: submitted.id, approve: true, validUntil: new Date(Date.now() - HOUR).toISOString() }), 400)).toMatch(naming('validUntil', `${A}/review/decide`));
      expect(refused(await decide({ id: submitted.id, approve: false }), 400)).toBe('A reason is required when rejecting');
      expect(refused(await decide({ id: submitted.id, approve: false, reason: '   ' }), 400)).toBe('A reason is required when rejecting');
      // the reviewer's reason, as the decision dialog labels it, not the merchant's 申請原因
      expect(refused(await post(`${A}/review/decide`, finance, { id: submitted.id, approve: false, reason: 'x'.repeat(501) }, { lang: 'zh-TW' }), 400)).toBe('原因最多 500 個字元');
      const rejected = ok<Apply>(await decide({ id: submitted.id, approve: false, reason: 'Rate too far from the market' }));
      expect(rejected).toMatchObject({ status: 'REJECTED', approvedRate: null, validUntil: null, decisionRemark: 'Rate too far from the market' });
      expect(await applicationRate(t.db, 1, rejected.id, 'USD', 'TWD')).toBeNull();
    });

    it('never lets the submitter decide (four eyes), even holding the permissions', async () => {
      // a platform user cannot apply through the merchant calls, so the application is made here
      const [own] = await t.db
        .insert(rateApplications)
        .values({ tenantId: 1, applyNo: `RA-TEST-${Date.now()}`, status: 'SUBMITTED', baseCurrency: 'USD', quoteCurrency: 'TWD', amount: 100n, requestedRate: '31', reason: 'test', createdBy: userIds.finance })
        .returning({ id: rateApplications.id });
      expect(refused(await decide({ id: own!.id, approve: true }), 409)).toMatch(/cannot review it/);
      expect(refused(await decide({ id: own!.id, approve: false, reason: 'no' }), 409)).toMatch(/cannot review it/);
      const [row] = await t.db.select().from(rateApplications).where(eq(rateApplications.id, own!.id));
      expect(row).toMatchObject({ status: 'SUBMITTED', decidedBy: null });
      expect(ok<Apply>(await decide({ id: own!.id, approve: true }, admin)).status).toBe('APPROVED');
    });

    it('keeps drafts from the platform and tenants from each other', async () => {
      const draft = await add();
      expect((await reviewList()).records.some((row) => row.id === draft.id)).toBe(false);
      refused(await decide({ id: draft.id, approve: true }), 404);
      expect((await reviewList({ tenantId: 2 })).records).toEqual([]);
      expect((await reviewList({ tenantId: 1 })).total).toBeGreaterThan(0);

      expect(ok<Page<Apply>>(await post(`${A}/list`, merchant2, {})).total).toBe(0);
      refused(await post(`${A}/edit`, merchant2, { ...input, id: draft.id }), 404);
      refused(await post(`${A}/submit`, merchant2, { id: draft.id }), 404);
      refused(await post(`${A}/cancel`, merchant2, { id: draft.id }), 404);
      const theirs = await add({}, merchant2);
      expect(ok<Page<Apply>>(await post(`${A}/list`, merchant2, {})).records.map((row) => row.id)).toEqual([theirs.id]);
      expect(ok<Page<Apply>>(await post(`${A}/list`, merchant, { pageSize: 200 })).records.some((row) => row.id === theirs.id)).toBe(false);
      const [row] = await t.db.select({ status: rateApplications.status }).from(rateApplications).where(and(eq(rateApplications.id, draft.id), eq(rateApplications.tenantId, 1)));
      expect(row?.status).toBe('DRAFT');
    });

    it('refuses a second application awaiting review for the same currencies, amount and rate, however it is submitted (409 naming the first)', async () => {
      const twin = { amount: '777', requestedRate: '31.5' };
      const first = await add({ ...twin, draft: false });
      const again = (response: Awaited<ReturnType<typeof post>>) => expect(refused(response, 409)).toBe(`Application ${first.applyNo} asks for the same currencies, amount and rate and awaits review: wait for its decision, or cancel it first`);
      again(await post(`${A}/add`, merchant, { ...input, ...twin, requestedRate: '31.50', draft: false }));
      // as a draft it is kept; submitting it, by itself or by an edit, is refused
      const draft = await add(twin);
      expect(draft.status).toBe('DRAFT');
      again(await post(`${A}/submit`, merchant, { id: draft.id }));
      again(await post(`${A}/edit`, merchant, { ...input, ...twin, id: draft.id, draft: false }));
      expect(ok<Page<Apply>>(await post(`${A}/list`, merchant, { applyNo: draft.applyNo })).records[0]?.status).toBe('DRAFT');
      // another amount, another company, or once the first is decided: accepted
      expect(ok<Apply>(await post(`${A}/edit`, merchant, { ...input, ...twin, amount: '778', id: draft.id, draft: false })).status).toBe('SUBMITTED');
      expect((await add({ ...twin, draft: false }, merchant2)).status).toBe('SUBMITTED');
      ok(await decide({ id: first.id, approve: false, reason: 'Not this month' }));
      expect((await add({ ...twin, draft: false })).status).toBe('SUBMITTED');
    });

    it('refuses staff, the platform on the merchant side and merchants on the review side (403)', async () => {
      refused(await post(`${A}/list`, staff, {}), 403);
      refused(await post(`${A}/add`, staff, input), 403);
      refused(await post(`${A}/add`, admin, input), 403);
      refused(await post(`${A}/list`, finance, {}), 403);
      for (const token of [merchant, staff, merchant2]) {
        refused(await post(`${A}/review/list`, token, {}), 403);
        refused(await decide({ id: 1, approve: true }, token), 403);
        refused(await get(`${A}/review/exportXls`, token), 403);
      }
    });

    it('exports the merchant’s list and the review queue with translated headers', async () => {
      const mine = await readXlsx(await get(`${A}/exportXls`, merchant, { status: 'APPROVED' }));
      expect(mine.headers.slice(0, 5)).toEqual(['Application number', 'Status', 'Base currency', 'Quote currency', 'Amount']);
      expect(mine.rows.length).toBeGreaterThan(0);
      expect(mine.rows.every((row) => row[1] === 'Approved')).toBe(true);
      expect(typeof mine.rows[0]![4]).toBe('number');
      const queue = await readXlsx(await get(`${A}/review/exportXls`, finance, { tenantId: '1' }, 'zh-CN'));
      expect(queue.headers.slice(0, 2)).toEqual(['申请单号', '商家']);
      expect(queue.rows.every((row) => row[1] === 'Demo Trading')).toBe(true);
      expect(queue.rows.some((row) => row[2] === '草稿')).toBe(false);
      refused(await get(`${A}/exportXls`, merchant2, { status: 'NOPE' }), 400);
    });
  });
});
