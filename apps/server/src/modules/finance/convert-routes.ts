import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const convertRoutes: FastifyPluginAsyncZod = async () => {};
