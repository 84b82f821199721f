import { currencyFromMinor, type CurrencyCode } from '@portal/shared/money';
import type { Db } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { emitWalletChanges } from '../../../lib/push-events.ts';
import { accountKey, walletKey, type JournalHead, type Leg, type Posted } from './model.ts';
import { accountBalance, accountIds, addToWallet, insertEntries, insertJournal, journalLegs } from './repository.ts';

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
