import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { PUSH_SECRET_OVERLAP_HOURS, PUSH_TYPE_PERMISSIONS } from '@portal/shared/open-api';
import { pushEndpointEditInput, pushEndpointIdInput, pushEndpointInput, pushEndpointListQuery, pushEndpointRecord, pushEndpointWithSecret, pushTestResult } from '@portal/shared/push-endpoints';
import { auditActor, caller, merchant } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import type { PushSettings } from '../settings.ts';
import { heldRights } from '../../auth/access/holder.ts';
import { addEndpoint, editEndpoint, endpointPage, removeEndpoint, rotateSecret, sendTestEvent, type EndpointActor } from './service.ts';

/** A merchant's webhook endpoints. The signing secret is in the answers of add and rotate only. */
export const pushEndpointRoutes: FastifyPluginAsyncZod<{ settings: PushSettings }> = async (app, { settings }) => {
  const db = app.database.db;
  const tags = ['message push: endpoints'];
  const P = '/config/push-endpoint';
  const rights = heldRights(app.accessService);
  /** The caller, with the event types whose read rights they hold: an endpoint of theirs receives no more. */
  const endpointActor = async (request: FastifyRequest): Promise<EndpointActor> => {
    const auth = caller(request);
    return { ...auditActor(request), held: await rights(PUSH_TYPE_PERMISSIONS, { userId: auth.userId, orgCode: auth.session.orgCode }, auth.tenantId) };
  };

  app.get(
    `${P}/list`,
    {
      config: merchant('config:push:list'),
      schema: { tags, summary: 'The endpoints of the merchant, newest first (never a secret)', querystring: getQuery(pushEndpointListQuery), response: { 200: envelopeSchema(pageSchema(pushEndpointRecord)) } },
    },
    async (request) => request.ok(await endpointPage(db, rights, caller(request).tenantId, request.query)),
  );

  app.post(
    `${P}/add`,
    {
      config: merchant('config:push:add'),
      schema: { tags, summary: 'Add an endpoint: its URL, description and event types; the answer carries its signing secret (whsec_), shown this once', body: pushEndpointInput, response: { 200: envelopeSchema(pushEndpointWithSecret) } },
    },
    async (request) => request.ok(await addEndpoint(db, settings, rights, caller(request).tenantId, request.body, await endpointActor(request)), 'pushEndpointAdded'),
  );

  app.put(
    `${P}/edit`,
    {
      config: merchant('config:push:edit'),
      schema: { tags, summary: "Edit an endpoint, enable or disable it (enabling clears the reason it stopped); 404 for another merchant's", body: pushEndpointEditInput, response: { 200: envelopeSchema(pushEndpointRecord) } },
    },
    async (request) => {
      const { id, ...values } = request.body;
      return request.ok(await editEndpoint(db, settings, rights, caller(request).tenantId, id, values, await endpointActor(request)));
    },
  );

  app.delete(
    `${P}/delete`,
    {
      config: merchant('config:push:delete'),
      schema: { tags, summary: 'Delete an endpoint with its deliveries and their attempts', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeEndpoint(db, caller(request).tenantId, request.query.id, auditActor(request));
      return request.ok(null);
    },
  );

  app.post(
    `${P}/rotate-secret`,
    {
      config: merchant('config:push:edit'),
      schema: { tags, summary: `A new signing secret, shown this once; the previous one also signs for ${PUSH_SECRET_OVERLAP_HOURS} hours`, body: pushEndpointIdInput, response: { 200: envelopeSchema(pushEndpointWithSecret) } },
    },
    async (request) => request.ok(await rotateSecret(db, settings, rights, caller(request).tenantId, request.body.id, auditActor(request)), 'pushEndpointSecretRotated', { hours: PUSH_SECRET_OVERLAP_HOURS }),
  );

  app.post(
    `${P}/test`,
    {
      config: merchant('config:push:test'),
      schema: { tags, summary: 'Send a test event (type PING) to this endpoint now; its outcome shows in the delivery log', body: pushEndpointIdInput, response: { 200: envelopeSchema(pushTestResult) } },
    },
    async (request) => request.ok(await sendTestEvent(db, caller(request).tenantId, request.body.id, auditActor(request)), 'pushTestQueued'),
  );
};
