import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Package management: /logistics/package/* */
export const parcelRoutes: FastifyPluginAsyncZod = async () => {
  // routes arrive with issue 4
};
