import type { z } from 'zod';
import { invertRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { Page } from '@portal/shared/api';
import type { rateInput, rateListBody, RateRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { rateExportTexts } from '@portal/shared/messages-rates';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { pageOf } from '../../../lib/list.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, timeFormatter } from '../../../lib/xlsx.ts';
import { once } from '../../../lib/idempotency.ts';
import { rateColumnsFor } from './export.ts';
import {
  countRates,
  deleteScheduledRate,
  findRate,
  insertRate,
  newestRate,
  rateEffectiveFrom,
  rateExportBatch,
  rateFiguresOf,
  rateRows,
  rateWhere,
  toRateRecords,
  type RateFilters,
} from './repository.ts';

/*
 * The rate table finance keeps: history is kept, the newest effective row of a pair applies, a rate can
 * be scheduled and withdrawn until it takes effect.
 */

export type AppliedRate = {
  /** 1 from = rate to */
  rate: string;
  inverseRate: string;
  effectiveFrom: Date;
  /** where it came from: the rate table, or the merchant's approved application */
  rateApplyId: number | null;
};

/**
 * The rate applying now from `from` to `to`: the newest effective one finance set for the pair, else the
 * inverse of the newest for the opposite pair (1 / rate, 10 decimals, half to even). The same currency is 1.
 */
export async function currentRate(tx: Db, from: CurrencyCode, to: CurrencyCode, at: Date = new Date()): Promise<AppliedRate | null> {
  if (from === to) return { rate: '1', inverseRate: '1', effectiveFrom: new Date(0), rateApplyId: null };
  const direct = await newestRate(tx, from, to, at);
  if (direct) {
    const rate = trimDecimal(direct.rate);
    return { rate, inverseRate: invertRate(rate), effectiveFrom: direct.effectiveFrom, rateApplyId: null };
  }
  const opposite = await newestRate(tx, to, from, at);
  if (!opposite) return null;
  const inverseRate = trimDecimal(opposite.rate);
  return { rate: invertRate(inverseRate), inverseRate, effectiveFrom: opposite.effectiveFrom, rateApplyId: null };
}

/** A rate a posting used: `rate` is 1 `from` = rate `to`. */
export type UsedRate = { from: CurrencyCode; to: CurrencyCode; rate: string };

/**
 * The inverse to show beside rates that postings used, as the rate table shows the pair. A rate taken from
 * the opposite pair's figure E is 1/E to 10 decimals, and inverting that again is not E (1/4.472895 =
 * 0.2235688519, 1/0.2235688519 = 4.4728950008): its inverse is E, the figure finance set. Any other rate's
 * inverse is 1/rate (docs/finance.md). One query for all of `used`.
 */
export async function postedInverses(tx: Db, used: readonly UsedRate[]): Promise<(rate: UsedRate) => string> {
  const converting = used.filter((entry) => entry.from !== entry.to);
  const pairs = [...new Map(converting.flatMap((entry) => [[entry.from, entry.to] as const, [entry.to, entry.from] as const]).map((pair) => [pair.join(':'), pair])).values()];
  const figures = await rateFiguresOf(tx, pairs);
  return ({ from, to, rate }) => {
    const own = trimDecimal(rate);
    if (from === to) return '1';
    // a figure set for this very pair: its inverse is computed, as the table computes it
    if (figures.get(`${from}:${to}`)?.has(own)) return invertRate(own);
    const opposite = [...(figures.get(`${to}:${from}`) ?? [])].find((figure) => invertRate(figure) === own);
    return opposite ?? invertRate(own);
  };
}

/** A rate may be given "now" from a form filled a moment ago: this much in the past still counts as now. */
const EFFECTIVE_GRACE_MS = 60_000;

export async function listRates(db: Db, body: z.output<typeof rateListBody>): Promise<Page<RateRecord>> {
  const where = rateWhere(db, body);
  const [rows, total] = await Promise.all([rateRows(db, where, { direction: body.order ?? 'desc', limit: body.pageSize, offset: (body.pageNo - 1) * body.pageSize }), countRates(db, where)]);
  return pageOf(await toRateRecords(db, rows), total, body.pageNo, body.pageSize);
}

type RateFields = z.output<typeof rateInput>;

/** The checks of a new rate, before anything else is looked at: two currencies, and not in the past. */
export function checkedRate(body: RateFields): RateFields & { effectiveAt: Date | undefined } {
  if (body.baseCurrency === body.quoteCurrency) throw badRequest('rateSameCurrency', { field: 'quoteCurrency' });
  const effectiveAt = body.effectiveFrom ? new Date(body.effectiveFrom) : undefined;
  // the past is history: a rate that applied yesterday would rewrite what conversions already used
  if (effectiveAt && effectiveAt.getTime() < Date.now() - EFFECTIVE_GRACE_MS) throw badRequest('rateEffectiveInPast', { field: 'effectiveFrom' });
  return { ...body, effectiveAt };
}

export async function addRate(db: Db, who: { tenantId: number; userId: number }, key: string, route: string, body: ReturnType<typeof checkedRate>): Promise<RateRecord> {
  const { effectiveAt, ...fields } = body;
  return once(db, { ...who, key, route, body: fields }, async (tx) => {
    // the same figure again, where it would take over from itself, changes nothing but the table's length
    const standing = await newestRate(tx, body.baseCurrency, body.quoteCurrency, effectiveAt ?? new Date());
    if (standing && trimDecimal(standing.rate) === trimDecimal(body.rate)) {
      throw conflict('rateUnchanged', { pair: `${body.baseCurrency}/${body.quoteCurrency}`, rate: trimDecimal(body.rate), effectiveFrom: timeFormatter(DEFAULT_EXPORT_TIME_ZONE)(standing.effectiveFrom) });
    }
    const id = await insertRate(tx, { baseCurrency: body.baseCurrency, quoteCurrency: body.quoteCurrency, rate: body.rate, effectiveFrom: effectiveAt, remark: body.remark, createdBy: who.userId });
    const row = must(await findRate(tx, id), 'rate');
    return must((await toRateRecords(tx, [row]))[0], 'rate record');
  });
}

/** Withdraws a scheduled rate; one already in effect is history and stays (409). */
export async function deleteRate(db: Db, id: number): Promise<void> {
  if (await deleteScheduledRate(db, id)) return;
  const effectiveFrom = await rateEffectiveFrom(db, id);
  if (!effectiveFrom) throw notFound();
  throw conflict('rateAlreadyEffective', { effectiveFrom: timeFormatter(DEFAULT_EXPORT_TIME_ZONE)(effectiveFrom) });
}

/** The workbook of the filtered rate table, newest effective time first (too many rows: 400). */
export async function rateWorkbook(db: Db, lang: Language, query: RateFilters & { timeZone?: string }) {
  const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = query;
  const where = rateWhere(db, filters);
  assertExportSize(await countRates(db, where));
  return {
    title: rateExportTexts.rateTitle[lang],
    asciiTitle: 'exchange-rates',
    timeZone,
    columns: rateColumnsFor(lang, timeZone),
    batches: keysetBatches((after, limit) => rateExportBatch(db, where, after, limit)),
  };
}
