import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { LANGUAGES, type Language, type Texts } from '@portal/shared/languages';
import { COUNTRY_CODES, EDITABLE_STATUSES, EXPORT_ROWS_MAX, IMPORT_BYTES_MAX, IMPORT_ROWS_MAX, SERVICE_TYPES, WAREHOUSE_CODES, type OrderStatus } from '@portal/shared/logistics';
import {
  cancelInput,
  importResult,
  ORDER_SORT_COLUMNS,
  orderDetail,
  orderEditInput,
  orderFilters,
  orderInput,
  orderRecord,
  pageQuery,
  statusCount,
  type ImportRowError,
} from '@portal/shared/logistics-schemas';
import { CURRENCY_CODES } from '@portal/shared/money';
import { ORDER_STATUS_TEXTS } from '@portal/shared/order-status';
import type { Db } from '../../db/client.ts';
import { orders, pickupBatchOrders, pickupBatches } from '../../db/schema/logistics.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { getQuery } from '../../lib/query.ts';
import { caller, merchant } from '../../plugins/auth.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { priceFor } from '../freight/freight-service.ts';
import { moveOrder, statusEventText } from './order-lifecycle.ts';
import { normalizeTitle, SHEET_TEXTS, titleOf } from './order-columns.ts';
import { attachment, checkExportSize, fileDate, orderTemplate, writeOrdersXlsx, XLSX_TYPE, type Names } from './order-export.ts';
import { buildOrders, CODED_COLUMNS, readSheet, readWorkbook, sortErrors, type CodeBooks, type CodedColumn } from './order-import.ts';
import { orderProblems, pathText, prepareOrder, type ParsedOrder, type PreparedOrder } from './order-input.ts';
import { filtersStatusAside, LOG_ORDER_STATUSES, listOrders, orderConditions, orderDetailOf, statusCounts, tenantStatusCounts, type SortColumn, type SortDirection } from './order-query.ts';
import { insertOrders, merchantNoRace, quoteAll, replaceOrder, takenMerchantNos } from './order-store.ts';

/*
 * The merchant's international logistics orders (issue 4): /logistics/order/* (every order of the
 * tenant) and /logistics/logOrder/* (orders on their way). Every query is scoped to the caller's
 * tenant; another tenant's order answers 404 like a missing one.
 */

const PERMISSIONS = {
  list: 'logistics:order:list',
  detail: 'logistics:order:detail',
  add: 'logistics:order:add',
  edit: 'logistics:order:edit',
  cancel: 'logistics:order:cancel',
  export: 'logistics:order:export',
  import: 'logistics:order:import',
  logList: 'logistics:log-order:list',
  logExport: 'logistics:log-order:export',
} as const;


const sortQuery = { column: z.enum(ORDER_SORT_COLUMNS).optional(), order: pageQuery.order };
const listQuery = getQuery({ ...pageQuery, ...sortQuery, ...orderFilters });
const exportQuery = getQuery({ ...sortQuery, ...orderFilters });
// the screen sends its whole filter form: a status in it is accepted and ignored (the answer has every status)
const countsQuery = getQuery(orderFilters);
// ids are bigint in the database: one past JavaScript's safe integers would reach PostgreSQL as garbage
const idQuery = getQuery({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const createdSchema = z.object({ id: z.number(), orderNo: z.string() });
// the answer is a file, not JSON: documented as binary, never serialised
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

const sortOf = (query: { column?: SortColumn; order?: SortDirection }) => ({ column: query.column ?? 'createdAt', direction: query.order ?? 'desc' });

/** The order's rules beyond the schema, the first broken one as a 400 naming the field (items[2].unitPrice). */
function checkedOrder(input: ParsedOrder): PreparedOrder {
  const [problem] = orderProblems(input);
  if (problem) throw badRequest(problem.key, { ...problem.params, field: pathText(problem.path) });
  return prepareOrder(input);
}

/** A multipart failure as the client's mistake, never a 500. */
function uploadError(error: unknown): AppError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'importFileTooLarge', { limit: `${IMPORT_BYTES_MAX / 1024 / 1024} MB` });
  return badRequest('importFileMissing');
}

/** The bytes of the one file in field `file`. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw uploadError(error);
  }
  if (!part || part.fieldname !== 'file') throw badRequest('importFileMissing');
  try {
    return await part.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
}

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // uploads only here (this plugin's own context): one file, no larger than an import may be
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: IMPORT_BYTES_MAX, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 } });

  /** Code -> name in `language` of the coded fields (the dictionaries the screens show). */
  async function namesOf(language: Language): Promise<Names> {
    const names = async (code: string) => new Map(((await app.dictService.items(code, language)) ?? []).map((item) => [item.value, item.text]));
    const [status, serviceType, country, warehouse] = await Promise.all([names('LOGOrderStateEnum'), names('ServiceType'), names('CountryType'), names('LogisticsWarehouse')]);
    return { status, serviceType, country, warehouse };
  }

  /** Each coded column's codes and their names in every language (an import accepts any of them). */
  async function codeBooks(): Promise<CodeBooks> {
    const known: Record<CodedColumn, readonly string[]> = { serviceType: SERVICE_TYPES, destinationCountry: COUNTRY_CODES, warehouseCode: WAREHOUSE_CODES, currency: CURRENCY_CODES };
    const books = {} as CodeBooks;
    for (const column of Object.keys(CODED_COLUMNS) as CodedColumn[]) {
      const book = new Map<string, string>(known[column].map((code) => [normalizeTitle(code), code]));
      for (const language of LANGUAGES) {
        for (const item of (await app.dictService.items(CODED_COLUMNS[column], language)) ?? []) {
          if (!known[column].includes(item.value)) continue;
          book.set(normalizeTitle(item.value), item.value);
          book.set(normalizeTitle(item.text), item.value);
        }
      }
      books[column] = book;
    }
    return books;
  }

  /** The caller tenant's order, or 404 (also for another tenant's id: its existence is not revealed). */
  async function ownOrder(tenantId: number, id: number): Promise<{ id: number; tenantId: number; orderNo: string; status: OrderStatus }> {
    const [order] = await db
      .select({ id: orders.id, tenantId: orders.tenantId, orderNo: orders.orderNo, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.tenantId, tenantId)));
    if (!order) throw notFound();
    return order;
  }

  // ------------------------------------------------------------------ lists

  const listHandler = (defaultStatuses?: readonly OrderStatus[]) => async (request: FastifyRequest<{ Querystring: z.output<typeof listQuery> }>) => {
    const { tenantId } = caller(request);
    const query = request.query;
    const where = orderConditions(tenantId, query, { defaultStatuses });
    return request.ok(await listOrders(db, where, sortOf(query), query));
  };
  const listSchema = { querystring: listQuery, response: { 200: envelopeSchema(pageSchema(orderRecord)) } };

  app.get(
    '/logistics/order/list',
    {
      config: merchant(PERMISSIONS.list),
      schema: {
        tags: ['logistics'],
        summary:
          'International logistics orders of the caller tenant, newest first. Numbers match exactly, recipientName by prefix; a plain date in createdTo/statusUpdatedTo means that whole day (server time zone). total counts at most 100,000 (10,000 with a warehouse, service type or recipient filter).',
        ...listSchema,
      },
    },
    listHandler(),
  );

  app.get(
    '/logistics/logOrder/list',
    {
      config: merchant(PERMISSIONS.logList),
      schema: {
        tags: ['logistics'],
        summary: `Logistics order management: the order list limited, unless a status is asked for, to orders shipped out and on (${LOG_ORDER_STATUSES.join(', ')})`,
        ...listSchema,
      },
    },
    listHandler(LOG_ORDER_STATUSES),
  );

  app.get(
    '/logistics/order/statusCounts',
    {
      config: merchant(PERMISSIONS.list),
      schema: {
        tags: ['logistics'],
        summary: 'How many orders of the caller tenant have each of the 11 statuses (spec order, zeros included) under the list filters; a status filter is ignored',
        querystring: countsQuery,
        response: { 200: envelopeSchema(z.array(statusCount)) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      // the tabs of an unfiltered list, its everyday view, come from the counters; any filter counts the matches
      const counts = filtersStatusAside(request.query) ? statusCounts(db, orderConditions(tenantId, request.query, { withStatus: false })) : tenantStatusCounts(db, tenantId);
      return request.ok(await counts);
    },
  );

  // ------------------------------------------------------------------ one order

  app.get(
    '/logistics/order/queryById',
    {
      config: merchant(PERMISSIONS.detail),
      schema: {
        tags: ['logistics'],
        summary: 'One order of the caller tenant with recipient, products, parcels, fees and tracking events (oldest first); 404 for any other id',
        querystring: idQuery,
        response: { 200: envelopeSchema(orderDetail) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      const detail = await orderDetailOf(db, tenantId, request.query.id, request.lang);
      if (!detail) throw notFound();
      return request.ok(detail);
    },
  );

  app.post(
    '/logistics/order/add',
    {
      config: merchant(PERMISSIONS.add),
      schema: {
        tags: ['logistics'],
        summary: 'Create an order (status CREATED) with its products; the server numbers it (LO + yymmdd + 8 digits) and quotes its freight on the declared weight',
        body: orderInput,
        response: { 200: envelopeSchema(createdSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = caller(request);
      const input = request.body;
      const prepared = checkedOrder(input);
      if ((await takenMerchantNos(db, tenantId, [input.merchantOrderNo])).size > 0) throw conflict('merchantOrderNoTaken', { merchantOrderNo: input.merchantOrderNo });
      const quote = await priceFor(db, input, prepared.order.declaredWeight, prepared.dimensions);
      let created: { id: number; orderNo: string } | undefined;
      try {
        [created] = await db.transaction((tx) => insertOrders(tx as unknown as Db, { tenantId, userId }, [{ prepared, quote }]));
      } catch (error) {
        throw merchantNoRace(error, input.merchantOrderNo);
      }
      if (!created) throw new Error('the order was not inserted');
      return request.ok(created, 'orderCreated', { orderNo: created.orderNo });
    },
  );

  app.put(
    '/logistics/order/edit',
    {
      config: merchant(PERMISSIONS.edit),
      schema: {
        tags: ['logistics'],
        summary: 'Replace the data and products of an order while it is CREATED (409 naming its status otherwise); totals and quote are recomputed',
        body: orderEditInput,
        response: { 200: envelopeSchema(createdSchema) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      const { id, ...input } = request.body;
      if (!Number.isSafeInteger(id)) throw notFound();
      const order = await ownOrder(tenantId, id);
      if (!EDITABLE_STATUSES.includes(order.status)) throw conflict('orderNotEditable', { editable: ORDER_STATUS_TEXTS.CREATED, status: ORDER_STATUS_TEXTS[order.status] });
      const prepared = checkedOrder(input);
      if ((await takenMerchantNos(db, tenantId, [input.merchantOrderNo], id)).size > 0) throw conflict('merchantOrderNoTaken', { merchantOrderNo: input.merchantOrderNo });
      const quote = await priceFor(db, input, prepared.order.declaredWeight, prepared.dimensions);
      try {
        await db.transaction((tx) => replaceOrder(tx as unknown as Db, order, prepared, quote));
      } catch (error) {
        throw merchantNoRace(error, input.merchantOrderNo);
      }
      return request.ok({ id: order.id, orderNo: order.orderNo }, 'orderUpdated', { orderNo: order.orderNo });
    },
  );

  app.post(
    '/logistics/order/cancel',
    {
      config: merchant(PERMISSIONS.cancel),
      schema: {
        tags: ['logistics'],
        summary: 'Cancel an order not yet in the warehouse (CREATED or WAIT_COLLECT); the reason, if any, goes into the tracking event',
        body: cancelInput,
        response: { 200: envelopeSchema(createdSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = caller(request);
      const { id, reason } = request.body;
      if (!Number.isSafeInteger(id)) throw notFound();
      const order = await ownOrder(tenantId, id);
      const event = statusEventText('CANCEL');
      // the merchant's words in every language, after the event's own ("訂單已取消：客戶改單")
      const description = reason
        ? (Object.fromEntries(LANGUAGES.map((language) => [language, `${event[language]}${language === 'en-US' ? ': ' : '：'}${reason}`])) as Texts)
        : undefined;
      await db.transaction(async (tx) => {
        // a pick-up batch counts on its orders: the batch is cancelled first (while it is prepared), never an order out of it
        const [batch] = await tx
          .select({ batchNo: pickupBatches.batchNo })
          .from(pickupBatchOrders)
          .innerJoin(pickupBatches, eq(pickupBatches.id, pickupBatchOrders.batchId))
          .where(and(eq(pickupBatchOrders.orderId, order.id), eq(pickupBatches.cancelled, false)))
          .limit(1);
        if (batch) throw conflict('orderInPickupBatch', { orderNo: order.orderNo, batchNo: batch.batchNo });
        await moveOrder(tx as unknown as Db, order, 'CANCEL', { source: 'MANUAL', createdBy: userId, description });
      });
      return request.ok({ id: order.id, orderNo: order.orderNo }, 'orderCancelled', { orderNo: order.orderNo });
    },
  );

  // ------------------------------------------------------------------ Excel

  const exportHandler =
    (defaultStatuses: readonly OrderStatus[] | undefined, fileName: Texts) =>
    async (request: FastifyRequest<{ Querystring: z.output<typeof exportQuery> }>, reply: FastifyReply) => {
      const { tenantId } = caller(request);
      const query = request.query;
      const where = orderConditions(tenantId, query, { defaultStatuses });
      await checkExportSize(db, where, EXPORT_ROWS_MAX);
      const names = await namesOf(request.lang);
      const out = new PassThrough();
      // the workbook is written while it is sent; a failure half-way can only cut the download short
      writeOrdersXlsx(out, { db, where, sort: sortOf(query) }, request.lang, names).catch((error: unknown) => {
        request.log.error({ err: error }, 'order export failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${fileName[request.lang]}-${fileDate()}.xlsx`)).send(out);
    };
  const exportSchema = { querystring: exportQuery, produces: [XLSX_TYPE], response: { 200: binary } };

  app.get(
    '/logistics/order/exportXls',
    {
      config: merchant(PERMISSIONS.export),
      schema: {
        tags: ['logistics'],
        summary: `The order list (same filters and sort) as an .xlsx in the caller's language; more than ${EXPORT_ROWS_MAX} matching orders is a 400`,
        ...exportSchema,
      },
    },
    exportHandler(undefined, SHEET_TEXTS.exportFile),
  );

  app.get(
    '/logistics/logOrder/exportXls',
    {
      config: merchant(PERMISSIONS.logExport),
      schema: {
        tags: ['logistics'],
        summary: `The logistics order list (same filters and sort) as an .xlsx in the caller's language; more than ${EXPORT_ROWS_MAX} matching orders is a 400`,
        ...exportSchema,
      },
    },
    exportHandler(LOG_ORDER_STATUSES, SHEET_TEXTS.logExportFile),
  );

  app.get(
    '/logistics/order/importTemplate',
    {
      config: merchant(PERMISSIONS.import),
      schema: {
        tags: ['logistics'],
        summary: "The Excel import template in the caller's language: a header row, an example row, and a sheet describing each column",
        querystring: getQuery({}),
        produces: [XLSX_TYPE],
        response: { 200: binary },
      },
    },
    async (request, reply) => {
      const template = await orderTemplate(request.lang, await namesOf(request.lang), {
        serviceType: [...SERVICE_TYPES],
        country: [...COUNTRY_CODES],
        warehouse: [...WAREHOUSE_CODES],
        currency: [...CURRENCY_CODES],
      });
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${SHEET_TEXTS.templateFile[request.lang]}.xlsx`)).send(template);
    },
  );

  app.post(
    '/logistics/order/importExcel',
    {
      config: merchant(PERMISSIONS.import),
      schema: {
        tags: ['logistics'],
        summary: `Import orders from the template (multipart/form-data, one .xlsx in field "file", at most ${IMPORT_BYTES_MAX / 1024 / 1024} MB and ${IMPORT_ROWS_MAX} rows). All or nothing: any wrong row imports nothing and the errors are listed by row and column`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(importResult) },
      },
    },
    async (request) => {
      const { tenantId, userId } = caller(request);
      const language = request.lang;
      const sheet = readSheet(await readWorkbook(await uploadedFile(request)), language);
      const refuse = (errors: ImportRowError[]) => request.ok({ imported: 0, errors: sortErrors(errors, sheet.titles) }, 'importNothingImported', { count: errors.length });
      if (sheet.errors.length > 0) return refuse(sheet.errors);
      const { orders: found, errors } = buildOrders(sheet, await codeBooks(), language);
      const merchantNoTitle = sheet.titles.merchantOrderNo ?? titleOf('merchantOrderNo', language);
      const reportTaken = (taken: Set<string>) => {
        for (const order of found) {
          if (taken.has(order.merchantOrderNo)) {
            errors.push({ row: order.firstRow, column: merchantNoTitle, message: request.t('importOrderNoExists', { merchantOrderNo: order.merchantOrderNo }) });
          }
        }
      };
      const numbers = found.map((order) => order.merchantOrderNo);
      reportTaken(await takenMerchantNos(db, tenantId, numbers));
      if (errors.length > 0) return refuse(errors);
      const quotes = await quoteAll(db, found.map((order) => order.prepared));
      try {
        await db.transaction((tx) =>
          insertOrders(
            tx as unknown as Db,
            { tenantId, userId },
            found.map((order, index) => ({ prepared: order.prepared, quote: quotes[index] ?? null })),
          ),
        );
      } catch (error) {
        if (violatedConstraint(error) !== 'log_order_merchant_no_uq') throw error;
        // another request took one of the numbers since the check: report it like the check would have
        reportTaken(await takenMerchantNos(db, tenantId, numbers));
        return refuse(errors);
      }
      return request.ok({ imported: found.length, errors: [] }, 'importDone', { count: found.length });
    },
  );
};
