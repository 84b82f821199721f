import { iso } from '../../../lib/iso.ts';
import type { Db } from '../../../db/client.ts';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import { FINANCE_TIME_ZONE } from '@portal/shared/finance';
import type { Page } from '@portal/shared/api';
import type { StatementRecord } from '@portal/shared/finance-schemas';
import { accounts, entries, journals, statements } from '../../../db/schema/finance.ts';
import { tenants, users } from '../../../db/schema/sys.ts';
import { indexOrder, type Direction } from '../../../lib/index-order.ts';
import { dateRange, pageOf } from '../../../lib/list.ts';
import { cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { detailColumns, type DetailRow } from '../details/repository.ts';
import { amountText } from '../money.ts';
import { personName } from '../repository.ts';

/*
 * Monthly statements of a wallet (decision 0007): the figures always come from the entries of the month,
 * months being those of the business time zone (Asia/Shanghai), so the same past month gives the same
 * figures whenever it is generated, and opening + credits + debits = closing.
 */

/** credits: the sum of the month's entries into the wallet (>= 0); debits: of those out of it, negative (<= 0). */
export type Figures = { opening: bigint; credits: bigint; debits: bigint; closing: bigint; entryCount: number };

const ZERO: Figures = { opening: 0n, credits: 0n, debits: 0n, closing: 0n, entryCount: 0 };

/** The first instant of `month` (YYYY-MM, validated) and of the month after, in the business time zone. */
export const monthStart = (month: string): SQL => sql`(${`${month}-01`}::timestamp at time zone ${FINANCE_TIME_ZONE})`;
export const monthEnd = (month: string): SQL => sql`((${`${month}-01`}::timestamp + interval '1 month') at time zone ${FINANCE_TIME_ZONE})`;

const monthFormat = new Intl.DateTimeFormat('sv-SE', { timeZone: FINANCE_TIME_ZONE, year: 'numeric', month: '2-digit' });
/** The business time zone's month now: later ones have not begun, earlier ones are over. */
export const currentMonth = (now: Date = new Date()): string => monthFormat.format(now);

export async function walletAccount(db: Db, tenantId: number, currency: CurrencyCode): Promise<number | null> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), eq(accounts.currency, currency)));
  return row?.id ?? null;
}

/** The month's figures from the wallet's entries (fin_entry_account_idx: account, posting time). */
export async function monthFigures(db: Db, accountId: number | null, month: string): Promise<Figures> {
  if (accountId === null) return ZERO;
  const start = monthStart(month);
  const inMonth = sql`${entries.postedAt} >= ${start}`;
  const [row] = await db
    .select({
      opening: sql<string>`coalesce(sum(${entries.amount}) filter (where ${entries.postedAt} < ${start}), 0)::text`,
      credits: sql<string>`coalesce(sum(${entries.amount}) filter (where ${inMonth} and ${entries.amount} > 0), 0)::text`,
      debits: sql<string>`coalesce(sum(${entries.amount}) filter (where ${inMonth} and ${entries.amount} < 0), 0)::text`,
      entryCount: sql<number>`(count(*) filter (where ${inMonth}))::int`,
    })
    .from(entries)
    .where(and(eq(entries.accountId, accountId), lt(entries.postedAt, monthEnd(month))));
  if (!row) return ZERO;
  const opening = BigInt(row.opening);
  const credits = BigInt(row.credits);
  const debits = BigInt(row.debits);
  return { opening, credits, debits, closing: opening + credits + debits, entryCount: Number(row.entryCount) };
}

export const sameFigures = (a: Figures, b: Figures): boolean =>
  a.opening === b.opening && a.credits === b.credits && a.debits === b.debits && a.closing === b.closing && a.entryCount === b.entryCount;

/** The month's movements oldest first, after `after` (posting time, id). */
export function monthLines(db: Db, accountId: number, month: string, after: Cursor | null, limit: number): Promise<(DetailRow & { cursorTime: string })[]> {
  return db
    .select({ ...detailColumns, cursorTime: cursorTimeOf(entries.postedAt) })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .innerJoin(journals, eq(journals.id, entries.journalId))
    .innerJoin(tenants, eq(tenants.id, entries.tenantId))
    .where(
      and(
        eq(entries.accountId, accountId),
        gte(entries.postedAt, monthStart(month)),
        lt(entries.postedAt, monthEnd(month)),
        // the cursor time is PostgreSQL's own text: its microseconds survive, which a Date would lose
        after ? sql`(${entries.postedAt}, ${entries.id}) > (${after.time}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(entries.postedAt), asc(entries.id))
    .limit(limit);
}

// ------------------------------------------------------------------ stored statements

export type StatementFilters = { currency?: CurrencyCode; month?: string; createdAt_begin?: string; createdAt_end?: string };

function statementWhere(tenantId: number, filters: StatementFilters): SQL | undefined {
  return and(
    eq(statements.tenantId, tenantId),
    filters.currency ? eq(statements.currency, filters.currency) : undefined,
    filters.month ? eq(statements.month, filters.month) : undefined,
    ...dateRange(statements.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

const statementColumns = {
  id: statements.id,
  tenantId: statements.tenantId,
  month: statements.month,
  currency: statements.currency,
  opening: statements.opening,
  credits: statements.credits,
  debits: statements.debits,
  closing: statements.closing,
  entryCount: statements.entryCount,
  remark: statements.remark,
  generatedBy: personName(users),
  generatedAt: statements.generatedAt,
};

export type StatementRow = Figures & { id: number; tenantId: number; month: string; currency: CurrencyCode; remark: string; generatedBy: string | null; generatedAt: Date };

const statementsFrom = (db: Db) => db.select(statementColumns).from(statements).leftJoin(users, eq(users.id, statements.generatedBy));

/** Newest month first (fin_statement_tenant_idx), currencies in a month by id. */
function statementRows(db: Db, tenantId: number, filters: StatementFilters, page: { direction: Direction; limit: number; offset: number }): Promise<StatementRow[]> {
  const order = indexOrder(page.direction);
  return statementsFrom(db)
    .where(statementWhere(tenantId, filters))
    .orderBy(order(statements.month), order(statements.id))
    .limit(page.limit)
    .offset(page.offset);
}

async function countStatements(db: Db, tenantId: number, filters: StatementFilters): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(statements).where(statementWhere(tenantId, filters));
  return Number(counted?.total ?? 0);
}

/** The tenant's statements with the figures as generated, newest month first unless asked otherwise. */
export async function statementPage(db: Db, tenantId: number, body: StatementFilters & { pageNo: number; pageSize: number; order?: Direction }): Promise<Page<StatementRecord>> {
  const [rows, total] = await Promise.all([
    statementRows(db, tenantId, body, { direction: body.order ?? 'desc', limit: body.pageSize, offset: (body.pageNo - 1) * body.pageSize }),
    countStatements(db, tenantId, body),
  ]);
  return pageOf(
    rows.map((row) => toStatementRecord(row)),
    total,
    body.pageNo,
    body.pageSize,
  );
}

export async function findStatement(db: Db, id: number, tenantId: number): Promise<StatementRow | null> {
  const [row] = await statementsFrom(db).where(and(eq(statements.id, id), eq(statements.tenantId, tenantId)));
  return row ?? null;
}

/** Stores the month as generated now (one row per tenant, currency and month). */
export async function upsertStatement(db: Db, head: { tenantId: number; currency: CurrencyCode; month: string; remark: string; userId: number }, figures: Figures): Promise<number> {
  const values = { opening: figures.opening, credits: figures.credits, debits: figures.debits, closing: figures.closing, entryCount: figures.entryCount, remark: head.remark, generatedBy: head.userId };
  const [row] = await db
    .insert(statements)
    .values({ tenantId: head.tenantId, currency: head.currency, month: head.month, ...values })
    .onConflictDoUpdate({ target: [statements.tenantId, statements.currency, statements.month], set: { ...values, generatedAt: sql`now()` } })
    .returning({ id: statements.id });
  if (!row) throw new Error('statement upsert returned nothing');
  return row.id;
}

export function toStatementRecord(row: StatementRow, figures: Figures = row): StatementRecord {
  const money = (minor: bigint) => amountText(minor, row.currency);
  return {
    id: row.id,
    month: row.month,
    currency: row.currency,
    opening: money(figures.opening),
    credits: money(figures.credits),
    debits: money(figures.debits),
    closing: money(figures.closing),
    entryCount: figures.entryCount,
    remark: row.remark,
    generatedBy: row.generatedBy ?? '',
    generatedAt: iso(row.generatedAt) ?? '',
  };
}
