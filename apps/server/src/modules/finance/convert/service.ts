import { iso } from '../../../lib/iso.ts';
import { CURRENCY_EXPONENTS, convertMinor, parseRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { ConversionPreview, ConversionRecord } from '@portal/shared/finance-schemas';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { conversionLegs, walletKey, walletLeg } from '../ledger/model.ts';
import { nextFinanceNo } from '../ledger/repository.ts';
import { once } from '../../../lib/idempotency.ts';
import { post } from '../ledger/service.ts';
import { amountText, minorOf } from '../money.ts';
import { currentRate, type AppliedRate } from '../rates/service.ts';
import { walletBalance } from './repository.ts';

/*
 * Converting between two wallets of one tenant: the preview, and the conversion itself at the rate
 * table's rate of that moment, rounded half to even (ledger/model.ts conversionLegs). docs/finance.md.
 */

type Body = { fromCurrency: CurrencyCode; toCurrency: CurrencyCode; amount: string };

/** The amount in minor units of the from currency; the same currency on both sides converts nothing (400). */
export function conversionAmount(body: Body): bigint {
  if (body.fromCurrency === body.toCurrency) throw badRequest('conversionSameCurrency', { field: 'toCurrency' });
  return minorOf('amount', body.amount, body.fromCurrency);
}

async function rateFor(tx: Db, from: CurrencyCode, to: CurrencyCode): Promise<AppliedRate> {
  const rate = await currentRate(tx, from, to);
  if (!rate) throw conflict('rateNotFound', { from, to });
  return rate;
}

/** What the to wallet would receive; an amount that rounds to nothing would take money for nothing (400). */
function convertedOf(body: Body, amount: bigint, rate: AppliedRate): bigint {
  const converted = convertMinor(amount, CURRENCY_EXPONENTS[body.fromCurrency], CURRENCY_EXPONENTS[body.toCurrency], rate.rate).amount;
  if (converted <= 0n) {
    throw badRequest('conversionTooSmall', { field: 'amount', amount: amountText(amount, body.fromCurrency), from: body.fromCurrency, to: body.toCurrency, rate: rate.rate });
  }
  return converted;
}

/** "0.13810" and "0.1381" are the same rate: compared as numbers, never as floats. */
function sameRate(a: string, b: string): boolean {
  const x = parseRate(a);
  const y = parseRate(b);
  return x.numerator === y.numerator && x.places === y.places;
}

/** What converting would give at the rate applying now, without doing it. */
export async function previewConversion(db: Db, tenantId: number, body: Body): Promise<ConversionPreview> {
  const amount = conversionAmount(body);
  const rate = await rateFor(db, body.fromCurrency, body.toCurrency);
  const converted = convertedOf(body, amount, rate);
  const balance = await walletBalance(db, tenantId, body.fromCurrency);
  return {
    fromCurrency: body.fromCurrency,
    toCurrency: body.toCurrency,
    amount: amountText(amount, body.fromCurrency),
    rate: rate.rate,
    inverseRate: rate.inverseRate,
    converted: amountText(converted, body.toCurrency),
    balance: amountText(balance, body.fromCurrency),
    balanceAfter: amountText(balance - amount, body.fromCurrency),
    sufficient: balance >= amount,
    effectiveFrom: rate.effectiveFrom.toISOString(),
  };
}

/**
 * Converts `amount` (conversionAmount of the body) at the rate applying now, once per Idempotency-Key;
 * 409 when it is not the rate the caller expected, or the balance is short.
 */
export async function convert(
  db: Db,
  who: { tenantId: number; userId: number },
  request: { key: string; route: string; body: Body & { expectedRate?: string } },
  amount: bigint,
): Promise<ConversionRecord> {
  const { tenantId, userId } = who;
  const body = request.body;
  const from = body.fromCurrency;
  const to = body.toCurrency;
  return once(db, { tenantId, userId, key: request.key, route: request.route, body }, async (tx): Promise<ConversionRecord> => {
    // the rate is read in the transaction: the one checked is the one posted
    const rate = await rateFor(tx, from, to);
    if (body.expectedRate !== undefined && !sameRate(body.expectedRate, rate.rate)) {
      throw conflict('conversionRateChanged', { from, to, expected: trimDecimal(body.expectedRate), rate: rate.rate });
    }
    convertedOf(body, amount, rate);
    const { legs, converted } = conversionLegs({ currency: from, amount, leg: (minor) => walletLeg(tenantId, from, minor) },
      { currency: to, leg: (minor) => walletLeg(tenantId, to, minor) },
      rate.rate,
    );
    const conversionNo = await nextFinanceNo(tx, 'CV');
    const posted = await post(tx, { tenantId, kind: 'CONVERSION', refNo: conversionNo, memo: `${from}→${to} @ ${rate.rate}`, rate: rate.rate, createdBy: userId }, legs);
    return {
      conversionNo,
      fromCurrency: from,
      toCurrency: to,
      amount: amountText(amount, from),
      converted: amountText(converted, to),
      rate: rate.rate,
      inverseRate: rate.inverseRate,
      balanceFrom: amountText(must(posted.balances.get(walletKey(tenantId, from)), 'from balance'), from),
      balanceTo: amountText(must(posted.balances.get(walletKey(tenantId, to)), 'to balance'), to),
      postedAt: must(iso(posted.postedAt), 'posting time'),
    };
  });
}
