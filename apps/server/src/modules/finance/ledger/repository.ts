import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accounts, entries, journals } from '../../../db/schema/finance.ts';
import { must } from '../../../lib/must.ts';
import { accountKey, type JournalHead, type Leg } from './model.ts';
import { rawRows } from '../../../lib/raw-rows.ts';

// ------------------------------------------------------------------ accounts, journals, entries

/**
 * The ids of the legs' accounts in one query; a wallet's first posting creates it. (The platform's
 * accounts exist from the start: see syncLogisticsReference.)
 */
export async function accountIds(tx: Db, legs: Leg[]): Promise<Map<string, number>> {
  const wanted = [...new Map(legs.map((leg) => [accountKey(leg), leg])).values()];
  const find = async () => {
    const rows = await tx
      .select({ id: accounts.id, tenantId: accounts.tenantId, kind: accounts.kind, currency: accounts.currency })
      .from(accounts)
      .where(
        sql`(${accounts.tenantId}, ${accounts.kind}, ${accounts.currency}) in (${sql.join(
          wanted.map((leg) => sql`(${leg.tenantId}::int, ${leg.kind}::varchar, ${leg.currency}::varchar)`),
          sql`, `,
        )})`,
      );
    return new Map(rows.map((row) => [accountKey(row), row.id]));
  };
  let ids = await find();
  const missing = wanted.filter((leg) => !ids.has(accountKey(leg)));
  if (missing.length > 0) {
    await tx
      .insert(accounts)
      .values(missing.map((leg) => ({ tenantId: leg.tenantId, kind: leg.kind, currency: leg.currency })))
      .onConflictDoNothing();
    ids = await find();
  }
  return ids;
}

export async function insertJournal(tx: Db, head: JournalHead): Promise<number> {
  const [journal] = await tx
    .insert(journals)
    .values({ tenantId: head.tenantId, kind: head.kind, refNo: head.refNo, memo: head.memo ?? '', createdBy: head.createdBy, reversesId: head.reversesId, rate: head.rate ?? null })
    .returning({ id: journals.id });
  return must(journal, 'journal').id;
}

/** Adds `amount` to a wallet's cached balance unless that takes it below zero: the new balance, or null. */
export async function addToWallet(tx: Db, accountId: number, amount: bigint): Promise<bigint | null> {
  const changed = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(accounts.id, accountId), sql`${accounts.balance} + ${amount} >= 0`))
    .returning({ balance: accounts.balance });
  return changed[0]?.balance ?? null;
}

export async function accountBalance(tx: Db, accountId: number): Promise<bigint | null> {
  const [row] = await tx.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.id, accountId));
  return row?.balance ?? null;
}

/** Writes a journal's entries (a wallet's with its balance after); answers when they were posted. */
export async function insertEntries(tx: Db, journalId: number, legs: (Leg & { accountId: number })[], balanceOf: Map<number, bigint>): Promise<Date> {
  const written = await tx
    .insert(entries)
    .values(
      legs.map((leg) => ({
        journalId,
        accountId: leg.accountId,
        tenantId: leg.tenantId,
        currency: leg.currency,
        amount: leg.amount,
        balanceAfter: balanceOf.get(leg.accountId) ?? null,
      })),
    )
    .returning({ postedAt: entries.postedAt });
  return must(written[0], 'entry').postedAt;
}

/** A journal's entries as the legs that posted them. */
export async function journalLegs(tx: Db, journalId: number): Promise<Leg[]> {
  const lines = await tx
    .select({ tenantId: entries.tenantId, currency: entries.currency, amount: entries.amount, kind: accounts.kind })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(eq(entries.journalId, journalId));
  return lines.map((line) => ({ tenantId: line.tenantId, kind: line.kind, currency: line.currency, amount: line.amount }));
}

// ------------------------------------------------------------------ finance numbers

type FinancePrefix = 'RC' | 'PY' | 'RF' | 'RA' | 'PO' | 'CV';

/** RC / PY / RF / RA / PO / CV + the UTC date as yymmdd + 8 digits of the finance sequence: a value for inserts. */
export const financeNo = (prefix: FinancePrefix) =>
  sql<string>`${prefix} || to_char(now() at time zone 'UTC', 'YYMMDD') || lpad((nextval('fin_no_seq') % 100000000)::text, 8, '0')`;

/** The same number on its own, for a record that is only a journal (a conversion). */
export async function nextFinanceNo(tx: Db, prefix: FinancePrefix): Promise<string> {
  const [row] = await tx.select({ no: financeNo(prefix) }).from(sql`(select 1) as one`);
  return must(row, 'finance number').no;
}

// ------------------------------------------------------------------ the audit

/**
 * The ledger's invariants (docs/decisions/0007), as SQL over the whole database: each answers the rows
 * that break it, so a failing check names the culprits. The proofs run it after every random sequence,
 * the payment bench after its load; an operator can run it on a live database (read-only).
 */
export const LEDGER_INVARIANTS = {
  'every journal balances per currency': sql`select journal_id, currency, sum(amount)::text as sum from fin_entry group by journal_id, currency having sum(amount) <> 0`,
  'the sum over all accounts is zero per currency': sql`select currency, sum(amount)::text as sum from fin_entry group by currency having sum(amount) <> 0`,
  'every journal has entries': sql`select j.id from fin_journal j where not exists (select 1 from fin_entry e where e.journal_id = j.id)`,
  'cached wallet balances equal the sums of their entries': sql`
    select a.id, a.balance::text, coalesce(s.sum, 0)::text as entries
    from fin_account a left join (select account_id, sum(amount) as sum from fin_entry group by account_id) s on s.account_id = a.id
    where a.kind = 'WALLET' and a.balance <> coalesce(s.sum, 0)`,
  'no wallet is negative': sql`select id, balance::text from fin_account where kind = 'WALLET' and balance < 0`,
  // the running balance of finance details: each wallet entry's balance_after is the sum up to it
  'running balances follow the entries and never dip below zero': sql`
    select id, account_id, balance_after::text, running::text from (
      select e.id, e.account_id, e.balance_after, sum(e.amount) over (partition by e.account_id order by e.id) as running
      from fin_entry e join fin_account a on a.id = e.account_id where a.kind = 'WALLET') w
    where balance_after is distinct from running or running < 0`,
  'entries carry their account’s tenant and currency': sql`
    select e.id from fin_entry e join fin_account a on a.id = e.account_id where e.tenant_id <> a.tenant_id or e.currency <> a.currency`,
  'no business record is posted twice': sql`select ref_no, count(*)::int from fin_journal where kind <> 'REVERSAL' group by ref_no having count(*) > 1`,
  // "the rate used is stored on each transaction": every journal that went through the FX desk keeps it
  'a converting journal keeps its rate': sql`
    select j.id from fin_journal j
    where j.kind <> 'REVERSAL' and j.rate is null
      and exists (select 1 from fin_entry e join fin_account a on a.id = e.account_id where e.journal_id = j.id and a.kind = 'FX')`,
  'a reversal is the exact opposite of what it reverses': sql`
    select r.id from fin_journal r
    where r.kind = 'REVERSAL' and exists (
      select account_id, sum(amount) from fin_entry where journal_id in (r.id, r.reverses_id) group by account_id having sum(amount) <> 0)`,
} as const;

export type InvariantName = keyof typeof LEDGER_INVARIANTS;

/** The invariants that do not hold, each with up to 5 offending rows (an empty object when all hold). */
export async function auditLedger(db: Db): Promise<Partial<Record<InvariantName, unknown[]>>> {
  const broken: Partial<Record<InvariantName, unknown[]>> = {};
  for (const [name, query] of Object.entries(LEDGER_INVARIANTS) as [InvariantName, (typeof LEDGER_INVARIANTS)[InvariantName]][]) {
    const rows = await rawRows<unknown>(db, sql`${query} limit 5`);
    if (rows.length > 0) broken[name] = rows;
  }
  return broken;
}
