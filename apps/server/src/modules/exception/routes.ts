import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Collection-order exceptions, merchant and platform sides: /logistics/collectionException/*, /warehouse/exception/* */
export const exceptionRoutes: FastifyPluginAsyncZod = async () => {
  // routes arrive with issue 4
};
