import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { queueCancelInput, queueDetail, queueFilters, queueKey, queueKeyQuery, queueListQuery, queueRecord, queueSplitInput } from '@portal/shared/purchasing-schemas';
import { caller, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { queuePage } from './repository.ts';
import { cancelPreOrder, queueDetail as detailOf, queueExport, splitPreOrder, takePreOrder } from './service.ts';

/** The purchasers' queue of paid pre-purchase orders of every tenant (docs/purchasing.md). */
export const purchaseQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['purchasing: queue'];

  app.get(
    '/purchasing/queue/list',
    {
      config: platform('purchasing:queue:list'),
      schema: { tags, summary: 'Paid and purchasing pre-orders of every tenant, oldest payment first; filtered by tenant, platform, status and number prefix', querystring: getQuery(queueListQuery), response: { 200: envelopeSchema(pageSchema(queueRecord)) } },
    },
    async (request) => {
      const { pageNo: page, pageSize: size, order: direction, column: sort, _t, ...filters } = request.query;
      void _t;
      return request.ok(await queuePage(db, filters, { pageNo: page, pageSize: size, order: direction, column: sort }));
    },
  );

  app.get(
    '/purchasing/queue/exportXls',
    {
      config: platform('purchasing:queue:export'),
      schema: { tags, summary: "The filtered queue as an Excel file (xlsx) in the caller's language, newest first", querystring: getQuery({ ...queueFilters, timeZone: timeZoneParam.optional() }), produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, ...filters } = request.query;
      void _t;
      return sendXlsx(reply, await queueExport(db, filters, request.lang, timeZone));
    },
  );

  app.get(
    '/purchasing/queue/detail',
    {
      config: platform('purchasing:queue:list'),
      schema: { tags, summary: 'A paid pre-order with its lines and purchase orders (404 before payment)', querystring: getQuery(queueKeyQuery), response: { 200: envelopeSchema(queueDetail) } },
    },
    async (request) => request.ok(await detailOf(db, request.query)),
  );

  app.post(
    '/purchasing/queue/take',
    {
      config: platform('purchasing:queue:take'),
      schema: { tags, summary: 'PAID → PURCHASING with the caller as its purchaser (409 when another purchaser holds it)', body: queueKey, response: { 200: envelopeSchema(queueDetail) } },
    },
    async (request) => request.ok(await takePreOrder(db, request.body, caller(request).userId)),
  );

  app.post(
    '/purchasing/queue/split',
    {
      config: platform('purchasing:queue:split'),
      schema: {
        tags,
        summary: 'Creates the purchase orders of the caller’s pre-order, once: one per seller, or as given (every line quantity covered exactly once, one seller per order)',
        body: queueSplitInput,
        response: { 200: envelopeSchema(queueDetail) },
      },
    },
    async (request) => request.ok(await splitPreOrder(db, request.body, caller(request).userId)),
  );

  app.post(
    '/purchasing/queue/cancel',
    {
      config: platform('purchasing:queue:cancel'),
      schema: { tags, summary: 'Cancels a paid pre-order while nothing of it is bought: everything paid returns to the wallet', body: queueCancelInput, response: { 200: envelopeSchema(queueDetail) } },
    },
    async (request) => request.ok(await cancelPreOrder(db, request.body, caller(request).userId)),
  );
};
