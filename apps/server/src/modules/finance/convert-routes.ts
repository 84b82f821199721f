import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { envelopeSchema } from '@portal/shared/api';
import { conversionInput, conversionPreview, conversionRecord, conversionSubmitInput, type ConversionPreview, type ConversionRecord } from '@portal/shared/finance-schemas';
import { CURRENCY_EXPONENTS, convertMinor, parseRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import { accounts } from '../../db/schema/finance.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { conversionLegs, walletKey, walletLeg } from './ledger/model.ts';
import { nextFinanceNo, type Tx } from './ledger/repository.ts';
import { idempotencyKey, once, post } from './ledger/service.ts';
import { currentRate, type AppliedRate } from './rates.ts';
import { WALLET, walletCaller } from './access.ts';
import { amountText, minorOf } from './money.ts';
import { iso } from './repository.ts';
import { merchant } from '../../plugins/auth.ts';

const PERMISSION = 'wallet:overview:convert';

type Body = { fromCurrency: CurrencyCode; toCurrency: CurrencyCode; amount: string };

/**
 * Converting between two wallets of the caller tenant (/platform-api/finance/virtualWallet/convert/*):
 * the preview, and the conversion itself at the rate table's rate of that moment, rounded half to even
 * (ledger.ts conversionLegs). docs/finance.md.
 */
export const convertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    `${WALLET}/convert/preview`,
    {
      config: merchant(PERMISSION),
      schema: {
        tags: ['wallet'],
        summary: 'What converting an amount of one wallet of the caller tenant into another would give at the rate applying now, without doing it',
        body: conversionInput,
        response: { 200: envelopeSchema(conversionPreview) },
      },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      const body = request.body;
      const amount = amountOf(body);
      const rate = await rateFor(db, body.fromCurrency, body.toCurrency);
      const converted = convertedOf(body, amount, rate);
      const balance = await balanceOf(db, tenantId, body.fromCurrency);
      const preview: ConversionPreview = {
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
      return request.ok(preview);
    },
  );

  app.post(
    `${WALLET}/convert/submit`,
    {
      config: merchant(PERMISSION),
      schema: {
        tags: ['wallet'],
        summary:
          'Converts an amount of one wallet of the caller tenant into another at the rate applying now (409 when it is not expectedRate, or the balance is short). Idempotency-Key required',
        body: conversionSubmitInput,
        response: { 200: envelopeSchema(conversionRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const body = request.body;
      const from = body.fromCurrency;
      const to = body.toCurrency;
      const amount = amountOf(body);
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: `${WALLET}/convert/submit`, body }, async (tx): Promise<ConversionRecord> => {
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
      return request.ok(record);
    },
  );
};

/** The amount in minor units of the from currency; the same currency on both sides converts nothing (400). */
function amountOf(body: Body): bigint {
  if (body.fromCurrency === body.toCurrency) throw badRequest('conversionSameCurrency', { field: 'toCurrency' });
  return minorOf('amount', body.amount, body.fromCurrency);
}

async function rateFor(tx: Tx, from: CurrencyCode, to: CurrencyCode): Promise<AppliedRate> {
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

async function balanceOf(tx: Tx, tenantId: number, currency: CurrencyCode): Promise<bigint> {
  const [row] = await tx
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), eq(accounts.currency, currency)));
  return row?.balance ?? 0n;
}
