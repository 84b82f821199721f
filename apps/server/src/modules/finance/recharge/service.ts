import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { emitRechargeResult } from '../../../lib/push-events.ts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@portal/shared/api';
import { RECEIVING_ACCOUNTS, VOUCHERS_PER_RECHARGE_MAX, type RechargeStatus } from '@portal/shared/finance';
import type { decisionInput, rechargeInput, rechargeListBody, RechargeRecord, RechargeReviewPreview, reversalInput, VoucherRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { formatMessage } from '@portal/shared/messages';
import { RECHARGE_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { RECHARGE_ACTION_TEXTS, rechargeExportTexts } from '@portal/shared/messages-recharge';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches } from '../../../lib/xlsx.ts';
import { conversionLegs, memoOf, platformLeg, walletLeg, type Leg } from '../ledger/model.ts';
import { once } from '../../../lib/idempotency.ts';
import { post, reverse } from '../ledger/service.ts';
import { amountText, minorOf } from '../money.ts';
import { tenantNames, userNames } from '../repository.ts';
import { applicationRate } from '../rate-apply/service.ts';
import { applicationGrant } from '../rate-apply/repository.ts';
import { currentRate, postedInverses, type AppliedRate } from '../rates/service.ts';
import { rechargeColumns, type RechargeExportRow } from './export.ts';
import { converted, displayNameOf, storedNameOf, voucherTypeOf } from './model.ts';
import {
  attachVouchers,
  countRecharges,
  deleteRecharge,
  findRecharge,
  insertRecharge,
  insertVoucher,
  lockRecharge,
  lockVouchers,
  rechargeExportBatch,
  rechargeNoOf,
  rechargePage,
  rechargeRecordOf,
  rechargeWhere,
  setRechargeStatus,
  updateRecharge,
  voucherFile,
  vouchersOfRecharges,
  type RechargeFilters,
  type RechargeRow,
  type RechargeValues,
  type VoucherFile,
} from './repository.ts';

/*
 * Recharges (docs/finance.md): the merchant drafts and submits a bank transfer with its vouchers;
 * platform finance reviews it, and only its confirmation posts money: at the rate of that moment, or
 * the merchant's approved rate application.
 */

type Who = { tenantId: number; userId: number };
type Idempotent<B> = { key: string; route: string; body: B };

// ------------------------------------------------------------------ rates and records

/** The rate a recharge converts at now, and whether the application it names no longer applies. */
export type RateChoice = { rate: AppliedRate | null; lapsed: boolean };
type RateKey = Pick<RechargeRow, 'tenantId' | 'transferCurrency' | 'receivedCurrency' | 'rateApplyId'>;

/**
 * The rate confirming a recharge now would use: the merchant's approved application it names while that
 * is valid, else the rate table's current rate (none: null). Answers are kept for the book's lifetime
 * (one request), so a page of recharges asks the database once per pair.
 */
export function rateBook(tx: Db): (row: RateKey) => Promise<RateChoice> {
  const table = new Map<string, Promise<AppliedRate | null>>();
  const applications = new Map<string, Promise<AppliedRate | null>>();
  const cached = (cache: Map<string, Promise<AppliedRate | null>>, key: string, load: () => Promise<AppliedRate | null>) => {
    let found = cache.get(key);
    if (!found) {
      found = load();
      cache.set(key, found);
    }
    return found;
  };
  return async (row) => {
    const from = row.transferCurrency;
    const to = row.receivedCurrency;
    if (from === to) return { rate: await currentRate(tx, from, to), lapsed: false };
    if (row.rateApplyId !== null) {
      const applied = await cached(applications, `${row.tenantId}:${row.rateApplyId}:${from}:${to}`, () => applicationRate(tx, row.tenantId, row.rateApplyId as number, from, to));
      if (applied) return { rate: applied, lapsed: false };
    }
    return { rate: await cached(table, `${from}:${to}`, () => currentRate(tx, from, to)), lapsed: row.rateApplyId !== null };
  };
}

/** The API's records of `rows`, in their order (estimates at the rate that would apply now until credited). */
export async function toRechargeRecords(tx: Db, rows: RechargeRow[], rateOf: (row: RateKey) => Promise<RateChoice> = rateBook(tx)): Promise<RechargeRecord[]> {
  if (rows.length === 0) return [];
  // one query after another: inside a transaction they share one connection
  const voucherRows = await vouchersOfRecharges(
    tx,
    rows.map((row) => row.id),
  );
  const names = await userNames(
    tx,
    rows.flatMap((row) => [row.createdBy, row.decidedBy]),
  );
  const tenants = await tenantNames(
    tx,
    rows.map((row) => row.tenantId),
  );
  const vouchersOf = new Map<number, VoucherRecord[]>();
  for (const { rechargeId, ...voucher } of voucherRows) {
    if (rechargeId === null) continue;
    vouchersOf.set(rechargeId, [...(vouchersOf.get(rechargeId) ?? []), voucher]);
  }
  // the inverse of a credited recharge's rate as the rate table shows the pair (an application's rate is its own)
  const postedInverse = await postedInverses(
    tx,
    rows.flatMap((row) => (row.receivedAmount !== null && row.rate !== null && row.rateApplyId === null ? [{ from: row.transferCurrency, to: row.receivedCurrency, rate: row.rate }] : [])),
  );
  const records: RechargeRecord[] = [];
  for (const row of rows) {
    const applied = row.receivedAmount === null ? (await rateOf(row)).rate : null;
    const related = { vouchers: vouchersOf.get(row.id) ?? [], names, tenantName: tenants.get(row.tenantId) ?? '' };
    records.push(rechargeRecordOf(row, applied, row.rateApplyId === null ? { ...related, postedInverse } : related));
  }
  return records;
}

async function recordOf(tx: Db, id: number, tenantId: number | null): Promise<RechargeRecord> {
  const [record] = await toRechargeRecords(tx, [must(await findRecharge(tx, id, tenantId), 'recharge')]);
  return must(record, 'recharge record');
}

/** One recharge of `tenantId` (null: any tenant) with its vouchers; 404 when there is none. */
export async function rechargeDetails(db: Db, id: number, tenantId: number | null, scope?: SQL): Promise<RechargeRecord> {
  const row = await findRecharge(db, id, tenantId, scope);
  if (!row) throw notFound();
  return must((await toRechargeRecords(db, [row]))[0], 'record');
}

/** A page of one tenant's recharges (null: every tenant's). */
export async function listRecharges(db: Db, tenantId: number | null, body: z.output<typeof rechargeListBody>, scope?: SQL): Promise<Page<RechargeRecord>> {
  const where = rechargeWhere(tenantId, body, scope);
  const [rows, total] = await Promise.all([rechargePage(db, where, body), countRecharges(db, where)]);
  return pageOf(await toRechargeRecords(db, rows), total, body.pageNo, body.pageSize);
}

/** The workbook of one tenant's filtered recharges (null: every tenant's, the review's, with the tenant column). */
export async function rechargeWorkbook(db: Db, lang: Language, tenantId: number | null, filters: RechargeFilters & { timeZone?: string }, review: boolean, scope?: SQL) {
  const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...query } = filters;
  const where = rechargeWhere(tenantId, query, scope);
  assertExportSize(await countRecharges(db, where));
  const rateOf = rateBook(db);
  return {
    title: (review ? rechargeExportTexts.reviewTitle : rechargeExportTexts.title)[lang],
    asciiTitle: review ? 'recharge-review' : 'recharges',
    timeZone,
    columns: rechargeColumns(lang, timeZone, review),
    batches: keysetBatches(async (after, limit): Promise<RechargeExportRow[]> => {
      const rows = await rechargeExportBatch(db, where, after, limit);
      const records = await toRechargeRecords(db, rows, rateOf);
      return rows.map((row, index) => ({ id: row.id, cursorTime: row.cursorTime, record: must(records[index], 'record') }));
    }),
  };
}

// ------------------------------------------------------------------ the merchant's recharges

type RechargeFields = z.output<typeof rechargeInput>;

const notInStatus = (row: { rechargeNo: string; status: RechargeStatus }, action: keyof typeof RECHARGE_ACTION_TEXTS) =>
  conflict('financeRecordNotInStatus', { record: row.rechargeNo, status: RECHARGE_STATUS_TEXTS[row.status], action: RECHARGE_ACTION_TEXTS[action] });

/**
 * The rules of a recharge as the merchant saves it: the amount in its currency's scale, a receiving
 * account in the transfer currency, a rate for a conversion (today's, or an approved application of
 * the tenant for exactly this pair and at least this amount), and the tenant's own free vouchers.
 */
async function checkedRecharge(tx: Db, tenantId: number, input: RechargeFields, rechargeId: number | null): Promise<{ voucherIds: number[]; values: RechargeValues }> {
  const amount = minorOf('transferAmount', input.transferAmount, input.transferCurrency);
  const account = must(
    RECEIVING_ACCOUNTS.find((candidate) => candidate.code === input.receivingAccountCode),
    'receiving account',
  );
  if (account.currency !== input.transferCurrency) {
    throw badRequest('rechargeAccountCurrency', { field: 'receivingAccountCode', account: account.code, accountCurrency: account.currency, currency: input.transferCurrency });
  }
  const from = input.transferCurrency;
  const to = input.receivedCurrency;
  if (from === to) {
    if (input.rateApplyId !== undefined) throw badRequest('rechargeRateApplyNotNeeded', { field: 'rateApplyId' });
  } else if (input.rateApplyId !== undefined) {
    if (!(await applicationRate(tx, tenantId, input.rateApplyId, from, to))) throw conflict('rechargeRateApplyInvalid', { id: input.rateApplyId, from, to });
    const granted = must(await applicationGrant(tx, input.rateApplyId), 'rate application');
    if (amount > granted.amount) {
      throw conflict('rechargeRateApplyExceeded', { amount: amountText(amount, from), limit: amountText(granted.amount, from), applyNo: granted.applyNo });
    }
  } else if (!(await currentRate(tx, from, to))) {
    throw conflict('rateNotFound', { from, to });
  }

  const voucherIds = [...new Set(input.voucherIds)];
  if (voucherIds.length > VOUCHERS_PER_RECHARGE_MAX) throw badRequest('validationTooBig', { field: 'voucherIds', max: String(VOUCHERS_PER_RECHARGE_MAX) });
  if (!input.draft && voucherIds.length === 0) throw badRequest('rechargeVoucherRequired');
  if (voucherIds.length > 0) {
    const found = await lockVouchers(tx, tenantId, voucherIds);
    const missing = voucherIds.find((id) => !found.some((voucher) => voucher.id === id));
    if (missing !== undefined) throw notFound('rechargeVoucherNotFound', { id: missing });
    const taken = found.find((voucher) => voucher.rechargeId !== null && voucher.rechargeId !== rechargeId);
    if (taken) throw conflict('rechargeVoucherTaken', { id: taken.id, rechargeNo: (await rechargeNoOf(tx, must(taken.rechargeId, 'voucher recharge'))) ?? '' });
  }

  const submitted = !input.draft;
  return {
    voucherIds,
    values: {
      status: submitted ? 'SUBMITTED' : 'DRAFT',
      transferCurrency: from,
      transferAmount: amount,
      receivedCurrency: to,
      rateApplyId: input.rateApplyId ?? null,
      payerName: input.payerName,
      payerAccount: input.payerAccount,
      receivingAccountCode: account.code,
      transferredAt: input.transferredAt ? new Date(input.transferredAt) : null,
      remark: input.remark,
    },
  };
}

/** A new recharge: a draft, or submitted for review (the caller checked the permission to submit). */
export async function submitRecharge(db: Db, who: Who, request: Idempotent<RechargeFields>): Promise<RechargeRecord> {
  const { tenantId, userId } = who;
  const body = request.body;
  return once(db, { tenantId, userId, key: request.key, route: request.route, body }, async (tx) => {
    const { values, voucherIds } = await checkedRecharge(tx, tenantId, body, null);
    const id = await insertRecharge(tx, tenantId, userId, body.draft ? null : userId, values);
    await attachVouchers(tx, id, voucherIds);
    return recordOf(tx, id, tenantId);
  });
}

/** Replaces a draft (its fields and its vouchers), and submits it when `draft` is false; other statuses are 409. */
export async function editRecharge(db: Db, who: Who, request: Idempotent<RechargeFields & { id: number }>, scope?: SQL): Promise<RechargeRecord> {
  const { tenantId, userId } = who;
  const { id, ...body } = request.body;
  return once(db, { tenantId, userId, key: request.key, route: request.route, body: request.body }, async (tx) => {
    const row = await lockRecharge(tx, id, tenantId, scope);
    if (!row) throw notFound();
    if (row.status !== 'DRAFT') throw notInStatus(row, 'edit');
    const { values, voucherIds } = await checkedRecharge(tx, tenantId, body, id);
    await updateRecharge(tx, id, body.draft ? null : userId, values);
    await attachVouchers(tx, id, voucherIds);
    return recordOf(tx, id, tenantId);
  });
}

/** Deletes a draft recharge and its vouchers; other statuses are 409. */
export async function deleteDraft(db: Db, tenantId: number, id: number, scope?: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRecharge(tx, id, tenantId, scope);
    if (!row) throw notFound();
    if (row.status !== 'DRAFT') throw notInStatus(row, 'delete');
    await deleteRecharge(tx, row.id);
  });
}

/** Keeps an uploaded voucher if its bytes show an accepted type, under a random name. */
export async function storeVoucher(db: Db, who: Who, upload: { content: Buffer; filename: string }): Promise<VoucherRecord> {
  const type = voucherTypeOf(upload.content);
  if (!type) throw badRequest('voucherTypeRefused');
  const storedName = storedNameOf(type);
  return insertVoucher(db, { tenantId: who.tenantId, storedName, originalName: displayNameOf(upload.filename, storedName), mimeType: type, size: upload.content.length, content: upload.content, createdBy: who.userId });
}

/** A voucher's file, of `tenantId` only (null: any tenant); 404 when there is none. */
export async function voucherToSend(db: Db, id: number, tenantId: number | null): Promise<VoucherFile> {
  const voucher = await voucherFile(db, id, tenantId);
  if (!voucher) throw notFound();
  return voucher;
}

// ------------------------------------------------------------------ the review

/** The review preview: the recharge with its vouchers, the rate confirming now would use and the amount it would credit. */
export async function reviewPreview(db: Db, lang: Language, id: number): Promise<RechargeReviewPreview> {
  const row = await findRecharge(db, id, null);
  if (!row) throw notFound();
  const rateOf = rateBook(db);
  const [record] = await toRechargeRecords(db, [row], rateOf);
  const { rate, lapsed } = await rateOf(row);
  const from = row.transferCurrency;
  const to = row.receivedCurrency;
  const reason = !rate ? formatMessage(lang, 'rateNotFound', { from, to }) : lapsed ? formatMessage(lang, 'rechargeRateApplyLapsed', { applyNo: row.applyNo ?? '' }) : '';
  return {
    record: must(record, 'record'),
    rate: rate?.rate ?? null,
    inverseRate: rate?.inverseRate ?? null,
    creditAmount: rate ? amountText(converted(row.transferAmount, from, to, rate.rate), to) : null,
    rateApplyNo: rate?.rateApplyId ? row.applyNo : null,
    reason,
  };
}

/** A rejection needs its reason: checked before anything else is looked at. */
export function checkedDecision<B extends { approve: boolean; reason?: string }>(body: B): B {
  if (!body.approve && !body.reason) throw badRequest('rejectReasonRequired');
  return body;
}

/**
 * Confirms a submitted recharge (posts the money at the rate of the moment or the approved application)
 * or rejects it with a reason (the caller checked the permission of the decision). Never by its submitter.
 */
export async function decideRecharge(db: Db, userId: number, request: Idempotent<z.output<typeof decisionInput>>): Promise<RechargeRecord> {
  const body = checkedDecision(request.body);
  return once(db, { tenantId: PLATFORM_TENANT, userId, key: request.key, route: request.route, body }, async (tx) => {
    const row = await lockRecharge(tx, body.id, null);
    if (!row) throw notFound();
    if (row.status !== 'SUBMITTED') throw notInStatus(row, 'decide');
    // four eyes: whoever put the recharge forward never credits it
    if (row.createdBy === userId || row.submittedBy === userId) throw conflict('sameUserDecision');
    if (!body.approve) {
      await setRechargeStatus(tx, row.id, { status: 'REJECTED', rejectReason: body.reason }, userId);
      await emitRechargeResult(tx, row, 'REJECTED', { reason: body.reason });
      return recordOf(tx, row.id, null);
    }
    const from = row.transferCurrency;
    const to = row.receivedCurrency;
    const { rate } = await rateBook(tx)(row);
    if (!rate) throw conflict('rateNotFound', { from, to });
    const amount = row.transferAmount;
    let legs: Leg[];
    let credited: bigint;
    if (from === to) {
      legs = [platformLeg('BANK', from, -amount), walletLeg(row.tenantId, to, amount)];
      credited = amount;
    } else {
      // the money wired into the bank is the source of the conversion: conversionLegs takes it out of BANK itself
      const conversion = conversionLegs({ currency: from, amount, leg: (minor) => platformLeg('BANK', from, minor) },
        { currency: to, leg: (minor) => walletLeg(row.tenantId, to, minor) },
        rate.rate,
      );
      legs = conversion.legs;
      credited = conversion.converted;
    }
    // the summary: who wired what, converted at which rate, and finance's remark
    const wired = `${amountText(amount, from)} ${from}`;
    const memo = memoOf([row.payerName, from === to ? wired : `${wired} → ${amountText(credited, to)} ${to} @ ${rate.rate}`, body.reason]);
    const posted = await post(tx, { tenantId: row.tenantId, kind: 'RECHARGE', refNo: row.rechargeNo, createdBy: userId, memo, ...(from === to ? {} : { rate: rate.rate }) }, legs);
    await setRechargeStatus(tx, row.id, { status: 'CONFIRMED', receivedAmount: credited, rate: rate.rate, rateApplyId: rate.rateApplyId, journalId: posted.journalId }, userId);
    await emitRechargeResult(tx, row, 'CONFIRMED', { credited, rate: rate.rate, reason: body.reason });
    return recordOf(tx, row.id, null);
  });
}

/** Posts the exact opposite of a confirmed recharge's journal (409 when the wallet no longer holds the money). */
export async function reverseRecharge(db: Db, userId: number, request: Idempotent<z.output<typeof reversalInput>>): Promise<RechargeRecord> {
  const body = request.body;
  return once(db, { tenantId: PLATFORM_TENANT, userId, key: request.key, route: request.route, body }, async (tx) => {
    const row = await lockRecharge(tx, body.rechargeId, null);
    if (!row) throw notFound();
    if (row.status !== 'CONFIRMED') throw notInStatus(row, 'reverse');
    await reverse(tx, must(row.journalId, 'recharge journal'), { tenantId: row.tenantId, refNo: row.rechargeNo, createdBy: userId, memo: body.reason });
    await setRechargeStatus(tx, row.id, { status: 'REVERSED' });
    await emitRechargeResult(tx, row, 'REVERSED', { reason: body.reason });
    return recordOf(tx, row.id, null);
  });
}
