import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_API_REPLAYED_HEADER } from '@portal/shared/open-api-gateway';
import { apiKeyCaller, keyScope, openApi } from '../../../../plugins/open-api-auth.ts';
import { openApiIdempotencyKey } from '../idempotency.ts';
import { cancelBody, idempotentHeaders, openOrder, openOrderInput, orderListQuery, orderNoParams, orderPage, orderTracking } from '../schemas.ts';
import { cancelOpenOrder, createOpenOrder, openOrderByNo, openOrderPage, openTracking } from './service.ts';

/** The key holder's rows are those of the international orders' screen (their data rules there). */
const ORDERS = 'logistics:order:list';

/** The open API's international logistics orders and their tracking: /open/v1/orders. */
export const openOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['orders'];

  app.post(
    '/orders',
    {
      config: openApi('orders:write', 'ORDER_CREATE'),
      schema: {
        tags,
        summary: 'Create an international logistics order',
        description: 'The same rules as the portal\'s create screen. The server numbers the order (orderNo) and quotes its freight on the declared weight. 201 with the order; a retry with the same Idempotency-Key and body answers the same order (Idempotent-Replayed: true).',
        headers: idempotentHeaders,
        body: openOrderInput,
        response: { 201: openOrder },
      },
    },
    async (request, reply) => {
      const { result, replayed } = await createOpenOrder(db, apiKeyCaller(request), openApiIdempotencyKey(request), request.body, request.lang);
      if (replayed) void reply.header(OPEN_API_REPLAYED_HEADER, 'true');
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/orders',
    {
      config: openApi('orders:read', 'ORDER_QUERY'),
      schema: { tags, summary: 'List orders, newest first', description: 'Filtered by status, your order number and the creation time; pageSize at most 200.', querystring: orderListQuery, response: { 200: orderPage } },
    },
    async (request) => openOrderPage(db, apiKeyCaller(request), request.query, await keyScope(request, ORDERS)),
  );

  app.get(
    '/orders/:orderNo',
    {
      config: openApi('orders:read', 'ORDER_QUERY'),
      schema: { tags, summary: 'One order by its number', description: 'With recipient, products, parcels, fees and tracking events. 404 not_found for a number your company does not have.', params: orderNoParams, response: { 200: openOrder } },
    },
    async (request) => openOrderByNo(db, apiKeyCaller(request), request.params.orderNo, request.lang, await keyScope(request, ORDERS)),
  );

  app.post(
    '/orders/:orderNo/cancel',
    {
      config: openApi('orders:write', 'ORDER_CANCEL'),
      schema: {
        tags,
        summary: 'Cancel an order',
        description: 'Only before the warehouse received it (CREATED or WAIT_COLLECT): otherwise 409 conflict. Idempotent like the create.',
        headers: idempotentHeaders,
        params: orderNoParams,
        body: cancelBody,
        response: { 200: openOrder },
      },
    },
    async (request, reply) => {
      const { result, replayed } = await cancelOpenOrder(db, apiKeyCaller(request), openApiIdempotencyKey(request), request.params.orderNo, request.body?.reason, request.lang, await keyScope(request, ORDERS));
      if (replayed) void reply.header(OPEN_API_REPLAYED_HEADER, 'true');
      return result;
    },
  );

  app.get(
    '/orders/:orderNo/tracking',
    {
      config: openApi('tracking:read', 'TRACKING_QUERY'),
      schema: { tags: ['tracking'], summary: 'The tracking of an order', description: 'Its status, waybill number and events, oldest first, in the language of Accept-Language.', params: orderNoParams, response: { 200: orderTracking } },
    },
    async (request) => openTracking(db, apiKeyCaller(request), request.params.orderNo, request.lang, await keyScope(request, ORDERS)),
  );
};
