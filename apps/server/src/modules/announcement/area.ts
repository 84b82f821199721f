import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { announcementReaderRoutes } from './reader/routes.ts';
import { announcementManageRoutes } from './manage/routes.ts';
import { announcementStreamRoutes } from './stream/routes.ts';

/** Announcements: the readers' inbox and live stream, and their management. Registered by the app as one unit. */
export const announcementArea: FastifyPluginAsyncZod<{ bus: CacheBus }> = async (app, options) => {
  await app.register(announcementReaderRoutes, { bus: options.bus });
  await app.register(announcementManageRoutes, { bus: options.bus });
  await app.register(announcementStreamRoutes, { bus: options.bus });
};
