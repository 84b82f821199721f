import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Home page figures of logistics: /logistics/summary */
export const logisticsSummaryRoutes: FastifyPluginAsyncZod = async () => {
  // routes arrive with issue 4
};
