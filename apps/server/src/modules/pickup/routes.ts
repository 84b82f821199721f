import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Pick-up batches, merchant and platform sides: /logistics/pickupBatch/*, /warehouse/pickup/* */
export const pickupRoutes: FastifyPluginAsyncZod = async () => {
  // routes arrive with issue 4
};
