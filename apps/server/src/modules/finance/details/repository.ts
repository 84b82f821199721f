import { iso } from '../../../lib/iso.ts';
import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import type { AccountKind, JournalKind } from '@portal/shared/finance';
import type { Page } from '@portal/shared/api';
import type { AccountRecord, DetailRecord, PlatformDetailRecord } from '@portal/shared/finance-schemas';
import type { Db } from '../../../db/client.ts';
import { accounts, entries, journals } from '../../../db/schema/finance.ts';
import { tenants } from '../../../db/schema/sys.ts';
import { indexOrder, type Direction } from '../../../lib/index-order.ts';
import { dateRange, issuedNumberSearch, pageOf } from '../../../lib/list.ts';
import { EXPORT_BATCH, type Cursor } from '../../../lib/xlsx.ts';
import { amountText } from '../money.ts';

/* The queries of the finance details (the entries of wallets, and of the platform's own accounts) and of the account list. */

export type DetailFilters = {
  currency?: CurrencyCode;
  kind?: JournalKind;
  refNo?: string;
  postedAt_begin?: string;
  postedAt_end?: string;
  createdAt_begin?: string;
  createdAt_end?: string;
  tenantId?: number;
};

/**
 * Whose entries: a merchant's wallets (`tenantId`), or for the platform (`tenantId` null) every wallet,
 * one tenant's by the filter, or the platform's own accounts when the filter asks for tenant 0.
 */
function detailWhere(tenantId: number | null, filters: DetailFilters): SQL | undefined {
  const owner = tenantId ?? filters.tenantId;
  return and(
    owner === undefined ? undefined : eq(entries.tenantId, owner),
    owner === 0 ? ne(accounts.kind, 'WALLET') : eq(accounts.kind, 'WALLET'),
    filters.currency ? eq(entries.currency, filters.currency) : undefined,
    filters.kind ? eq(journals.kind, filters.kind) : undefined,
    issuedNumberSearch(journals.refNo, filters.refNo),
    // an entry is created when it is posted: both ranges mean the posting time
    ...dateRange(entries.postedAt, filters.postedAt_begin, filters.postedAt_end),
    ...dateRange(entries.postedAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

export const detailColumns = {
  id: entries.id,
  journalId: entries.journalId,
  kind: journals.kind,
  refNo: journals.refNo,
  memo: journals.memo,
  currency: entries.currency,
  amount: entries.amount,
  balanceAfter: entries.balanceAfter,
  postedAt: entries.postedAt,
  tenantId: entries.tenantId,
  tenantName: tenants.name,
  accountKind: accounts.kind,
};

export type DetailRow = {
  id: number;
  journalId: number;
  kind: JournalKind;
  refNo: string;
  memo: string;
  currency: CurrencyCode;
  amount: bigint;
  balanceAfter: bigint | null;
  postedAt: Date;
  tenantId: number;
  tenantName: string;
  accountKind: AccountKind;
};

const detailsFrom = (db: Db) =>
  db
    .select(detailColumns)
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .innerJoin(journals, eq(journals.id, entries.journalId))
    .innerJoin(tenants, eq(tenants.id, entries.tenantId));

/** Newest first by entry id, the posting order (fin_entry_tenant_idx within a tenant). */
async function detailRows(db: Db, tenantId: number | null, filters: DetailFilters, page: { direction: Direction; limit: number; offset: number }): Promise<DetailRow[]> {
  return detailsFrom(db)
    .where(detailWhere(tenantId, filters))
    .orderBy(indexOrder(page.direction)(entries.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countDetails(db: Db, tenantId: number | null, filters: DetailFilters): Promise<number> {
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .innerJoin(journals, eq(journals.id, entries.journalId))
    .where(detailWhere(tenantId, filters));
  return Number(counted?.total ?? 0);
}

type Paging = { pageNo: number; pageSize: number; order?: Direction };
const rowsOf = (body: Paging, fallback: Direction) => ({ direction: body.order ?? fallback, limit: body.pageSize, offset: (body.pageNo - 1) * body.pageSize });

/** The caller tenant's wallet movements, newest first unless asked otherwise. */
export async function detailPage(db: Db, tenantId: number, body: DetailFilters & Paging): Promise<Page<DetailRecord>> {
  const [rows, total] = await Promise.all([detailRows(db, tenantId, body, rowsOf(body, 'desc')), countDetails(db, tenantId, body)]);
  return pageOf(
    rows.map((row) => toDetailRecord(row)),
    total,
    body.pageNo,
    body.pageSize,
  );
}

/** Every tenant's wallet movements, one tenant's, or (tenantId 0) the platform's own accounts'. */
export async function platformDetailPage(db: Db, body: DetailFilters & Paging): Promise<Page<PlatformDetailRecord>> {
  const [rows, total] = await Promise.all([detailRows(db, null, body, rowsOf(body, 'desc')), countDetails(db, null, body)]);
  return pageOf(rows.map(toPlatformDetailRecord), total, body.pageNo, body.pageSize);
}

/** Entry ids only grow with the posting order, so the id alone is the export's keyset. */
export function detailExportBatch(db: Db, tenantId: number, filters: DetailFilters, after: Cursor | null, limit: number): Promise<(DetailRow & { cursorTime: string })[]> {
  const where = detailWhere(tenantId, filters);
  return detailsFrom(db)
    .where(after ? and(where, lt(entries.id, after.id)) : where)
    .orderBy(indexOrder('desc')(entries.id))
    .limit(limit)
    .then((rows) => rows.map((row) => ({ ...row, cursorTime: '' })));
}

/** A wallet movement; `balance` overrides the stored running balance (a statement counts its own). */
export function toDetailRecord(row: DetailRow, balance: bigint | null = row.balanceAfter): DetailRecord {
  return {
    id: row.id,
    journalId: row.journalId,
    kind: row.kind,
    refNo: row.refNo,
    memo: row.memo,
    currency: row.currency,
    amount: amountText(row.amount, row.currency),
    // a wallet entry always has its balance; '' only guards a row the query should never return
    balance: balance === null ? '' : amountText(balance, row.currency),
    postedAt: iso(row.postedAt) ?? '',
    tenantId: row.tenantId,
    tenantName: row.tenantName,
  };
}

export function toPlatformDetailRecord(row: DetailRow): PlatformDetailRecord {
  return { ...toDetailRecord(row), balance: row.balanceAfter === null ? null : amountText(row.balanceAfter, row.currency), accountKind: row.accountKind };
}

// ------------------------------------------------------------------ accounts

export type AccountFilters = { tenantId?: number; currency?: CurrencyCode; kind?: AccountKind; createdAt_begin?: string; createdAt_end?: string };

function accountWhere(filters: AccountFilters): SQL | undefined {
  return and(
    filters.tenantId === undefined ? undefined : eq(accounts.tenantId, filters.tenantId),
    filters.currency ? eq(accounts.currency, filters.currency) : undefined,
    filters.kind ? eq(accounts.kind, filters.kind) : undefined,
    ...dateRange(accounts.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

/**
 * A wallet's balance is its cached one; the platform's accounts keep none (every payment would wait on
 * one row), so theirs is the sum of their entries, and their last posting is their last change.
 */
const accountColumns = {
  id: accounts.id,
  tenantId: accounts.tenantId,
  tenantName: tenants.name,
  kind: accounts.kind,
  currency: accounts.currency,
  balance: sql<string>`(case when ${accounts.kind} = 'WALLET' then ${accounts.balance}
    else (select coalesce(sum(${entries.amount}), 0) from ${entries} where ${entries.accountId} = ${accounts.id}) end)::text`,
  updatedAt: sql<Date>`(case when ${accounts.kind} = 'WALLET' then ${accounts.updatedAt}
    else coalesce((select max(${entries.postedAt}) from ${entries} where ${entries.accountId} = ${accounts.id}), ${accounts.updatedAt}) end)`.mapWith(accounts.updatedAt),
};

export type AccountRow = { id: number; tenantId: number; tenantName: string; kind: AccountKind; currency: CurrencyCode; balance: string; updatedAt: Date };

const accountsFrom = (db: Db) => db.select(accountColumns).from(accounts).innerJoin(tenants, eq(tenants.id, accounts.tenantId));

export async function countAccounts(db: Db, filters: AccountFilters): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(accounts).where(accountWhere(filters));
  return Number(counted?.total ?? 0);
}

/** The platform's accounts first, then each tenant's, by kind and currency (fin_account_uq's order). */
async function accountRows(db: Db, filters: AccountFilters, page: { direction: Direction; limit: number; offset: number }): Promise<AccountRow[]> {
  const order = indexOrder(page.direction);
  return accountsFrom(db)
    .where(accountWhere(filters))
    .orderBy(order(accounts.tenantId), order(accounts.kind), order(accounts.currency))
    .limit(page.limit)
    .offset(page.offset);
}

/** Every account with its balance, by tenant, kind and currency unless asked otherwise. */
export async function accountPage(db: Db, body: AccountFilters & Paging): Promise<Page<AccountRecord>> {
  const [rows, total] = await Promise.all([accountRows(db, body, rowsOf(body, 'asc')), countAccounts(db, body)]);
  return pageOf(rows.map(toAccountRecord), total, body.pageNo, body.pageSize);
}

/** Every matching account, batch after batch on the unique (tenant, kind, currency). */
export async function* accountBatches(db: Db, filters: AccountFilters): AsyncGenerator<AccountRow[]> {
  const where = accountWhere(filters);
  let after: AccountRow | undefined;
  for (;;) {
    const rows: AccountRow[] = await accountsFrom(db)
      .where(and(where, after ? sql`(${accounts.tenantId}, ${accounts.kind}, ${accounts.currency}) > (${after.tenantId}::int, ${after.kind}::varchar, ${after.currency}::varchar)` : undefined))
      .orderBy(accounts.tenantId, accounts.kind, accounts.currency)
      .limit(EXPORT_BATCH);
    if (rows.length > 0) yield rows;
    after = rows.at(-1);
    if (!after || rows.length < EXPORT_BATCH) return;
  }
}

export function toAccountRecord(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    kind: row.kind,
    currency: row.currency,
    balance: amountText(row.balance, row.currency),
    updatedAt: iso(row.updatedAt) ?? '',
  };
}
