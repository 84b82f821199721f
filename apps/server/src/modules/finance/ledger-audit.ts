import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

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
    const result = (await db.execute(sql`${query} limit 5`)) as unknown as { rows: unknown[] };
    if (result.rows.length > 0) broken[name] = result.rows;
  }
  return broken;
}
