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

/** One side of a posting: `amount` minor units of `currency` into (+) or out of (-) the account (tenant, kind, currency). */
export type Leg = { tenantId: number; kind: AccountKind; currency: CurrencyCode; amount: bigint };

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

export type Posted = {
  journalId: number;
  postedAt: Date;
  /** each wallet's balance after the posting, by walletKey(tenant, currency) */
  balances: Map<string, bigint>;
};

export const walletKey = (tenantId: number, currency: CurrencyCode) => `${tenantId}:${currency}`;

export const walletLeg = (tenantId: number, currency: CurrencyCode, amount: bigint): Leg => ({ tenantId, kind: 'WALLET', currency, amount });

export const platformLeg = (kind: Exclude<AccountKind, 'WALLET'>, currency: CurrencyCode, amount: bigint): Leg => ({ tenantId: PLATFORM_TENANT, kind, currency, amount });

const accountKey = (leg: Pick<Leg, 'tenantId' | 'kind' | 'currency'>) => `${leg.tenantId}:${leg.kind}:${leg.currency}`;

/**
 * The ids of the legs' accounts in one query; a wallet's first posting creates it. (The platform's
 * accounts exist from the start: see syncLogisticsReference.)
 */
async function accountIds(tx: Tx, legs: Leg[]): Promise<Map<string, number>> {
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

/**
 * The legs of converting `amount` of `from` (taken out of the account `source` names) into `to` at `rate`
 * (1 from = rate to), credited to `target`. The converted amount is rounded half to even; the FX account
 * takes the exact value truncated and the rounding account what rounding added, so each currency balances.
 */
export function conversionLegs(
  from: { currency: CurrencyCode; amount: bigint; leg: (amount: bigint) => Leg },
  to: { currency: CurrencyCode; leg: (amount: bigint) => Leg },
  rate: string,
): { legs: Leg[]; converted: bigint } {
  const conversion = convertMinor(from.amount, CURRENCY_EXPONENTS[from.currency], CURRENCY_EXPONENTS[to.currency], rate);
  const rounding = conversion.amount - conversion.truncated;
  const legs = [
    from.leg(-from.amount),
    platformLeg('FX', from.currency, from.amount),
    platformLeg('FX', to.currency, -conversion.truncated),
    to.leg(conversion.amount),
  ];
  if (rounding !== 0n) legs.push(platformLeg('ROUNDING', to.currency, -rounding));
  return { legs, converted: conversion.amount };
}

/**
 * Posts one journal in the caller's transaction. Wallets are changed in account id order (two postings
 * never wait on each other in a cycle); a wallet that would go below zero fails the whole transaction
 * with 409. The database checks the balance per currency again at commit.
 */
export async function post(tx: Tx, head: JournalHead, legs: Leg[]): Promise<Posted> {
  const perCurrency = new Map<CurrencyCode, bigint>();
  for (const leg of legs) perCurrency.set(leg.currency, (perCurrency.get(leg.currency) ?? 0n) + leg.amount);
  for (const [currency, sum] of perCurrency) if (sum !== 0n) throw new Error(`unbalanced posting in ${currency}: ${sum}`);

  // everything that needs no lock first: the wallets' rows stay locked from their update to the commit
  const ids = await accountIds(tx, legs);
  const perAccount = new Map<number, Leg & { accountId: number }>();
  for (const leg of legs) {
    const accountId = must(ids.get(accountKey(leg)), 'account');
    const merged = perAccount.get(accountId);
    perAccount.set(accountId, { ...leg, accountId, amount: (merged?.amount ?? 0n) + leg.amount });
  }
  const ordered = [...perAccount.values()].filter((leg) => leg.amount !== 0n).sort((a, b) => a.accountId - b.accountId);
  if (ordered.length === 0) throw new Error('empty posting');
  const [journal] = await tx
    .insert(journals)
    .values({ tenantId: head.tenantId, kind: head.kind, refNo: head.refNo, memo: head.memo ?? '', createdBy: head.createdBy, reversesId: head.reversesId, rate: head.rate ?? null })
    .returning({ id: journals.id });
  const journalId = must(journal, 'journal').id;

  const balanceOf = new Map<number, bigint>();
  const balances = new Map<string, bigint>();
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
    balanceOf.set(leg.accountId, changed[0].balance);
    balances.set(walletKey(leg.tenantId, leg.currency), changed[0].balance);
  }

  const written = await tx
    .insert(entries)
    .values(
      ordered.map((leg) => ({
        journalId,
        accountId: leg.accountId,
        tenantId: leg.tenantId,
        currency: leg.currency,
        amount: leg.amount,
        balanceAfter: balanceOf.get(leg.accountId) ?? null,
      })),
    )
    .returning({ postedAt: entries.postedAt });
  return { journalId, postedAt: must(written[0], 'entry').postedAt, balances };
}

/** Posts the exact opposite of a journal, naming it; a journal is reversed at most once (unique index). */
export async function reverse(tx: Tx, journalId: number, head: Omit<JournalHead, 'kind' | 'reversesId'>): Promise<Posted> {
  const lines = await tx
    .select({ tenantId: entries.tenantId, currency: entries.currency, amount: entries.amount, kind: accounts.kind })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(eq(entries.journalId, journalId));
  if (lines.length === 0) throw new Error(`journal ${journalId} has no entries`);
  return post(
    tx,
    { ...head, kind: 'REVERSAL', reversesId: journalId },
    lines.map((line) => ({ tenantId: line.tenantId, kind: line.kind, currency: line.currency, amount: -line.amount })),
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
