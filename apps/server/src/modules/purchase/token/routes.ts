import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { platformAuthorizeResult, platformCallbackInput, platformOnlyInput, platformTokenEditInput, platformTokenOverview, platformTokenRecord, purchasePlatformParam } from '@portal/shared/purchase-token';
import { auditActor, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import type { PurchasePlatformSettings } from '../platform/settings.ts';
import { completeAuthorization, refreshNow, removeApp, saveApp, startAuthorization, tokenOverview } from './service.ts';

/**
 * The platforms' app credentials and OAuth tokens: the platform's administrators only. No
 * answer carries the app secret or a token.
 */
export const purchaseTokenRoutes: FastifyPluginAsyncZod<{ settings: PurchasePlatformSettings }> = async (app, { settings }) => {
  const db = app.database.db;
  const tags = ['purchasing: platform tokens'];

  app.get(
    '/purchase/token/list',
    {
      config: platform('config:taobao-global-token:list'),
      schema: { tags, summary: "Taobao's and 1688's app settings and token state (never the secret or a token), and whether the server can store secrets", querystring: getQuery({}), response: { 200: envelopeSchema(platformTokenOverview) } },
    },
    async (request) => request.ok(await tokenOverview(db, settings)),
  );

  app.put(
    '/purchase/token/edit',
    {
      config: platform('config:taobao-global-token:edit'),
      schema: { tags, summary: 'Save a platform’s app key, app secret (write-only, encrypted; empty keeps the stored one) and redirect URI; another key or secret clears the tokens', body: platformTokenEditInput, response: { 200: envelopeSchema(platformTokenRecord) } },
    },
    async (request) => request.ok(await saveApp(db, settings, request.body, auditActor(request)), 'purchaseTokenSaved'),
  );

  app.delete(
    '/purchase/token/delete',
    {
      config: platform('config:taobao-global-token:delete'),
      schema: { tags, summary: "Delete a platform's settings and tokens", querystring: getQuery({ platform: purchasePlatformParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeApp(db, request.query.platform, auditActor(request));
      return request.ok(null, 'purchaseTokenDeleted');
    },
  );

  app.post(
    '/purchase/token/authorize',
    {
      config: platform('config:taobao-global-token:authorize'),
      schema: { tags, summary: "The platform's authorize address with a fresh single-use state (10 minutes); the platform sends the code back to the redirect URI", body: platformOnlyInput, response: { 200: envelopeSchema(platformAuthorizeResult) } },
    },
    async (request) => request.ok(await startAuthorization(db, settings, request.body.platform, auditActor(request))),
  );

  app.post(
    '/purchase/token/callback',
    {
      config: platform('config:taobao-global-token:authorize'),
      schema: { tags, summary: 'Complete the authorisation: the code and state the platform sent to the redirect URI (the token page posts them); the state works once', body: platformCallbackInput, response: { 200: envelopeSchema(platformTokenRecord) } },
    },
    async (request) => request.ok(await completeAuthorization(db, settings, request.body, auditActor(request)), 'purchaseTokenAuthorized'),
  );

  app.post(
    '/purchase/token/refresh',
    {
      config: platform('config:taobao-global-token:refresh'),
      schema: { tags, summary: "Renew a platform's access token now with its refresh token", body: platformOnlyInput, response: { 200: envelopeSchema(platformTokenRecord) } },
    },
    async (request) => request.ok(await refreshNow(db, settings, request.body.platform, auditActor(request)), 'purchaseTokenRefreshed'),
  );
};
