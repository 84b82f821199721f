import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyRoutes } from './key/routes.ts';
import { apiStatisticsRoutes } from './usage/routes.ts';

/** The open API's screens under /api: a merchant's API keys and their statistics. Registered by the app as one unit; the open API itself is /open/v1. */
export const openApiArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(apiKeyRoutes);
  await app.register(apiStatisticsRoutes);
};
