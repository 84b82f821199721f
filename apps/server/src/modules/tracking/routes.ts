import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The public tracking lookup: /open/track */
export const trackingRoutes: FastifyPluginAsyncZod = async () => {
  // routes arrive with issue 4
};
