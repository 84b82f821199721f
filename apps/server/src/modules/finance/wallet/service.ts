import { iso } from '../../../lib/iso.ts';
import type { Db } from '../../../db/client.ts';
import type { SQL } from 'drizzle-orm';
import { CURRENCY_CODES, CURRENCY_EXPONENTS, convertMinor, type CurrencyCode } from '@portal/shared/money';
import type { Person, RateTable, WalletBalance } from '@portal/shared/finance-schemas';
import type { PermissionCode } from '@portal/shared/permissions';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';
import { amountText } from '../money.ts';
import { currentRate } from '../rates/service.ts';
import { initiators, judges, submittedRecharges, submittedRefunds, wallets } from './repository.ts';

/**
 * Which of a wallet's figures a reader is given. The pending amounts sum a record list each, so each goes
 * only to a reader of that list and sums the rows their data rules there let through (`scope`, decision
 * 0016); what a balance refund may take goes to whoever may ask for one (their refusal would name it).
 */
export type WalletFigureParts = { recharges: false | { scope?: SQL | undefined }; refunds: false | { scope?: SQL | undefined }; available: boolean };

/** How a reader's rights are asked: a signed-in caller's, or an API key holder's. */
export type FigureReader = { can(code: PermissionCode): Promise<boolean>; scope(menu: DataRuleMenu): Promise<SQL | undefined> };

/** The figures `reader` is given: see WalletFigureParts. */
export async function walletFigureParts(reader: FigureReader): Promise<WalletFigureParts> {
  const [recharges, refunds, available] = await Promise.all([reader.can('wallet:recharge:list'), reader.can('wallet:refund:list'), reader.can('wallet:refund:submit')]);
  return {
    recharges: recharges ? { scope: await reader.scope('wallet:recharge:list') } : false,
    refunds: refunds ? { scope: await reader.scope('wallet:refund:list') } : false,
    available,
  };
}

/**
 * Each currency the tenant has a wallet in, or records pending that the reader is given (or only `currency`).
 * The unrecharged amount estimates submitted recharges in another currency at today's rate (confirmation
 * fixes the real figure).
 */
export async function balances(db: Db, tenantId: number, parts: WalletFigureParts, currency?: CurrencyCode): Promise<WalletBalance[]> {
  const only = currency ? [currency] : null;
  // what the refund check holds back is every pending balance refund, whoever's; the reader's figure may be fewer
  const sameRefunds = parts.refunds && parts.refunds.scope === undefined;
  const [walletRows, pendingRecharges, pendingRefunds, heldBack] = await Promise.all([
    wallets(db, tenantId, only),
    // one by one, as each record shows its own estimate: the sum then agrees with the records to the cent
    parts.recharges ? submittedRecharges(db, tenantId, only, parts.recharges.scope) : [],
    parts.refunds ? submittedRefunds(db, tenantId, only, parts.refunds.scope) : [],
    parts.available && !sameRefunds ? submittedRefunds(db, tenantId, only) : null,
  ]);
  const unrecharged = new Map<CurrencyCode, bigint>();
  const rateOf = new Map<string, Awaited<ReturnType<typeof currentRate>>>();
  for (const pending of pendingRecharges) {
    const pair = `${pending.from}>${pending.to}`;
    if (!rateOf.has(pair)) rateOf.set(pair, await currentRate(db, pending.from, pending.to));
    const rate = rateOf.get(pair);
    if (!rate) continue;
    const estimate = convertMinor(pending.amount, CURRENCY_EXPONENTS[pending.from], CURRENCY_EXPONENTS[pending.to], rate.rate).amount;
    unrecharged.set(pending.to, (unrecharged.get(pending.to) ?? 0n) + estimate);
  }
  const refundsOf = new Map(pendingRefunds.map((row) => [row.currency, BigInt(row.amount)]));
  const heldBackOf = heldBack ? new Map(heldBack.map((row) => [row.currency, BigInt(row.amount)])) : refundsOf;
  const walletOf = new Map(walletRows.map((row) => [row.currency, row]));
  const codes = only ?? CURRENCY_CODES.filter((code) => walletOf.has(code) || unrecharged.has(code) || refundsOf.has(code));
  return codes.map((code) => {
    const wallet = walletOf.get(code);
    const balance = wallet?.balance ?? 0n;
    const free = balance - (heldBackOf.get(code) ?? 0n);
    return {
      currency: code,
      balance: amountText(balance, code),
      unrecharged: parts.recharges ? amountText(unrecharged.get(code) ?? 0n, code) : null,
      pendingRefund: parts.refunds ? amountText(refundsOf.get(code) ?? 0n, code) : null,
      // as the refund's refusal words it: never below zero (payments may have taken the balance under the refunds awaiting review)
      available: parts.available ? amountText(free > 0n ? free : 0n, code) : null,
      updatedAt: iso(wallet?.updatedAt),
    };
  });
}

/** The tenant's wallet in one currency (zero when it has none yet). */
export async function balanceIn(db: Db, tenantId: number, parts: WalletFigureParts, currency: CurrencyCode): Promise<WalletBalance> {
  return (await balances(db, tenantId, parts, currency))[0] as WalletBalance;
}

/** The rates applying now from `from` to every other currency, with the inverse of each. */
export async function rateTable(db: Db, from: CurrencyCode): Promise<RateTable> {
  const found = await Promise.all(CURRENCY_CODES.filter((to) => to !== from).map(async (to) => ({ to, rate: await currentRate(db, from, to) })));
  return {
    currency: from,
    rates: found.flatMap(({ to, rate }) =>
      rate ? [{ baseCurrency: from, quoteCurrency: to, rate: rate.rate, inverseRate: rate.inverseRate, effectiveFrom: rate.effectiveFrom.toISOString() }] : [],
    ),
  };
}

/** The people of the tenant's records' filters: who created them (initiator), or who decided on them (judge). */
export function peopleOf(db: Db, tenantId: number, role: 'initiator' | 'judge'): Promise<Person[]> {
  return role === 'initiator' ? initiators(db, tenantId) : judges(db, tenantId);
}
