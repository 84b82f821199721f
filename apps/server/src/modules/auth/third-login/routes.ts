import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { loginResultSchema } from '@portal/shared/sys';
import { OIDC_SOURCE, returnPath, signInTypeSchema } from '@portal/shared/third-login';
import { getQuery } from '../../../lib/query.ts';
import { notFound } from '../../../lib/errors.ts';
import { PUBLIC } from '../../../plugins/auth.ts';
import { clientMeta, signInSettingsOf } from '../login/service.ts';
import type { OidcClient } from './provider.ts';
import { beginThirdLogin, finishThirdLogin, signInTypes, tradeLoginTicket, type ThirdLoginDeps } from './service.ts';

const CALLBACK_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri', 'session_state', 'scope', 'authuser', 'hd', 'prompt'] as const;

/** The browser's way through the provider (decision 0020); every answer but getAllType and getLoginUser is a redirect. */
export const thirdLoginRoutes: FastifyPluginAsyncZod<{ oidc: OidcClient | undefined }> = async (app, options) => {
  const db = app.database.db;
  const settings = signInSettingsOf(app);
  const deps: ThirdLoginDeps = { db, oidc: options.oidc, warn: (message, detail) => app.log.warn(detail, message) };
  const rateLimit = { max: app.settings.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' };
  const tags = ['session'];

  app.get(
    '/sys/common/getAllType',
    {
      config: PUBLIC,
      schema: { tags, summary: "The ways to sign in the login page offers: password, phone, and the deployment's OpenID Connect provider with its name", querystring: getQuery({}), response: { 200: envelopeSchema(z.array(signInTypeSchema)) } },
    },
    async (request) => request.ok(signInTypes(options.oidc)),
  );

  app.get(
    '/thirdLogin/render/:source',
    {
      config: { ...PUBLIC, rateLimit },
      schema: {
        tags,
        summary: `Sends the browser to the provider (302). \`source\`: '${OIDC_SOURCE}' when configured, else 404; \`redirect\`: a relative path of this site to return to after signing in`,
        params: z.object({ source: z.string().max(32) }),
        querystring: getQuery({ redirect: returnPath.optional() }),
      },
    },
    async (request, reply) => {
      if (request.params.source !== OIDC_SOURCE || !options.oidc) throw notFound('thirdProviderUnknown');
      return reply.redirect(await beginThirdLogin(deps, request.query.redirect), 302);
    },
  );

  app.get(
    '/thirdLogin/callback',
    {
      config: { ...PUBLIC, rateLimit },
      schema: {
        tags,
        summary: 'The redirect back from the provider (302 to /user/login with thirdToken, or thirdError=pending|rejected|failed|unavailable)',
        // what providers send back (RFC 6749 §4.1.2, RFC 9207 iss, OIDC session_state, and Google's extras); the library reads them
        querystring: z.strictObject(Object.fromEntries(CALLBACK_PARAMS.map((name) => [name, z.string().max(4096).optional()]))),
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      return reply.redirect(await finishThirdLogin(deps, query), 302);
    },
  );

  app.get(
    '/thirdLogin/getLoginUser/:token',
    {
      config: { ...PUBLIC, rateLimit },
      schema: {
        tags,
        summary: 'Trades the one-time ticket of the callback for the answer of /sys/login (a business failure, code 401, when unknown, used or expired)',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }),
        querystring: getQuery({}),
        response: { 200: envelopeSchema(loginResultSchema.nullable()) },
      },
    },
    async (request) => {
      const outcome = await tradeLoginTicket(settings, clientMeta(request), request.lang, request.params.token);
      return 'refused' in outcome ? request.fail(...outcome.refused) : request.ok(outcome.signedIn, 'loginSuccess');
    },
  );
};
