import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import type { Texts } from '@portal/shared/languages';
import { EXPORT_ROWS_MAX, IMPORT_ROWS_MAX, type OrderStatus } from '@portal/shared/logistics';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';
import { cancelInput, importResult, ORDER_SORT_COLUMNS, orderDetail, orderEditInput, orderFilters, orderInput, orderRecord, pageQuery, statusCount } from '@portal/shared/logistics-schemas';
import { idParam } from '../../../lib/list.ts';
import { getQuery } from '../../../lib/query.ts';
import { acceptUploads, IMPORT_UPLOAD_LIMITS, uploadedFile } from '../../../lib/upload.ts';
import { contentDisposition, DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, merchant } from '../../../plugins/auth.ts';
import { SHEET_TEXTS } from './export.ts';
import {
  cancelOrder,
  createOrder,
  editOrder,
  LOG_ORDER_STATUSES,
  orderDetail as detailOf,
  orderPage,
  orderStatusCounts,
} from './service.ts';
import { exportOrders, importOrders, importTemplate } from './excel-service.ts';

/*
 * The merchant's international logistics orders: /logistics/order/* (every order of the
 * tenant) and /logistics/logOrder/* (orders on their way). Every query is scoped to the caller's
 * tenant; another tenant's order answers 404 like a missing one.
 */

const sortQuery = { column: z.enum(ORDER_SORT_COLUMNS).optional(), order: pageQuery.order };
const listQuery = getQuery({ ...pageQuery, ...sortQuery, ...orderFilters });
const exportQuery = getQuery({ ...sortQuery, ...orderFilters, timeZone: timeZoneParam });
// the screen sends its whole filter form: a status in it is accepted and ignored (the answer has every status)
const countsQuery = getQuery(orderFilters);
// ids are bigint in the database: one past JavaScript's safe integers would reach PostgreSQL as garbage
const idQuery = getQuery({ id: idParam });
const createdSchema = z.object({ id: z.number(), orderNo: z.string() });
// the answer is a file, not JSON: documented as binary, never serialised
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const dictionaries = app.dictService;
  // the caller's data rules on the menu a call belongs to (undefined: none narrow it)
  const scopeOf = (request: FastifyRequest, menu: DataRuleMenu = 'logistics:order:list') => app.dataRules.scope(caller(request), menu);
  // uploads only here (this plugin's own context): one file, no larger than an import may be
  await acceptUploads(app, IMPORT_UPLOAD_LIMITS);

  // ------------------------------------------------------------------ lists

  const listHandler = (menu: DataRuleMenu, defaultStatuses?: readonly OrderStatus[]) => async (request: FastifyRequest<{ Querystring: z.output<typeof listQuery> }>) =>
    request.ok(await orderPage(db, caller(request).tenantId, request.query, defaultStatuses, await scopeOf(request, menu)));
  const listSchema = { querystring: listQuery, response: { 200: envelopeSchema(pageSchema(orderRecord)) } };

  app.get(
    '/logistics/order/list',
    {
      config: merchant('logistics:order:list'),
      schema: {
        tags: ['logistics'],
        summary:
          'International logistics orders of the caller tenant, newest first. orderNo, merchantOrderNo and waybillNo match any number beginning with the text, in any case and spacing; recipientName by prefix; a plain date in createdTo/statusUpdatedTo means that whole day (server time zone). total counts at most 100,000 (10,000 with a warehouse, service type or recipient filter).',
        ...listSchema,
      },
    },
    listHandler('logistics:order:list'),
  );

  app.get(
    '/logistics/logOrder/list',
    {
      config: merchant('logistics:log-order:list'),
      schema: {
        tags: ['logistics'],
        summary: `Logistics order management: the order list limited, unless a status is asked for, to orders shipped out and on (${LOG_ORDER_STATUSES.join(', ')})`,
        ...listSchema,
      },
    },
    listHandler('logistics:log-order:list', LOG_ORDER_STATUSES),
  );

  app.get(
    '/logistics/order/statusCounts',
    {
      config: merchant('logistics:order:list'),
      schema: {
        tags: ['logistics'],
        summary: 'How many orders of the caller tenant have each of the 11 statuses (spec order, zeros included) under the list filters; a status filter is ignored',
        querystring: countsQuery,
        response: { 200: envelopeSchema(z.array(statusCount)) },
      },
    },
    async (request) => request.ok(await orderStatusCounts(db, caller(request).tenantId, request.query, await scopeOf(request))),
  );

  // ------------------------------------------------------------------ one order

  app.get(
    '/logistics/order/queryById',
    {
      config: merchant('logistics:order:detail'),
      schema: {
        tags: ['logistics'],
        summary: 'One order of the caller tenant with recipient, products, parcels, fees and tracking events (oldest first); 404 for any other id',
        querystring: idQuery,
        response: { 200: envelopeSchema(orderDetail) },
      },
    },
    async (request) => request.ok(await detailOf(db, caller(request).tenantId, request.query.id, request.lang, await scopeOf(request))),
  );

  app.post(
    '/logistics/order/add',
    {
      config: merchant('logistics:order:add'),
      schema: {
        tags: ['logistics'],
        summary: 'Create an order (status CREATED) with its products; the server numbers it (LO + yymmdd + 8 digits) and quotes its freight on the declared weight',
        body: orderInput,
        response: { 200: envelopeSchema(createdSchema) },
      },
    },
    async (request) => {
      const created = await createOrder(db, caller(request), request.body);
      return request.ok(created, 'orderCreated', { orderNo: created.orderNo });
    },
  );

  app.put(
    '/logistics/order/edit',
    {
      config: merchant('logistics:order:edit'),
      schema: {
        tags: ['logistics'],
        summary: 'Replace the data and products of an order while it is CREATED (409 naming its status otherwise); totals and quote are recomputed',
        body: orderEditInput,
        response: { 200: envelopeSchema(createdSchema) },
      },
    },
    async (request) => {
      const edited = await editOrder(db, caller(request).tenantId, request.body, await scopeOf(request));
      return request.ok(edited, 'orderUpdated', { orderNo: edited.orderNo });
    },
  );

  app.post(
    '/logistics/order/cancel',
    {
      config: merchant('logistics:order:cancel'),
      schema: {
        tags: ['logistics'],
        summary: 'Cancel an order not yet in the warehouse (CREATED or WAIT_COLLECT); the reason, if any, goes into the tracking event',
        body: cancelInput,
        response: { 200: envelopeSchema(createdSchema) },
      },
    },
    async (request) => {
      const cancelled = await cancelOrder(db, caller(request), request.body.id, request.body.reason, await scopeOf(request));
      return request.ok(cancelled, 'orderCancelled', { orderNo: cancelled.orderNo });
    },
  );

  // ------------------------------------------------------------------ Excel

  const exportHandler =
    (menu: DataRuleMenu, defaultStatuses: readonly OrderStatus[] | undefined, name: Texts) =>
    async (request: FastifyRequest<{ Querystring: z.output<typeof exportQuery> }>, reply: FastifyReply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...query } = request.query;
      const book = await exportOrders(db, dictionaries, caller(request).tenantId, query, request.lang, { defaultStatuses, name, scope: await scopeOf(request, menu) });
      return sendXlsx(reply, { title: book.sheetName, asciiTitle: book.fileName, timeZone, ...book });
    };
  const exportSchema = { querystring: exportQuery, produces: [XLSX_TYPE], response: { 200: binary } };

  app.get(
    '/logistics/order/exportXls',
    {
      config: merchant('logistics:order:export'),
      schema: {
        tags: ['logistics'],
        summary: `The order list (same filters and sort) as an .xlsx in the caller's language; more than ${EXPORT_ROWS_MAX} matching orders is a 400; times are the wall clock of timeZone (IANA, default Asia/Shanghai)`,
        ...exportSchema,
      },
    },
    exportHandler('logistics:order:list', undefined, SHEET_TEXTS.exportFile),
  );

  app.get(
    '/logistics/logOrder/exportXls',
    {
      config: merchant('logistics:log-order:export'),
      schema: {
        tags: ['logistics'],
        summary: `The logistics order list (same filters and sort) as an .xlsx in the caller's language; more than ${EXPORT_ROWS_MAX} matching orders is a 400; times are the wall clock of timeZone (IANA, default Asia/Shanghai)`,
        ...exportSchema,
      },
    },
    exportHandler('logistics:log-order:list', LOG_ORDER_STATUSES, SHEET_TEXTS.logExportFile),
  );

  app.get(
    '/logistics/order/importTemplate',
    {
      config: merchant('logistics:order:import'),
      schema: {
        tags: ['logistics'],
        summary: "The Excel import template in the caller's language: a header row, an example row, and a sheet describing each column",
        querystring: getQuery({}),
        produces: [XLSX_TYPE],
        response: { 200: binary },
      },
    },
    async (request, reply) => {
      const template = await importTemplate(dictionaries, request.lang);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(template.fileName, template.fileName)).send(template.workbook);
    },
  );

  app.post(
    '/logistics/order/importExcel',
    {
      config: merchant('logistics:order:import'),
      schema: {
        tags: ['logistics'],
        summary: `Import orders from the template (multipart/form-data, one .xlsx in field "file", at most ${IMPORT_UPLOAD_LIMITS.limitText} and ${IMPORT_ROWS_MAX} rows). All or nothing: any wrong row imports nothing and the errors are listed by row and column`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(importResult) },
      },
    },
    async (request) => {
      const outcome = await importOrders(db, dictionaries, caller(request), (await uploadedFile(request, IMPORT_UPLOAD_LIMITS)).content, request.lang);
      return request.ok(outcome.result, outcome.key, outcome.params);
    },
  );
};
