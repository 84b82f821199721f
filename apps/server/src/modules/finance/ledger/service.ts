import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { currencyFromMinor, type CurrencyCode } from '@portal/shared/money';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX } from '@portal/shared/finance';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { emitWalletChanges } from '../../../lib/push-events.ts';
import { accountKey, walletKey, type JournalHead, type Leg, type Posted } from './model.ts';
import { accountBalance, accountIds, addToWallet, claimKey, firstAnswer, insertEntries, insertJournal, journalLegs, storeAnswer } from './repository.ts';

/*
 * The ledger (decision 0007). Every movement of money is one `post` inside the caller's transaction:
 * a journal and its entries, which balance per currency. Wallet balances are cached on the account row
 * and changed with a guarded update, so a wallet can never go below zero, however many postings race.
 */

/**
 * Posts one journal in the caller's transaction. Wallets are changed in account id order (two postings
 * never wait on each other in a cycle); a wallet that would go below zero fails the whole transaction
 * with 409. The database checks the balance per currency again at commit.
 */
export async function post(tx: Db, head: JournalHead, legs: Leg[]): Promise<Posted> {
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
  const journalId = await insertJournal(tx, head);

  const balanceOf = new Map<number, bigint>();
  const balances = new Map<string, bigint>();
  for (const leg of ordered) {
    if (leg.kind !== 'WALLET') continue;
    const balance = await addToWallet(tx, leg.accountId, leg.amount);
    if (balance === null) {
      throw conflict('walletInsufficient', {
        currency: leg.currency,
        balance: currencyFromMinor((await accountBalance(tx, leg.accountId)) ?? 0n, leg.currency),
        amount: currencyFromMinor(-leg.amount, leg.currency),
      });
    }
    balanceOf.set(leg.accountId, balance);
    balances.set(walletKey(leg.tenantId, leg.currency), balance);
  }

  const postedAt = await insertEntries(tx, journalId, ordered, balanceOf);
  // each merchant wallet this posting changed is told of it, in the posting's transaction
  const walletLegs = ordered.filter((leg) => leg.kind === 'WALLET').map((leg) => ({ ...leg, balance: must(balanceOf.get(leg.accountId), 'wallet balance') }));
  await emitWalletChanges(tx, head, walletLegs, postedAt);
  return { journalId, postedAt, balances };
}

/** Posts the exact opposite of a journal, naming it; a journal is reversed at most once (unique index). */
export async function reverse(tx: Db, journalId: number, head: Omit<JournalHead, 'kind' | 'reversesId'>): Promise<Posted> {
  const legs = await journalLegs(tx, journalId);
  if (legs.length === 0) throw new Error(`journal ${journalId} has no entries`);
  return post(
    tx,
    { ...head, kind: 'REVERSAL', reversesId: journalId },
    legs.map((leg) => ({ ...leg, amount: -leg.amount })),
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
export async function once<T>(db: Db, scope: { tenantId: number; userId: number; key: string; route: string; body: unknown }, work: (tx: Db) => Promise<T>): Promise<T> {
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

async function onceInTransaction<T>(db: Db, scope: { tenantId: number; userId: number; key: string }, requestHash: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await claimKey(tx, scope, requestHash))) {
      const first = await firstAnswer(tx, scope);
      if (!first || first.requestHash !== requestHash) throw conflict('idempotencyKeyReused');
      return first.response as T;
    }
    const result = await work(tx);
    await storeAnswer(tx, scope, result);
    return result;
  });
}
