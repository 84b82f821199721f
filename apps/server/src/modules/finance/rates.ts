import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { invertRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import { rateApplications, rates } from '../../db/schema/finance.ts';
import type { Tx } from './ledger/repository.ts';

export type AppliedRate = {
  /** 1 from = rate to */
  rate: string;
  inverseRate: string;
  effectiveFrom: Date;
  /** where it came from: the rate table, or the merchant's approved application */
  rateApplyId: number | null;
};

/**
 * The rate applying now from `from` to `to`: the newest effective one finance set for the pair, else the
 * inverse of the newest for the opposite pair (1 / rate, 10 decimals, half to even). The same currency is 1.
 */
export async function currentRate(tx: Tx, from: CurrencyCode, to: CurrencyCode, at: Date = new Date()): Promise<AppliedRate | null> {
  if (from === to) return { rate: '1', inverseRate: '1', effectiveFrom: new Date(0), rateApplyId: null };
  const newest = async (base: CurrencyCode, quote: CurrencyCode) =>
    (
      await tx
        .select({ rate: rates.rate, effectiveFrom: rates.effectiveFrom })
        .from(rates)
        .where(and(eq(rates.baseCurrency, base), eq(rates.quoteCurrency, quote), lte(rates.effectiveFrom, at)))
        .orderBy(desc(rates.effectiveFrom), desc(rates.id))
        .limit(1)
    )[0];
  const direct = await newest(from, to);
  if (direct) {
    const rate = trimDecimal(direct.rate);
    return { rate, inverseRate: invertRate(rate), effectiveFrom: direct.effectiveFrom, rateApplyId: null };
  }
  const opposite = await newest(to, from);
  if (!opposite) return null;
  const inverseRate = trimDecimal(opposite.rate);
  return { rate: invertRate(inverseRate), inverseRate, effectiveFrom: opposite.effectiveFrom, rateApplyId: null };
}

/**
 * The rate of the tenant's approved application `rateApplyId` for exactly this pair, still valid at `at`;
 * null when there is no such application (the caller then answers 409 or uses the rate table).
 */
export async function applicationRate(tx: Tx, tenantId: number, rateApplyId: number, from: CurrencyCode, to: CurrencyCode, at: Date = new Date()): Promise<AppliedRate | null> {
  const [row] = await tx
    .select({ approvedRate: rateApplications.approvedRate, decidedAt: rateApplications.decidedAt })
    .from(rateApplications)
    .where(
      and(
        eq(rateApplications.id, rateApplyId),
        eq(rateApplications.tenantId, tenantId),
        eq(rateApplications.status, 'APPROVED'),
        eq(rateApplications.baseCurrency, from),
        eq(rateApplications.quoteCurrency, to),
        sql`(${rateApplications.validUntil} is null or ${rateApplications.validUntil} >= ${at.toISOString()})`,
      ),
    );
  if (!row?.approvedRate) return null;
  const rate = trimDecimal(row.approvedRate);
  return { rate, inverseRate: invertRate(rate), effectiveFrom: row.decidedAt ?? at, rateApplyId };
}
