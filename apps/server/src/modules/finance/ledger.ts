import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { CURRENCY_EXPONENTS, convertMinor, currencyFromMinor, type CurrencyCode } from '@portal/shared/money';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX, type AccountKind, type JournalKind } from '@portal/shared/finance';
import type { Db } from '../../db/client.ts';
import { accounts, entries, idempotencyKeys, journals } from '../../db/schema/finance.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';

/*
 * The ledger (decision 0007). Every movement of money is one `post` inside the caller's transaction:
 * a journal and its entries, which balance per currency. Wallet balances are cached on the account row
 * and changed with a guarded update, so a wallet can never go below zero, however many postings race.
 */

/** A transaction or the database: what every finance function works with. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const PLATFORM_TENANT = 0;

/** One side of a posting: `amount` minor units of `currency` into (+) or out of (-) an account. */
export type Leg = { accountId: number; kind: AccountKind; currency: CurrencyCode; amount: bigint };

export type JournalHead = {
  tenantId: number;
  kind: JournalKind;
  refNo: string;
  memo?: string;
  createdBy: number | null;
  reversesId?: number;
  /** the rate of a conversion in it (1 from = rate to), kept with the journal */
  rate?: string;
};

export type Posted = { journalId: number; postedAt: Date; /** wallet account id -> its balance after the posting */ balances: Map<number, bigint> };

/** The account of (tenant, kind, currency), created on first use. */
export async function accountId(tx: Tx, tenantId: number, kind: AccountKind, currency: CurrencyCode): Promise<number> {
  const found = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, kind), eq(accounts.currency, currency)));
  if (found[0]) return found[0].id;
  await tx.insert(accounts).values({ tenantId, kind, currency }).onConflictDoNothing();
  const created = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, kind), eq(accounts.currency, currency)));
  return must(created[0], 'account').id;
}

export async function walletLeg(tx: Tx, tenantId: number, currency: CurrencyCode, amount: bigint): Promise<Leg> {
  return { accountId: await accountId(tx, tenantId, 'WALLET', currency), kind: 'WALLET', currency, amount };
}

export async function platformLeg(tx: Tx, kind: Exclude<AccountKind, 'WALLET'>, currency: CurrencyCode, amount: bigint): Promise<Leg> {
  return { accountId: await accountId(tx, PLATFORM_TENANT, kind, currency), kind, currency, amount };
}

/**
 * The legs of converting `amount` of `from` (taken out of the account `source` names) into `to` at `rate`
 * (1 from = rate to), credited to `target`. The converted amount is rounded half to even; the FX account
 * takes the exact value truncated and the rounding account what rounding added, so each currency balances.
 */
export async function conversionLegs(
  tx: Tx,
  from: { currency: CurrencyCode; amount: bigint; leg: (amount: bigint) => Promise<Leg> },
  to: { currency: CurrencyCode; leg: (amount: bigint) => Promise<Leg> },
  rate: string,
): Promise<{ legs: Leg[]; converted: bigint }> {
  const conversion = convertMinor(from.amount, CURRENCY_EXPONENTS[from.currency], CURRENCY_EXPONENTS[to.currency], rate);
  const rounding = conversion.amount - conversion.truncated;
  const legs = [
    await from.leg(-from.amount),
    await platformLeg(tx, 'FX', from.currency, from.amount),
    await platformLeg(tx, 'FX', to.currency, -conversion.truncated),
    await to.leg(conversion.amount),
  ];
  if (rounding !== 0n) legs.push(await platformLeg(tx, 'ROUNDING', to.currency, -rounding));
  return { legs, converted: conversion.amount };
}

/**
 * Posts one journal in the caller's transaction. Wallets are changed in account id order (two postings
 * never wait on each other in a cycle); a wallet that would go below zero fails the whole transaction
 * with 409. The database checks the balance per currency again at commit.
 */
export async function post(tx: Tx, head: JournalHead, legs: Leg[]): Promise<Posted> {
  const perCurrency = new Map<CurrencyCode, bigint>();
  const perAccount = new Map<number, Leg>();
  for (const leg of legs) {
    if (leg.amount === 0n) continue;
    perCurrency.set(leg.currency, (perCurrency.get(leg.currency) ?? 0n) + leg.amount);
    const merged = perAccount.get(leg.accountId);
    perAccount.set(leg.accountId, merged ? { ...merged, amount: merged.amount + leg.amount } : { ...leg });
  }
  for (const [currency, sum] of perCurrency) if (sum !== 0n) throw new Error(`unbalanced posting in ${currency}: ${sum}`);
  const ordered = [...perAccount.values()].filter((leg) => leg.amount !== 0n).sort((a, b) => a.accountId - b.accountId);
  if (ordered.length === 0) throw new Error('empty posting');

  // everything that needs no lock first: the wallets' rows stay locked from their update to the commit
  const [journal] = await tx
    .insert(journals)
    .values({ tenantId: head.tenantId, kind: head.kind, refNo: head.refNo, memo: head.memo ?? '', createdBy: head.createdBy, reversesId: head.reversesId, rate: head.rate ?? null })
    .returning({ id: journals.id });
  const journalId = must(journal, 'journal').id;
  const tenantOf = await accountTenants(tx, ordered);

  const balances = new Map<number, bigint>();
  for (const leg of ordered) {
    if (leg.kind !== 'WALLET') continue;
    const changed = await tx
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + ${leg.amount}`, updatedAt: sql`now()` })
      .where(and(eq(accounts.id, leg.accountId), sql`${accounts.balance} + ${leg.amount} >= 0`))
      .returning({ balance: accounts.balance });
    if (!changed[0]) {
      const [row] = await tx.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.id, leg.accountId));
      throw conflict('walletInsufficient', {
        currency: leg.currency,
        balance: currencyFromMinor(row?.balance ?? 0n, leg.currency),
        amount: currencyFromMinor(-leg.amount, leg.currency),
      });
    }
    balances.set(leg.accountId, changed[0].balance);
  }

  const written = await tx
    .insert(entries)
    .values(
    ordered.map((leg) => ({
      journalId,
      accountId: leg.accountId,
      tenantId: must(tenantOf.get(leg.accountId), 'account tenant'),
      currency: leg.currency,
      amount: leg.amount,
      balanceAfter: balances.get(leg.accountId) ?? null,
    })),
    )
    .returning({ postedAt: entries.postedAt });
  return { journalId, postedAt: must(written[0], 'entry').postedAt, balances };
}

async function accountTenants(tx: Tx, legs: Leg[]): Promise<Map<number, number>> {
  const rows = await tx
    .select({ id: accounts.id, tenantId: accounts.tenantId })
    .from(accounts)
    .where(sql`${accounts.id} in (${sql.join(
      legs.map((leg) => sql`${leg.accountId}`),
      sql`, `,
    )})`);
  return new Map(rows.map((row) => [row.id, row.tenantId]));
}

/** Posts the exact opposite of a journal, naming it; a journal is reversed at most once (unique index). */
export async function reverse(tx: Tx, journalId: number, head: Omit<JournalHead, 'kind' | 'reversesId'>): Promise<Posted> {
  const lines = await tx
    .select({ accountId: entries.accountId, currency: entries.currency, amount: entries.amount, kind: accounts.kind })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(eq(entries.journalId, journalId));
  if (lines.length === 0) throw new Error(`journal ${journalId} has no entries`);
  return post(
    tx,
    { ...head, kind: 'REVERSAL', reversesId: journalId },
    lines.map((line) => ({ accountId: line.accountId, kind: line.kind, currency: line.currency, amount: -line.amount })),
  );
}

// ------------------------------------------------------------------ idempotency

/** The Idempotency-Key header of a money-moving request: required, 1 to 100 visible characters. */
export function idempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof value === 'string' ? value.trim() : '';
  if (!key || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) throw badRequest('idempotencyKeyRequired');
  return key;
}

/**
 * Runs `work` once per (tenant, key) in one transaction with what it changes. The same key and the same
 * request answers the first answer (also while the first is still running: the second waits for it);
 * the same key with another request is 409. A failure stores nothing, so a retry runs again.
 */
export async function once<T>(db: Db, scope: { tenantId: number; userId: number; key: string; route: string; body: unknown }, work: (tx: Tx) => Promise<T>): Promise<T> {
  const requestHash = createHash('sha256')
    .update(scope.route)
    .update('\n')
    .update(JSON.stringify(scope.body ?? null))
    .digest('hex');
  for (let attempt = 1; ; attempt++) {
    try {
      return await onceInTransaction(db, scope, requestHash, work);
    } catch (error) {
      // a wallet's first posting creates its account; two such first postings may deadlock on each
      // other's new rows, and PostgreSQL then cancels one: it changed nothing, so it runs again
      if (attempt >= RETRIES || !isRetryable(error)) throw error;
    }
  }
}

const RETRIES = 3;
const isRetryable = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
};

async function onceInTransaction<T>(db: Db, scope: { tenantId: number; userId: number; key: string }, requestHash: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ tenantId: scope.tenantId, key: scope.key, userId: scope.userId, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!inserted[0]) {
      const [first] = await tx
        .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, scope.key)));
      if (!first || first.requestHash !== requestHash) throw conflict('idempotencyKeyReused');
      return first.response as T;
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object })
      .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, scope.key)));
    return result;
  });
}

type FinancePrefix = 'RC' | 'PY' | 'RF' | 'RA' | 'PO' | 'CV';

/** RC / PY / RF / RA / PO / CV + the UTC date as yymmdd + 8 digits of the finance sequence: a value for inserts. */
export const financeNo = (prefix: FinancePrefix) =>
  sql<string>`${prefix} || to_char(now() at time zone 'UTC', 'YYMMDD') || lpad((nextval('fin_no_seq') % 100000000)::text, 8, '0')`;

/** The same number on its own, for a record that is only a journal (a conversion). */
export async function nextFinanceNo(tx: Tx, prefix: FinancePrefix): Promise<string> {
  const [row] = await tx.select({ no: financeNo(prefix) }).from(sql`(select 1) as one`);
  return must(row, 'finance number').no;
}
