import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Rate cards (platform): /warehouse/rateCard/* */
export const rateCardRoutes: FastifyPluginAsyncZod = async () => {
  // routes arrive with issue 4
};
