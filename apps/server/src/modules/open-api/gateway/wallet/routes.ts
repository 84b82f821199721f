import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyCaller, openApi } from '../../../../plugins/open-api-auth.ts';
import { balances } from '../../../finance/wallet/service.ts';
import { walletBalances } from '../schemas.ts';

/** The open API's wallet: /open/v1/wallet/balances, every currency of the key's company. */
export const openWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/wallet/balances',
    {
      config: openApi('wallet:read', 'BALANCE_QUERY'),
      schema: { tags: ['wallet'], summary: 'The wallet\'s balances', description: 'One entry per currency: the balance, recharges not yet confirmed and refunds not yet verified.', response: { 200: walletBalances } },
    },
    async (request) => ({ wallets: await balances(db, apiKeyCaller(request).tenantId) }),
  );
};
