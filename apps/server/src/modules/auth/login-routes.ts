import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { loginRequestSchema, loginResultSchema } from '@portal/shared/sys';
import { caller } from '../../plugins/auth.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { findUserByUsername } from '../user/repository.ts';
import { clearFailures, lockedMinutes, logLogin, recordFailure } from './login-repository.ts';
import { clientMeta, completeSignIn } from './sign-in.ts';
import { revokeSession } from './access-repository.ts';

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/sys/login',
    {
      config: { access: { permission: 'public' }, rateLimit: { max: app.settings.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['session'],
        summary: 'Sign in with username and password',
        body: loginRequestSchema,
        response: { 200: envelopeSchema(loginResultSchema.nullable()) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const usernameKey = username.toLowerCase();
      const meta = clientMeta(request);

      const minutes = await lockedMinutes(db, usernameKey);
      if (minutes > 0) {
        await logLogin(db, { username, success: false, reason: 'locked', ...meta });
        return request.fail('accountLocked', { minutes }, 429);
      }
      const user = await findUserByUsername(db, username);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !valid) {
        await recordFailure(db, usernameKey);
        await logLogin(db, { username, userId: user?.id, tenantId: user?.defaultTenantId, success: false, reason: 'bad credentials', ...meta });
        return request.fail('loginFailed', undefined, 401);
      }
      await clearFailures(db, usernameKey);
      return completeSignIn(app, request, user);
    },
  );

  app.post(
    '/sys/logout',
    {
      config: { access: { permission: 'authenticated', tenant: 'caller' } },
      schema: { tags: ['session'], summary: 'Sign out: revokes this session', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const auth = caller(request);
      await revokeSession(db, auth.session.sessionId);
      await app.accessService.publish({ kind: 'session', tokenHash: auth.tokenHash });
      await logLogin(db, { username: auth.username, userId: auth.userId, tenantId: auth.tenantId, success: true, logType: 2, ...clientMeta(request) });
      return request.ok(null, 'logoutSuccess');
    },
  );
};
