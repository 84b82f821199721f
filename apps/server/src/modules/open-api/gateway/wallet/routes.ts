import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyCaller, keyHolderCan, keyScope, openApi } from '../../../../plugins/open-api-auth.ts';
import { balances, walletFigureParts } from '../../../finance/wallet/service.ts';
import { walletBalances } from '../schemas.ts';

/** The open API's wallet: /open/v1/wallet/balances, every currency of the key's company. */
export const openWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/wallet/balances',
    {
      config: openApi('wallet:read', 'BALANCE_QUERY'),
      schema: {
        tags: ['wallet'],
        summary: 'The wallet\'s balances',
        description:
          "One entry per currency: the balance, recharges not yet confirmed and refunds not yet verified, and what a balance refund may take. The pending amounts are those the key's holder sees in the portal's recharge and refund lists (null when they cannot read that list); `available` is null when the holder may not ask for a refund.",
        response: { 200: walletBalances },
      },
    },
    // as its holder's wallet page shows it: each pending figure through their rights and data rules on its list
    async (request) => ({
      wallets: await balances(db, apiKeyCaller(request).tenantId, await walletFigureParts({ can: (code) => keyHolderCan(request, code), scope: (menu) => keyScope(request, menu) })),
    }),
  );
};
