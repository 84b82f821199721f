import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { apiKeyEditInput, apiKeyInput, apiKeyIssued, apiKeyListQuery, apiKeyRecord, apiKeyRevokeInput, apiKeyRollInput } from '@portal/shared/open-api-keys';
import { auditActor, caller, merchant } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { SCOPE_PERMISSIONS } from '@portal/shared/open-api';
import { heldRights } from '../../auth/access/holder.ts';
import { addApiKey, apiKeyPage, editApiKey, revokeKey, rollApiKey, type KeyActor } from './service.ts';

/** A merchant's API keys (token configuration): a merchant's tenant only, never the platform's. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['config: API keys'];
  const rights = heldRights(app.accessService);
  /** The caller, with the scopes whose rights they hold in the tenant of the request: a key of theirs holds no more. */
  const keyActor = async (request: FastifyRequest): Promise<KeyActor> => {
    const auth = caller(request);
    return { ...auditActor(request), held: await rights(SCOPE_PERMISSIONS, { userId: auth.userId, orgCode: auth.session.orgCode }, auth.tenantId) };
  };

  /** After a change to a key, every app server's open API forgets what it kept of it. */
  const forgotten = async <T>(keyId: number, change: Promise<T>): Promise<T> => {
    const changed = await change;
    await app.accessService.publish({ kind: 'apiKey', keyId });
    return changed;
  };

  app.get(
    '/config/api-key/list',
    {
      config: merchant('config:token:list'),
      schema: { tags, summary: "The tenant's API keys, newest first: shown prefix, scopes, allow-list, expiry, status, last use, whose rights it carries (its holder, their state, the scopes they no longer hold). Never a whole key", querystring: getQuery(apiKeyListQuery), response: { 200: envelopeSchema(pageSchema(apiKeyRecord)) } },
    },
    async (request) => request.ok(await apiKeyPage(db, rights, caller(request).tenantId, request.query)),
  );

  app.post(
    '/config/api-key/add',
    {
      config: merchant('config:token:add'),
      schema: { tags, summary: 'Create a key: the whole key is in this answer only (store it now); the server keeps its sha-256', body: apiKeyInput, response: { 200: envelopeSchema(apiKeyIssued) } },
    },
    async (request) => request.ok(await addApiKey(db, caller(request).tenantId, request.body, await keyActor(request)), 'apiKeyCreated'),
  );

  app.put(
    '/config/api-key/edit',
    {
      config: merchant('config:token:edit'),
      schema: { tags, summary: 'Edit the name, scopes, IP allow-list and expiry (at most a year from now) of a working key; 409 for an expired or revoked one', body: apiKeyEditInput, response: { 200: envelopeSchema(apiKeyRecord) } },
    },
    async (request) => request.ok(await forgotten(request.body.id, editApiKey(db, caller(request).tenantId, request.body, await keyActor(request)))),
  );

  app.post(
    '/config/api-key/roll',
    {
      config: merchant('config:token:reset-secret'),
      schema: { tags, summary: 'Roll the secret: the new key is in this answer only; the old one keeps working `overlapHours` (0 to 168, default 24)', body: apiKeyRollInput, response: { 200: envelopeSchema(apiKeyIssued) } },
    },
    async (request) => request.ok(await forgotten(request.body.id, rollApiKey(db, caller(request).tenantId, request.body.id, request.body.overlapHours, await keyActor(request))), 'apiKeyRolled'),
  );

  app.post(
    '/config/api-key/revoke',
    {
      config: merchant('config:token:delete'),
      schema: { tags, summary: 'Revoke a key: refused from the next call on', body: apiKeyRevokeInput, response: { 200: envelopeSchema(apiKeyRecord) } },
    },
    async (request) => request.ok(await forgotten(request.body.id, revokeKey(db, rights, caller(request).tenantId, request.body.id, auditActor(request))), 'apiKeyRevoked'),
  );
};
