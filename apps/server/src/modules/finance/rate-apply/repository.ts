import { iso } from '../../../lib/iso.ts';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { RateApplyStatus } from '@portal/shared/finance';
import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import type { Db } from '../../../db/client.ts';
import { rateApplications } from '../../../db/schema/finance.ts';
import { tenants, users } from '../../../db/schema/sys.ts';
import { indexOrder, type Direction } from '../../../lib/index-order.ts';
import { dateRange, issuedNumberSearch } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { financeNo } from '../ledger/repository.ts';
import { amountText } from '../money.ts';
import { personName } from '../repository.ts';

/** Rate applications: the merchant's list, the platform's review queue, their records, exports and changes. */

export type RateApplyFilters = {
  status?: RateApplyStatus;
  applyNo?: string;
  createdAt_begin?: string;
  createdAt_end?: string;
  tenantId?: number;
};

/**
 * The filters within the merchant's tenant, or across all tenants for the platform (`tenantId` null),
 * which never sees drafts: a draft is the merchant's own until it is submitted.
 */
export function rateApplyWhere(tenantId: number | null, filters: RateApplyFilters): SQL | undefined {
  return and(
    tenantId !== null ? eq(rateApplications.tenantId, tenantId) : ne(rateApplications.status, 'DRAFT'),
    tenantId === null && filters.tenantId !== undefined ? eq(rateApplications.tenantId, filters.tenantId) : undefined,
    filters.status ? eq(rateApplications.status, filters.status) : undefined,
    issuedNumberSearch(rateApplications.applyNo, filters.applyNo),
    ...dateRange(rateApplications.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

const creator = alias(users, 'creator');
const decider = alias(users, 'decider');

const columns = {
  id: rateApplications.id,
  applyNo: rateApplications.applyNo,
  status: rateApplications.status,
  baseCurrency: rateApplications.baseCurrency,
  quoteCurrency: rateApplications.quoteCurrency,
  amount: rateApplications.amount,
  requestedRate: rateApplications.requestedRate,
  approvedRate: rateApplications.approvedRate,
  validUntil: rateApplications.validUntil,
  reason: rateApplications.reason,
  decisionRemark: rateApplications.decisionRemark,
  createdById: rateApplications.createdBy,
  createdBy: personName(creator),
  decidedBy: personName(decider),
  decidedAt: rateApplications.decidedAt,
  createdAt: rateApplications.createdAt,
  tenantId: rateApplications.tenantId,
  tenantName: tenants.name,
};

export type RateApplyRow = {
  id: number;
  applyNo: string;
  status: RateApplyStatus;
  baseCurrency: CurrencyCode;
  quoteCurrency: CurrencyCode;
  amount: bigint;
  requestedRate: string;
  approvedRate: string | null;
  validUntil: Date | null;
  reason: string;
  decisionRemark: string;
  createdById: number | null;
  createdBy: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  tenantId: number;
  tenantName: string;
};

function selectApplications(db: Db) {
  return db
    .select(columns)
    .from(rateApplications)
    .innerJoin(tenants, eq(tenants.id, rateApplications.tenantId))
    .leftJoin(creator, eq(creator.id, rateApplications.createdBy))
    .leftJoin(decider, eq(decider.id, rateApplications.decidedBy));
}

/**
 * A page, newest first. The review queue (`submittedFirst`) puts what awaits a decision on top, as long
 * as the caller asked for no order of its own.
 */
export async function rateApplyRows(db: Db, where: SQL | undefined, page: { direction: Direction; submittedFirst: boolean; limit: number; offset: number }): Promise<RateApplyRow[]> {
  const order = indexOrder(page.direction);
  const terms = [order(rateApplications.createdAt), order(rateApplications.id)];
  if (page.submittedFirst) terms.unshift(desc(sql`(${rateApplications.status} = 'SUBMITTED')`));
  return selectApplications(db)
    .where(where)
    .orderBy(...terms)
    .limit(page.limit)
    .offset(page.offset);
}

export async function findRateApply(db: Db, id: number, tenantId: number | null): Promise<RateApplyRow | null> {
  const [row] = await selectApplications(db).where(and(eq(rateApplications.id, id), tenantId === null ? undefined : eq(rateApplications.tenantId, tenantId)));
  return row ?? null;
}

export function rateApplyExportBatch(db: Db, where: SQL | undefined, after: Cursor | null, limit: number): Promise<(RateApplyRow & { cursorTime: string })[]> {
  const order = indexOrder('desc');
  return db
    .select({ ...columns, cursorTime: cursorTimeOf(rateApplications.createdAt) })
    .from(rateApplications)
    .innerJoin(tenants, eq(tenants.id, rateApplications.tenantId))
    .leftJoin(creator, eq(creator.id, rateApplications.createdBy))
    .leftJoin(decider, eq(decider.id, rateApplications.decidedBy))
    .where(after ? and(where, afterCursor(rateApplications.createdAt, rateApplications.id, after)) : where)
    .orderBy(order(rateApplications.createdAt), order(rateApplications.id))
    .limit(limit);
}

/** Today's rate of the row's pair, as marketRates (service.ts) found it. */
export const marketOf = (row: RateApplyRow, market: Map<string, string | null>) => market.get(`${row.baseCurrency}/${row.quoteCurrency}`) ?? null;

export function toRateApplyRecord(row: RateApplyRow, market: Map<string, string | null>): RateApplyRecord {
  return {
    id: row.id,
    applyNo: row.applyNo,
    status: row.status,
    baseCurrency: row.baseCurrency,
    quoteCurrency: row.quoteCurrency,
    amount: amountText(row.amount, row.baseCurrency),
    requestedRate: trimDecimal(row.requestedRate),
    approvedRate: row.approvedRate === null ? null : trimDecimal(row.approvedRate),
    marketRate: marketOf(row, market),
    validUntil: iso(row.validUntil),
    reason: row.reason,
    decisionRemark: row.decisionRemark,
    createdBy: row.createdBy ?? '',
    decidedBy: row.decidedBy ?? '',
    decidedAt: iso(row.decidedAt),
    createdAt: iso(row.createdAt) ?? '',
    tenantId: row.tenantId,
    tenantName: row.tenantName,
  };
}

export async function countRateApplications(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(rateApplications).where(where);
  return Number(counted?.total ?? 0);
}

/** What a merchant asks for: the pair, the amount, the rate and why. */
export type RateApplyFields = { baseCurrency: CurrencyCode; quoteCurrency: CurrencyCode; amount: bigint; requestedRate: string; reason: string };

export async function insertRateApply(tx: Db, tenantId: number, createdBy: number, status: 'DRAFT' | 'SUBMITTED', fields: RateApplyFields): Promise<number> {
  const [created] = await tx
    .insert(rateApplications)
    .values({ tenantId, applyNo: financeNo('RA'), status, ...fields, createdBy })
    .returning({ id: rateApplications.id });
  return must(created, 'inserted rate application').id;
}

/**
 * The number of the tenant's application awaiting review that asks for exactly these currencies, amount and
 * rate, other than `exceptId`; null when there is none. A second such request is one click too many, not a
 * second need: the reviewer would decide the same thing twice.
 */
export async function pendingTwin(db: Db, tenantId: number, fields: RateApplyFields, exceptId?: number): Promise<string | null> {
  const [row] = await db
    .select({ applyNo: rateApplications.applyNo })
    .from(rateApplications)
    .where(
      and(
        eq(rateApplications.tenantId, tenantId),
        eq(rateApplications.status, 'SUBMITTED'),
        eq(rateApplications.baseCurrency, fields.baseCurrency),
        eq(rateApplications.quoteCurrency, fields.quoteCurrency),
        eq(rateApplications.amount, fields.amount),
        // numeric equality: 7.1 and 7.10 are one rate
        eq(rateApplications.requestedRate, fields.requestedRate),
        exceptId === undefined ? undefined : ne(rateApplications.id, exceptId),
      ),
    )
    .limit(1);
  return row?.applyNo ?? null;
}

/** Changes the tenant's draft (false: no such draft); the status condition makes the check and the change one step. */
export async function updateDraft(db: Db, id: number, tenantId: number, status: 'DRAFT' | 'SUBMITTED', fields: RateApplyFields): Promise<boolean> {
  const changed = await db
    .update(rateApplications)
    .set({ ...fields, status, updatedAt: sql`now()` })
    .where(and(eq(rateApplications.id, id), eq(rateApplications.tenantId, tenantId), eq(rateApplications.status, 'DRAFT')))
    .returning({ id: rateApplications.id });
  return changed.length > 0;
}

/** Moves the tenant's application from one of `from` to `to` (false: none such): two clicks cannot both pass. */
export async function moveRateApply(db: Db, id: number, tenantId: number, from: RateApplyStatus[], to: RateApplyStatus): Promise<boolean> {
  const changed = await db
    .update(rateApplications)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(rateApplications.id, id), eq(rateApplications.tenantId, tenantId), inArray(rateApplications.status, from)))
    .returning({ id: rateApplications.id });
  return changed.length > 0;
}

export type RateApplyDecision = { status: 'APPROVED'; approvedRate: string | undefined; validUntil: Date } | { status: 'REJECTED' };

/**
 * Decides a submitted application, never by the one who submitted it (false: none such), in one step;
 * approving without a rate grants the rate asked for.
 */
export async function decideRateApply(db: Db, id: number, decision: RateApplyDecision, remark: string | undefined, userId: number): Promise<boolean> {
  const values =
    decision.status === 'APPROVED' ? { status: decision.status, approvedRate: decision.approvedRate ?? sql`${rateApplications.requestedRate}`, validUntil: decision.validUntil } : { status: decision.status };
  const decided = await db
    .update(rateApplications)
    .set({ ...values, decisionRemark: remark, decidedBy: userId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(rateApplications.id, id), eq(rateApplications.status, 'SUBMITTED'), sql`${rateApplications.createdBy} is distinct from ${userId}`))
    .returning({ id: rateApplications.id });
  return decided.length > 0;
}

/**
 * The rate of the tenant's approved application `id` for exactly this pair, still valid at `at`, with
 * when it was decided; undefined when there is no such application.
 */
export async function approvedApplication(tx: Db, tenantId: number, id: number, from: CurrencyCode, to: CurrencyCode, at: Date): Promise<{ approvedRate: string | null; decidedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ approvedRate: rateApplications.approvedRate, decidedAt: rateApplications.decidedAt })
    .from(rateApplications)
    .where(
      and(
        eq(rateApplications.id, id),
        eq(rateApplications.tenantId, tenantId),
        eq(rateApplications.status, 'APPROVED'),
        eq(rateApplications.baseCurrency, from),
        eq(rateApplications.quoteCurrency, to),
        sql`(${rateApplications.validUntil} is null or ${rateApplications.validUntil} >= ${at.toISOString()})`,
      ),
    );
  return row;
}

/** The number of an application and the amount it was granted for. */
export async function applicationGrant(tx: Db, id: number): Promise<{ applyNo: string; amount: bigint } | undefined> {
  const [application] = await tx.select({ applyNo: rateApplications.applyNo, amount: rateApplications.amount }).from(rateApplications).where(eq(rateApplications.id, id));
  return application;
}
