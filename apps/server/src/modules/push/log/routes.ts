import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { pushDeliveryDetail, pushDeliveryListQuery, pushDeliveryRecord, pushReplayFailedInput, pushReplayInput, pushReplayResult } from '@portal/shared/push-endpoints';
import { auditActor, caller, merchant } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { listDeliveries } from './repository.ts';
import { deliveryDetail, replayDelivery, replayFailed } from './service.ts';

/** The merchant's delivery log: deliveries, their attempts, replays. */
export const pushLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['message push: delivery log'];
  const P = '/config/push-endpoint/delivery';

  app.get(
    `${P}/list`,
    {
      config: merchant('config:push:list'),
      schema: { tags, summary: 'Deliveries of the merchant, newest first; filtered by endpoint, event type, status, message id (webhook-id) and creation time', querystring: getQuery(pushDeliveryListQuery), response: { 200: envelopeSchema(pageSchema(pushDeliveryRecord)) } },
    },
    async (request) => request.ok(await listDeliveries(db, caller(request).tenantId, request.query)),
  );

  app.get(
    `${P}/queryById`,
    {
      config: merchant('config:push:list'),
      schema: { tags, summary: "One delivery with every attempt and the message's payload", querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(pushDeliveryDetail) } },
    },
    async (request) => request.ok(await deliveryDetail(db, caller(request).tenantId, request.query.id)),
  );

  app.post(
    `${P}/replay`,
    {
      config: merchant('config:push:edit'),
      schema: { tags, summary: 'Deliver this message to its endpoint again now (409 while an attempt is under way)', body: pushReplayInput, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await replayDelivery(db, caller(request).tenantId, request.body.id, auditActor(request));
      return request.ok(null, 'pushDeliveryReplayed');
    },
  );

  app.post(
    `${P}/replay-failed`,
    {
      config: merchant('config:push:edit'),
      schema: { tags, summary: 'Deliver again every FAILED delivery created in [from, to] (at most 31 days), of one endpoint when named', body: pushReplayFailedInput, response: { 200: envelopeSchema(pushReplayResult) } },
    },
    async (request) => {
      const result = await replayFailed(db, caller(request).tenantId, request.body, auditActor(request));
      return request.ok(result, 'pushDeliveriesReplayed', { count: result.replayed });
    },
  );

  // the push statistics page's "retry failed": the same replay under the statistics' button
  app.post(
    '/push/deliveries/replay-failed',
    {
      config: merchant('statistics:push:retry'),
      schema: { tags, summary: 'Deliver again every FAILED delivery created in [from, to] (at most 31 days), of one endpoint when named: the push statistics page', body: pushReplayFailedInput, response: { 200: envelopeSchema(pushReplayResult) } },
    },
    async (request) => {
      const result = await replayFailed(db, caller(request).tenantId, request.body, auditActor(request));
      return request.ok(result, 'pushDeliveriesReplayed', { count: result.replayed });
    },
  );
};
