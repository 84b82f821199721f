import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { currencyBody, person, rateTable as rateTableSchema, walletBalance, walletDetails } from '@portal/shared/finance-schemas';
import { caller, merchant } from '../../../plugins/auth.ts';
import { walletScope } from '../access.ts';
import { balanceIn, balances, peopleOf, rateTable, walletFigureParts } from './service.ts';

const emptyBody = z.strictObject({}).optional();

/**
 * The wallet at a glance (/platform-api/finance/virtualWallet/*): wallet/details (every currency),
 * balance (one currency), queryRate, and the people of the records' filters (initiator, judge).
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // the pending amounts of the caller's recharge and refund lists (their rights and data rules there)
  const partsOf = (request: FastifyRequest) => walletFigureParts({ can: (code) => app.accessService.can(caller(request).access, code), scope: (menu) => walletScope(request, menu) });

  app.post(
    '/finance/virtualWallet/wallet/details',
    {
      config: merchant('wallet:module:view'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's wallets: balance, recharges awaiting confirmation and refunds awaiting verification, per currency",
        description:
          'unrecharged sums the recharges of the caller\'s recharge list (their data rules there) and is null without wallet:recharge:list; pendingRefund likewise with the refund list (wallet:refund:list); available, what a balance refund may take, is null without wallet:refund:submit.',
        body: emptyBody,
        response: { 200: envelopeSchema(walletDetails) },
      },
    },
    async (request) => request.ok({ wallets: await balances(db, caller(request).tenantId, await partsOf(request)) }),
  );

  app.post(
    '/finance/virtualWallet/balance',
    {
      config: merchant('wallet:module:view'),
      schema: {
        tags: ['wallet'],
        summary: 'The caller tenant’s wallet in one currency (zero when it has none yet), its figures given as by wallet/details',
        body: currencyBody,
        response: { 200: envelopeSchema(walletBalance) },
      },
    },
    async (request) => request.ok(await balanceIn(db, caller(request).tenantId, await partsOf(request), request.body.currency)),
  );

  app.post(
    '/finance/virtualWallet/queryRate',
    {
      config: merchant('wallet:module:view'),
      schema: {
        tags: ['wallet'],
        summary: 'The rates applying now from `currency` to every other currency, with the inverse of each',
        body: currencyBody,
        response: { 200: envelopeSchema(rateTableSchema) },
      },
    },
    async (request) => request.ok(await rateTable(db, request.body.currency)),
  );

  app.post(
    '/finance/virtualWallet/initiator',
    {
      config: merchant('wallet:module:view'),
      schema: { tags: ['wallet'], summary: 'The people of the caller tenant who created wallet records (the initiator filter)', body: emptyBody, response: { 200: envelopeSchema(z.array(person)) } },
    },
    async (request) => request.ok(await peopleOf(db, caller(request).tenantId, 'initiator')),
  );

  app.post(
    '/finance/virtualWallet/judge',
    {
      config: merchant('wallet:module:view'),
      schema: { tags: ['wallet'], summary: "The platform's finance staff who decided on the caller tenant's records (the reviewer filter)", body: emptyBody, response: { 200: envelopeSchema(z.array(person)) } },
    },
    async (request) => request.ok(await peopleOf(db, caller(request).tenantId, 'judge')),
  );
};
