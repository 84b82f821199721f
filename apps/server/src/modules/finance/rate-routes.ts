import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rateRoutes: FastifyPluginAsyncZod = async () => {};
