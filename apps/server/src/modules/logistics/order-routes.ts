import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The merchant's international logistics orders: /logistics/order/* */
export const orderRoutes: FastifyPluginAsyncZod = async () => {
  // routes arrive with issue 4
};
