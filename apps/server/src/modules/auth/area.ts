import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OidcClient } from './third-login/provider.ts';
import { loginRoutes } from './login/routes.ts';
import { thirdLoginRoutes } from './third-login/routes.ts';
import { permissionRoutes } from './permission/routes.ts';
import { sessionRoutes } from './session/routes.ts';

/** Identity and access: signing in (password, single sign-on), the menu and permissions of a session, the sessions and their ending. Registered by the app as one unit. */
export const authArea: FastifyPluginAsyncZod<{ oidc: OidcClient | undefined }> = async (app, options) => {
  await app.register(loginRoutes);
  await app.register(thirdLoginRoutes, { oidc: options.oidc });
  await app.register(permissionRoutes);
  await app.register(sessionRoutes);
};
