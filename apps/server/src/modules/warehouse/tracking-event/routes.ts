import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { TRACKING_SOURCES } from '@portal/shared/logistics';
import { orderStatus, pageQuery, trackingEventInput } from '@portal/shared/logistics-schemas';
import { caller, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { dayOrTimeParam } from '../../../lib/list.ts';
import { platformPage, warehouseEventRecord } from '../schemas.ts';
import { addTrackingEvent, eventPage } from './service.ts';

const eventListQuery = getQuery({
  ...pageQuery,
  column: z.enum(['createdAt']).optional(),
  orderNo: z.string().trim().max(32).optional(),
  status: orderStatus.optional(),
  source: z.enum(TRACKING_SOURCES).optional(),
  createdFrom: dayOrTimeParam.optional(),
  createdTo: dayOrTimeParam.optional(),
});

/** Tracking events the platform records and lists: /warehouse/tracking/* */
export const warehouseTrackingEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/warehouse/tracking/add',
    {
      config: platform('warehouse:tracking:add'),
      schema: {
        tags: ['warehouse'],
        summary: "Record a tracking event: with a status it moves the order (the lifecycle decides), without one it moves nothing",
        description: 'The description in three languages or the carrier’s raw text; the carrier’s own code stays in carrierCode. occurredAt may not be more than 5 minutes ahead.',
        body: trackingEventInput,
        response: { 200: envelopeSchema(z.object({ orderNo: z.string(), status: orderStatus })) },
      },
    },
    async (request) => request.ok(await addTrackingEvent(db, request.body, caller(request).userId), 'trackingEventRecorded'),
  );

  app.get(
    '/warehouse/tracking/list',
    {
      config: platform('warehouse:tracking:list'),
      schema: {
        tags: ['warehouse'],
        summary: 'Tracking events of every merchant as recorded, newest first, described in the caller’s language',
        querystring: eventListQuery,
        response: { 200: platformPage(warehouseEventRecord) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, order, ...filters } = request.query;
      return request.ok(await eventPage(db, filters, { pageNo, pageSize, order: order ?? 'desc' }, request.lang));
    },
  );
};
