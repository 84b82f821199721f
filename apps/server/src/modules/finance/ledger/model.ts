import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { CURRENCY_EXPONENTS, convertMinor, type CurrencyCode } from '@portal/shared/money';
import type { AccountKind, JournalKind } from '@portal/shared/finance';

/*
 * The ledger's legs (decision 0007): what a posting is made of, and the pure arithmetic that builds them.
 * The postings themselves are `post` and `reverse` in ./service.ts.
 */

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

/** What fin_journal.memo holds at most. */
export const MEMO_MAX = 300;

/**
 * A journal's summary (the 摘要 of finance details and statements): what the kind and the reference
 * number do not already say, as facts that read the same in every language (order numbers, amounts,
 * rates, names) and the user's own words (a reason). Empty parts are left out; `list` names many
 * things as "a, b, c +N" within the length of the column.
 */
export function memoOf(parts: readonly (string | null | undefined)[], list: readonly string[] = []): string {
  const fixed = parts.filter((part): part is string => Boolean(part?.trim())).map((part) => part.trim());
  let listed = '';
  for (let shown = list.length; shown > 0 && !listed; shown--) {
    const text = list.slice(0, shown).join(', ') + (shown < list.length ? ` +${list.length - shown}` : '');
    if ([text, ...fixed].join(' · ').length <= MEMO_MAX) listed = text;
  }
  const memo = [listed, ...fixed].filter(Boolean).join(' · ');
  return memo.length <= MEMO_MAX ? memo : `${memo.slice(0, MEMO_MAX - 1)}…`;
}

export type Posted = {
  journalId: number;
  postedAt: Date;
  /** each wallet's balance after the posting, by walletKey(tenant, currency) */
  balances: Map<string, bigint>;
};

export const walletKey = (tenantId: number, currency: CurrencyCode) => `${tenantId}:${currency}`;

export const walletLeg = (tenantId: number, currency: CurrencyCode, amount: bigint): Leg => ({ tenantId, kind: 'WALLET', currency, amount });

export const platformLeg = (kind: Exclude<AccountKind, 'WALLET'>, currency: CurrencyCode, amount: bigint): Leg => ({ tenantId: PLATFORM_TENANT, kind, currency, amount });

/** The account a leg moves: one per (tenant, kind, currency). */
export const accountKey = (leg: Pick<Leg, 'tenantId' | 'kind' | 'currency'>) => `${leg.tenantId}:${leg.kind}:${leg.currency}`;

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
