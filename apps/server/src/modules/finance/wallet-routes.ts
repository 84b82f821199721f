import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { envelopeSchema } from '@portal/shared/api';
import { CURRENCY_CODES, CURRENCY_EXPONENTS, convertMinor, type CurrencyCode } from '@portal/shared/money';
import { currencyBody, person, rateTable, walletBalance, walletDetails, type WalletBalance } from '@portal/shared/finance-schemas';
import { users } from '../../db/schema/sys.ts';
import { accounts, payments, rateApplications, recharges, refunds } from '../../db/schema/finance.ts';
import type { Tx } from './ledger/repository.ts';
import { currentRate } from './rates.ts';
import { walletCaller } from './access.ts';
import { amountText } from './money.ts';
import { iso } from './repository.ts';
import { merchant } from '../../plugins/auth.ts';

const emptyBody = z.strictObject({}).optional();

/**
 * The wallet at a glance (/platform-api/finance/virtualWallet/*): wallet/details (every currency),
 * balance (one currency), queryRate, and the people of the records' filters (initiator, judge).
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/finance/virtualWallet/wallet/details',
    {
      config: merchant('wallet:module:view'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's wallets: balance, recharges awaiting confirmation and refunds awaiting verification, per currency",
        body: emptyBody,
        response: { 200: envelopeSchema(walletDetails) },
      },
    },
    async (request) => request.ok({ wallets: await balances(db, walletCaller(request).tenantId) }),
  );

  app.post(
    '/finance/virtualWallet/balance',
    {
      config: merchant('wallet:module:view'),
      schema: { tags: ['wallet'], summary: 'The caller tenant’s wallet in one currency (zero when it has none yet)', body: currencyBody, response: { 200: envelopeSchema(walletBalance) } },
    },
    async (request) => request.ok(must(await balances(db, walletCaller(request).tenantId, request.body.currency))),
  );

  app.post(
    '/finance/virtualWallet/queryRate',
    {
      config: merchant('wallet:module:view'),
      schema: {
        tags: ['wallet'],
        summary: 'The rates applying now from `currency` to every other currency, with the inverse of each',
        body: currencyBody,
        response: { 200: envelopeSchema(rateTable) },
      },
    },
    async (request) => {
      const from = request.body.currency;
      const found = await Promise.all(CURRENCY_CODES.filter((to) => to !== from).map(async (to) => ({ to, rate: await currentRate(db, from, to) })));
      return request.ok({
        currency: from,
        rates: found.flatMap(({ to, rate }) =>
          rate ? [{ baseCurrency: from, quoteCurrency: to, rate: rate.rate, inverseRate: rate.inverseRate, effectiveFrom: rate.effectiveFrom.toISOString() }] : [],
        ),
      });
    },
  );

  app.post(
    '/finance/virtualWallet/initiator',
    {
      config: merchant('wallet:module:view'),
      schema: { tags: ['wallet'], summary: 'The people of the caller tenant who created wallet records (the initiator filter)', body: emptyBody, response: { 200: envelopeSchema(z.array(person)) } },
    },
    async (request) => {
      const tenantId = walletCaller(request).tenantId;
      const ids = sql`(select created_by from ${recharges} where tenant_id = ${tenantId}
        union select created_by from ${payments} where tenant_id = ${tenantId}
        union select created_by from ${refunds} where tenant_id = ${tenantId})`;
      return request.ok(await people(db, ids));
    },
  );

  app.post(
    '/finance/virtualWallet/judge',
    {
      config: merchant('wallet:module:view'),
      schema: { tags: ['wallet'], summary: "The platform's finance staff who decided on the caller tenant's records (the reviewer filter)", body: emptyBody, response: { 200: envelopeSchema(z.array(person)) } },
    },
    async (request) => {
      const tenantId = walletCaller(request).tenantId;
      const ids = sql`(select decided_by from ${recharges} where tenant_id = ${tenantId}
        union select decided_by from ${refunds} where tenant_id = ${tenantId}
        union select decided_by from ${rateApplications} where tenant_id = ${tenantId})`;
      return request.ok(await people(db, ids));
    },
  );
};

const must = <T>(rows: T[]): T => rows[0] as T;

async function people(db: Tx, ids: ReturnType<typeof sql>) {
  return db
    .select({ id: users.id, username: users.username, realname: users.realname })
    .from(users)
    .where(sql`${users.id} in ${ids}`)
    .orderBy(users.username);
}

/**
 * Each currency the tenant has a wallet or open records in (or only `currency`). The unrecharged amount
 * estimates submitted recharges in another currency at today's rate (confirmation fixes the real figure).
 */
export async function balances(db: Tx, tenantId: number, currency?: CurrencyCode): Promise<WalletBalance[]> {
  const only = currency ? [currency] : null;
  const [wallets, pendingRecharges, pendingRefunds] = await Promise.all([
    db
      .select({ currency: accounts.currency, balance: accounts.balance, updatedAt: accounts.updatedAt })
      .from(accounts)
      .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), only ? inArray(accounts.currency, only) : undefined)),
    // one by one, as each record shows its own estimate: the sum then agrees with the records to the cent
    db
      .select({ from: recharges.transferCurrency, to: recharges.receivedCurrency, amount: recharges.transferAmount })
      .from(recharges)
      .where(and(eq(recharges.tenantId, tenantId), eq(recharges.status, 'SUBMITTED'), only ? inArray(recharges.receivedCurrency, only) : undefined)),
    db
      .select({ currency: refunds.currency, amount: sql<string>`sum(${refunds.amount})::text` })
      .from(refunds)
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.status, 'SUBMITTED'), eq(refunds.kind, 'BALANCE'), only ? inArray(refunds.currency, only) : undefined))
      .groupBy(refunds.currency),
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
  const walletOf = new Map(wallets.map((row) => [row.currency, row]));
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
