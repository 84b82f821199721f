import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const detailRoutes: FastifyPluginAsyncZod = async () => {};
