import type { z } from 'zod';
import { invertRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { Page } from '@portal/shared/api';
import type { RateApplyStatus } from '@portal/shared/finance';
import type { rateApplyDecisionInput, rateApplyInput, rateApplyListBody, RateApplyRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { RATE_APPLY_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { RATE_APPLY_ACTION_TEXTS, rateExportTexts } from '@portal/shared/messages-rates';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { pageOf } from '../../../lib/list.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches } from '../../../lib/xlsx.ts';
import { once } from '../../../lib/idempotency.ts';
import { minorOf } from '../money.ts';
import { currentRate, type AppliedRate } from '../rates/service.ts';
import { rateApplyColumnsFor } from './export.ts';
import {
  approvedApplication,
  countRateApplications,
  decideRateApply,
  findRateApply,
  insertRateApply,
  moveRateApply,
  pendingTwin,
  rateApplyExportBatch,
  rateApplyRows,
  rateApplyWhere,
  toRateApplyRecord,
  updateDraft,
  type RateApplyFields,
  type RateApplyFilters,
  type RateApplyRow,
} from './repository.ts';

/*
 * Rate applications: a merchant asks for its own rate on a pair (draft, submitted, cancelled); finance
 * approves it with the rate granted and a validity, or rejects it. An approved one is what
 * applicationRate gives the merchant's recharges.
 */

export type RateApplyAction = keyof typeof RATE_APPLY_ACTION_TEXTS;

/** An approved rate holds this long unless finance says otherwise. */
const DEFAULT_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The rate of the tenant's approved application `rateApplyId` for exactly this pair, still valid at `at`;
 * null when there is no such application (the caller then answers 409 or uses the rate table).
 */
export async function applicationRate(tx: Db, tenantId: number, rateApplyId: number, from: CurrencyCode, to: CurrencyCode, at: Date = new Date()): Promise<AppliedRate | null> {
  const row = await approvedApplication(tx, tenantId, rateApplyId, from, to, at);
  if (!row?.approvedRate) return null;
  const rate = trimDecimal(row.approvedRate);
  return { rate, inverseRate: invertRate(rate), effectiveFrom: row.decidedAt ?? at, rateApplyId };
}

/** Today's rate of each pair among `rows`, added to what `known` already holds (an export meets few pairs). */
export async function marketRates(db: Db, rows: RateApplyRow[], known: Map<string, string | null> = new Map()): Promise<Map<string, string | null>> {
  for (const row of rows) {
    const pair = `${row.baseCurrency}/${row.quoteCurrency}`;
    if (!known.has(pair)) known.set(pair, (await currentRate(db, row.baseCurrency, row.quoteCurrency))?.rate ?? null);
  }
  return known;
}

export async function toRateApplyRecords(db: Db, rows: RateApplyRow[]): Promise<RateApplyRecord[]> {
  const market = await marketRates(db, rows);
  return rows.map((row) => toRateApplyRecord(row, market));
}

const answer = async (tx: Db, id: number, tenantId: number | null) => must((await toRateApplyRecords(tx, [must(await findRateApply(tx, id, tenantId), 'rate application')]))[0], 'record');

/** After a status-guarded update found nothing: 404 for a missing (or another tenant's) id, else 409 naming the status. */
async function refuse(db: Db, id: number, tenantId: number | null, action: RateApplyAction): Promise<never> {
  const row = await findRateApply(db, id, tenantId);
  // the platform never sees the merchants' drafts
  if (!row || (tenantId === null && row.status === 'DRAFT')) throw notFound();
  throw conflict('financeRecordNotInStatus', { record: row.applyNo, status: RATE_APPLY_STATUS_TEXTS[row.status], action: RATE_APPLY_ACTION_TEXTS[action] });
}

/** The merchant's applications (`tenantId`), or every tenant's but drafts for the platform (null). */
export async function listRateApplications(db: Db, tenantId: number | null, body: z.infer<typeof rateApplyListBody>): Promise<Page<RateApplyRecord>> {
  const where = rateApplyWhere(tenantId, body);
  const [rows, total] = await Promise.all([
    rateApplyRows(db, where, {
      direction: body.order ?? 'desc',
      // the review queue: what awaits a decision first, unless the reviewer sorts or picks a status
      submittedFirst: tenantId === null && !body.order && !body.status,
      limit: body.pageSize,
      offset: (body.pageNo - 1) * body.pageSize,
    }),
    countRateApplications(db, where),
  ]);
  return pageOf(await toRateApplyRecords(db, rows), total, body.pageNo, body.pageSize);
}

/** The checks of what a merchant asks for, before anything else is looked at: two currencies, an amount in the base's scale. */
export function checkedApplication(body: z.output<typeof rateApplyInput>): RateApplyFields {
  if (body.baseCurrency === body.quoteCurrency) throw badRequest('rateSameCurrency', { field: 'quoteCurrency' });
  const amount = minorOf('amount', body.amount, body.baseCurrency);
  return { baseCurrency: body.baseCurrency, quoteCurrency: body.quoteCurrency, amount, requestedRate: body.requestedRate, reason: body.reason };
}

const statusOf = (draft: boolean) => (draft ? 'DRAFT' : 'SUBMITTED');

/** 409 naming the application already awaiting review that asks for the same (pendingTwin). */
async function refuseTwin(db: Db, tenantId: number, fields: RateApplyFields, exceptId?: number): Promise<void> {
  const twin = await pendingTwin(db, tenantId, fields, exceptId);
  if (twin) throw conflict('rateApplyPendingTwin', { applyNo: twin });
}

export async function addRateApply(
  db: Db,
  who: { tenantId: number; userId: number },
  request: { key: string; route: string; body: z.output<typeof rateApplyInput> },
  fields: RateApplyFields,
): Promise<RateApplyRecord> {
  return once(db, { ...who, key: request.key, route: request.route, body: request.body }, async (tx) => {
    if (!request.body.draft) await refuseTwin(tx, who.tenantId, fields);
    return answer(tx, await insertRateApply(tx, who.tenantId, who.userId, statusOf(request.body.draft), fields), who.tenantId);
  });
}

/** Changes a draft, and submits it when `draft` is false; anything but a draft is 409. */
export async function editRateApply(db: Db, tenantId: number, id: number, draft: boolean, fields: RateApplyFields): Promise<RateApplyRecord> {
  if (!draft) await refuseTwin(db, tenantId, fields, id);
  if (!(await updateDraft(db, id, tenantId, statusOf(draft), fields))) await refuse(db, id, tenantId, 'edit');
  return answer(db, id, tenantId);
}

export async function moveRateApplication(db: Db, tenantId: number, id: number, from: RateApplyStatus[], to: RateApplyStatus, action: RateApplyAction): Promise<RateApplyRecord> {
  if (to === 'SUBMITTED') {
    const draft = await findRateApply(db, id, tenantId);
    if (draft && from.includes(draft.status)) await refuseTwin(db, tenantId, draft, id);
  }
  if (!(await moveRateApply(db, id, tenantId, from, to))) await refuse(db, id, tenantId, action);
  return answer(db, id, tenantId);
}

/** Approves (with the rate granted and a validity, 7 days by default) or rejects (with a reason) a submitted application; never its submitter. */
export async function decideRateApplication(db: Db, userId: number, body: z.output<typeof rateApplyDecisionInput>): Promise<RateApplyRecord> {
  if (!body.approve && !body.reason) throw badRequest('rejectReasonRequired', { field: 'reason' });
  const validUntil = body.validUntil ? new Date(body.validUntil) : new Date(Date.now() + DEFAULT_VALIDITY_MS);
  if (body.approve && validUntil.getTime() <= Date.now()) throw badRequest('rateApplyValidUntilPast', { field: 'validUntil' });
  // one step: only a submitted application, and never by the one who submitted it (four eyes)
  const decided = await decideRateApply(db, body.id, body.approve ? { status: 'APPROVED', approvedRate: body.approvedRate, validUntil } : { status: 'REJECTED' }, body.reason, userId);
  if (!decided) {
    const row = await findRateApply(db, body.id, null);
    if (row?.status === 'SUBMITTED') throw conflict('sameUserDecision');
    await refuse(db, body.id, null, 'decide');
  }
  return answer(db, body.id, null);
}

/** The workbook of the merchant's (`tenantId`) or, for the platform (null), every tenant's filtered applications. */
export async function rateApplyWorkbook(db: Db, lang: Language, tenantId: number | null, query: RateApplyFilters & { timeZone?: string }) {
  const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = query;
  const where = rateApplyWhere(tenantId, filters);
  assertExportSize(await countRateApplications(db, where));
  const market = new Map<string, string | null>();
  async function* batches() {
    for await (const batch of keysetBatches((after, limit) => rateApplyExportBatch(db, where, after, limit))) {
      await marketRates(db, batch, market);
      yield batch;
    }
  }
  const platformSide = tenantId === null;
  return {
    title: (platformSide ? rateExportTexts.rateApplyReviewTitle : rateExportTexts.rateApplyTitle)[lang],
    asciiTitle: platformSide ? 'rate-application-review' : 'rate-applications',
    timeZone,
    columns: rateApplyColumnsFor(lang, timeZone, market, platformSide),
    batches: batches(),
  };
}
