import { CURRENCY_CODES, CURRENCY_EXPONENTS, convertMinor, type CurrencyCode } from '@portal/shared/money';
import type { Person, RateTable, WalletBalance } from '@portal/shared/finance-schemas';
import type { Tx } from '../ledger/repository.ts';
import { amountText } from '../money.ts';
import { iso } from '../repository.ts';
import { currentRate } from '../rates/service.ts';
import { initiators, judges, submittedRecharges, submittedRefunds, wallets } from './repository.ts';

/**
 * Each currency the tenant has a wallet or open records in (or only `currency`). The unrecharged amount
 * estimates submitted recharges in another currency at today's rate (confirmation fixes the real figure).
 */
export async function balances(db: Tx, tenantId: number, currency?: CurrencyCode): Promise<WalletBalance[]> {
  const only = currency ? [currency] : null;
  const [walletRows, pendingRecharges, pendingRefunds] = await Promise.all([
    wallets(db, tenantId, only),
    // one by one, as each record shows its own estimate: the sum then agrees with the records to the cent
    submittedRecharges(db, tenantId, only),
    submittedRefunds(db, tenantId, only),
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
  const walletOf = new Map(walletRows.map((row) => [row.currency, row]));
  const codes = only ?? CURRENCY_CODES.filter((code) => walletOf.has(code) || unrecharged.has(code) || refundsOf.has(code));
  return codes.map((code) => {
    const wallet = walletOf.get(code);
    return {
      currency: code,
      balance: amountText(wallet?.balance ?? 0n, code),
      unrecharged: amountText(unrecharged.get(code) ?? 0n, code),
      pendingRefund: amountText(refundsOf.get(code) ?? 0n, code),
      updatedAt: iso(wallet?.updatedAt),
    };
  });
}

/** The tenant's wallet in one currency (zero when it has none yet). */
export async function balanceIn(db: Tx, tenantId: number, currency: CurrencyCode): Promise<WalletBalance> {
  return (await balances(db, tenantId, currency))[0] as WalletBalance;
}

/** The rates applying now from `from` to every other currency, with the inverse of each. */
export async function rateTable(db: Tx, from: CurrencyCode): Promise<RateTable> {
  const found = await Promise.all(CURRENCY_CODES.filter((to) => to !== from).map(async (to) => ({ to, rate: await currentRate(db, from, to) })));
  return {
    currency: from,
    rates: found.flatMap(({ to, rate }) =>
      rate ? [{ baseCurrency: from, quoteCurrency: to, rate: rate.rate, inverseRate: rate.inverseRate, effectiveFrom: rate.effectiveFrom.toISOString() }] : [],
    ),
  };
}

/** The people of the tenant's records' filters: who created them (initiator), or who decided on them (judge). */
export function peopleOf(db: Tx, tenantId: number, role: 'initiator' | 'judge'): Promise<Person[]> {
  return role === 'initiator' ? initiators(db, tenantId) : judges(db, tenantId);
}
