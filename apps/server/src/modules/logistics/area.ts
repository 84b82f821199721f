import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderRoutes } from './order/routes.ts';
import { logisticsSummaryRoutes } from './summary/routes.ts';

/** A merchant's international orders, and the home page's figures. Registered by the app as one unit. */
export const logisticsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(orderRoutes);
  await app.register(logisticsSummaryRoutes);
};
