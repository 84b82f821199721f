import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionCode } from '@portal/shared/permissions';
import { envelopeSchema } from '@portal/shared/api';
import { logisticsSummary } from '@portal/shared/logistics-schemas';
import { caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import type { SummaryParts } from './repository.ts';
import { logisticsSummaries } from './service.ts';

/** Home page figures of logistics: /logistics/summary */
export const logisticsSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const summaries = logisticsSummaries(app.database.db);

  /**
   * The figures the caller may see: each needs the right of the list it summarises and
   * counts the rows of the caller's data rules there. The platform's staff: the warehouse's screens.
   */
  const partsOf = async (request: FastifyRequest): Promise<SummaryParts> => {
    const auth = caller(request);
    const can = (code: PermissionCode) => app.accessService.can(auth.access, code);
    if (auth.tenantId === PLATFORM_TENANT) {
      const [receive, shipOut, exceptions] = await Promise.all([can('warehouse:receive:list'), can('warehouse:ship-out:list'), can('warehouse:exception:list')]);
      return { orders: receive || shipOut ? {} : false, parcels: receive ? {} : false, exceptions };
    }
    const [orderList, packageList, exceptions] = await Promise.all([can('logistics:order:list'), can('logistics:package:list'), can('logistics:collection-exception:list')]);
    return {
      orders: orderList ? { scope: await app.dataRules.scope(auth, 'logistics:order:list') } : false,
      parcels: packageList ? { scope: await app.dataRules.scope(auth, 'logistics:package:list') } : false,
      exceptions,
    };
  };

  app.get(
    '/logistics/summary',
    {
      // in the tenant of the request: the platform's own (0) is one of them, and sees every merchant
      config: eitherSide('dashboard:analysis:view'),
      schema: {
        tags: ['dashboard'],
        summary: "Home page figures: orders by status, parcels in the warehouse, open exceptions, orders per day over 30 days",
        description: "A merchant's own tenant; the platform's staff (tenant 0) see every merchant, figures refreshed every 30 seconds. Each figure is null for a reader without the right of the list it summarises, and counts only the rows of their data rules there.",
        querystring: getQuery({}),
        response: { 200: envelopeSchema(logisticsSummary) },
      },
    },
    async (request) => request.ok(await summaries.of(caller(request).tenantId, await partsOf(request))),
  );
};
