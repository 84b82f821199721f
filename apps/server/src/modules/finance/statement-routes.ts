import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const statementRoutes: FastifyPluginAsyncZod = async () => {};
