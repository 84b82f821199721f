import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictRoutes } from './routes.ts';
import { dictionaryRoutes } from './dictionary/routes.ts';
import { dictItemRoutes } from './item/routes.ts';
import { categoryRoutes } from './category/routes.ts';

/** The data dictionaries and the category dictionary: reading them, and the platform administering them. Registered by the app as one unit. */
export const dictArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(dictRoutes);
  await app.register(dictionaryRoutes);
  await app.register(dictItemRoutes);
  await app.register(categoryRoutes);
};
