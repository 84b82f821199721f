import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The platform's warehouse: receive, ship out, tracking events, orders across tenants: /warehouse/* */
export const warehouseRoutes: FastifyPluginAsyncZod = async () => {
  // routes arrive with issue 4
};
