import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateRoutes } from './rates/routes.ts';
import { rateApplyRoutes } from './rate-apply/routes.ts';
import { detailRoutes } from './details/routes.ts';
import { statementRoutes } from './statements/routes.ts';

/**
 * Finance under /api: rates and their applications, the wallet's details, the monthly statements. Registered by the
 * app as one unit; the wallet's own calls are the platform gateway's (/platform-api), registered beside it.
 */
export const financeArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateRoutes);
  await app.register(rateApplyRoutes);
  await app.register(detailRoutes);
  await app.register(statementRoutes);
};
