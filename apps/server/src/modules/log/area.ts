import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginLogRoutes } from './login-log/routes.ts';
import { logRoutes } from './routes.ts';
import { visitRoutes } from './visit/routes.ts';

/** The sign-in and visit logs: their lists and the figures drawn from them. Registered by the app as one unit. */
export const logArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(logRoutes);
  await app.register(visitRoutes);
  await app.register(loginLogRoutes);
};
