import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PushSettings } from './settings.ts';
import { pushEndpointRoutes } from './endpoint/routes.ts';
import { pushLogRoutes } from './log/routes.ts';
import { pushStatisticsRoutes } from './stats/routes.ts';

/** Message push: a merchant's webhook endpoints, the delivery log, the statistics. Registered by the app as one unit. */
export const pushArea: FastifyPluginAsyncZod<{ settings: PushSettings }> = async (app, options) => {
  await app.register(pushEndpointRoutes, { settings: options.settings });
  await app.register(pushLogRoutes);
  await app.register(pushStatisticsRoutes);
};
