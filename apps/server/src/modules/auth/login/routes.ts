import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { loginRequestSchema, loginResultSchema } from '@portal/shared/sys';
import { caller, duringPasswordChange, PUBLIC } from '../../../plugins/auth.ts';
import { clientMeta, logout, signInSettingsOf, signInWithPassword } from './service.ts';

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const settings = signInSettingsOf(app);

  app.post(
    '/sys/login',
    {
      config: { ...PUBLIC, rateLimit: { max: app.settings.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['session'],
        summary: 'Sign in with username and password',
        body: loginRequestSchema,
        response: { 200: envelopeSchema(loginResultSchema.nullable()) },
      },
    },
    async (request) => {
      const outcome = await signInWithPassword(settings, clientMeta(request), request.lang, request.body);
      return 'refused' in outcome ? request.fail(...outcome.refused) : request.ok(outcome.signedIn, 'loginSuccess');
    },
  );

  app.post(
    '/sys/logout',
    {
      config: duringPasswordChange,
      schema: { tags: ['session'], summary: 'Sign out: revokes this session', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await logout(db, app.accessService, caller(request), clientMeta(request));
      return request.ok(null, 'logoutSuccess');
    },
  );
};
