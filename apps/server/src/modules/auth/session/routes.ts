import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { sessionListQuery, sessionRecord, sessionRevokeInput, sessionRevokeResult, sessionRevokeUserInput } from '@portal/shared/system-sessions';
import { auditActor, caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { listSessions } from './repository.ts';
import { revokeSession, revokeUserSessions, sessionScope } from './service.ts';

/**
 * Token management: the live sessions of the tenant's users (the platform's: of any tenant it names) and
 * their ending by an administrator. No answer holds a token or its hash.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: sessions'];
  const publish = app.accessService.publish;

  app.get(
    '/sys/session/list',
    {
      config: eitherSide('system:token:list'),
      schema: {
        tags,
        summary:
          "Live sessions of the users whose home is the caller's tenant, newest first; filtered by username, address and sign-in time. The platform (tenant 0) may name another tenant (`tenantId`); a merchant's `tenantId` is ignored",
        querystring: getQuery(sessionListQuery),
        response: { 200: envelopeSchema(pageSchema(sessionRecord)) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const { tenantId, ...query } = request.query;
      return request.ok(await listSessions(db, sessionScope(auth, tenantId), query, auth.session.sessionId));
    },
  );

  app.post(
    '/sys/session/revoke',
    {
      config: eitherSide('system:token:revoke'),
      schema: {
        tags,
        summary: "End one session by its id (404 for another tenant's user's, 403 for a top administrator's unless the caller is one); the caller's own is a sign-out",
        body: sessionRevokeInput,
        response: { 200: envelopeSchema(sessionRevokeResult) },
      },
    },
    async (request) => request.ok({ revoked: await revokeSession(db, publish, caller(request), auditActor(request), request.body.id) }, 'sessionRevoked'),
  );

  app.post(
    '/sys/session/revokeUser',
    {
      config: eitherSide('system:token:revoke'),
      schema: { tags, summary: 'End every live session of one user of the tenant (same rules as one session)', body: sessionRevokeUserInput, response: { 200: envelopeSchema(sessionRevokeResult) } },
    },
    async (request) => {
      const revoked = await revokeUserSessions(db, publish, caller(request), auditActor(request), request.body.userId);
      return request.ok({ revoked }, 'userSessionsRevoked', { count: revoked });
    },
  );
};
