import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rechargeRoutes: FastifyPluginAsyncZod = async () => {};
