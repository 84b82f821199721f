import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { DEAL_HIDDEN_STATUSES, EXCEPTION_STATUS_VALUES, EXCEPTION_TYPES, type ExceptionStatus } from '@portal/shared/logistics';
import { exceptionDealInput, exceptionRecord, pageQuery } from '@portal/shared/logistics-schemas';
import { EXCEPTION_RESOLUTION_TEXTS, EXCEPTION_STATUS_TEXTS, EXCEPTION_TYPE_TEXTS, pickupExportTexts } from '@portal/shared/messages-pickup';
import type { Language } from '@portal/shared/languages';
import { caller, merchant, platform } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { collectionExceptions, orders } from '../../db/schema/logistics.ts';
import { idField, idParam, pageOf, timeParam } from '../../lib/list.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx, timeFormatter, timeZoneParam, type ExportColumn } from '../../lib/xlsx.ts';
import { exceptionExportBatch, exceptionsWithOrder, exceptionWhere, findException, toExceptionRecord, type ExceptionRow } from './exception-repository.ts';

/** Spec §4: the merchant deals with what is not hidden, that is pending ('0') or awaiting the merchant ('2'). */
const DEALABLE: readonly ExceptionStatus[] = EXCEPTION_STATUS_VALUES.filter((status) => !DEAL_HIDDEN_STATUSES.includes(status));

/**
 * What the platform may set, from each status: ask the merchant ('2', again if need be), close ('3')
 * or cancel ('4') an open one; a handled one ('1') may still be closed. Closed and cancelled are final.
 */
export const PLATFORM_EXCEPTION_MOVES: Readonly<Record<ExceptionStatus, readonly ExceptionStatus[]>> = {
  '0': ['2', '3', '4'],
  '1': ['3'],
  '2': ['2', '3', '4'],
  '3': [],
  '4': [],
};

const filters = {
  status: z.enum(EXCEPTION_STATUS_VALUES).optional(),
  type: z.enum(EXCEPTION_TYPES).optional(),
  orderNo: z.string().trim().max(32).optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
};
const listQuery = getQuery({ ...pageQuery, column: z.enum(['createdAt']).optional(), ...filters });
const platformListQuery = getQuery({ ...pageQuery, column: z.enum(['createdAt']).optional(), ...filters, tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional() });

const exceptionAddInput = z.strictObject({
  orderNo: z.string().trim().min(1).max(32),
  type: z.enum(EXCEPTION_TYPES),
  description: z.string().trim().min(1).max(1000),
});
const exceptionUpdateInput = z.strictObject({
  id: idField,
  status: z.enum(['2', '3', '4']),
  remark: z.string().trim().max(1000).default(''),
});
const platformExceptionRecord = exceptionRecord.extend({ tenantId: z.number(), tenantName: z.string() });


/** EX + the UTC date as yymmdd (as order numbers) + 6 digits of the exception sequence. */
const nextExceptionNo = sql<string>`'EX' || to_char(now() at time zone 'UTC', 'YYMMDD') || lpad((nextval('log_exception_no_seq') % 1000000)::text, 6, '0')`;

/** Collection-order exceptions, merchant and platform sides: /logistics/collectionException/*, /warehouse/exception/* */
export const exceptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const page = async (tenantId: number | null, query: z.infer<typeof platformListQuery>) => {
    const where = exceptionWhere(db, tenantId, query);
    const direction = query.order === 'asc' ? asc : desc;
    const size = query.pageSize;
    const [rows, counted] = await Promise.all([
      exceptionsWithOrder(db)
        .where(where)
        .orderBy(direction(collectionExceptions.createdAt), direction(collectionExceptions.id))
        .limit(size)
        .offset((query.pageNo - 1) * size),
      db.select({ total: sql<number>`count(*)::int` }).from(collectionExceptions).where(where),
    ]);
    return { rows, total: Number(counted[0]?.total ?? 0), pageNo: query.pageNo, size };
  };

  // ------------------------------------------------------------------ merchant

  app.get(
    '/logistics/collectionException/list',
    {
      config: merchant('logistics:collection-exception:list'),
      schema: {
        tags: ['exception'],
        summary: "The caller tenant's collection exceptions, newest first; filters on status, type, order number and time",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(exceptionRecord)) },
      },
    },
    async (request) => {
      const { rows, total, pageNo, size } = await page(caller(request).tenantId, request.query);
      return request.ok(pageOf(rows.map(toExceptionRecord), total, pageNo, size));
    },
  );

  app.get(
    '/logistics/collectionException/queryById',
    {
      config: merchant('logistics:collection-exception:detail'),
      schema: {
        tags: ['exception'],
        summary: 'One collection exception of the caller tenant',
        querystring: getQuery({ id: idParam }),
        response: { 200: envelopeSchema(exceptionRecord) },
      },
    },
    async (request) => {
      const row = await findException(db, request.query.id, caller(request).tenantId);
      if (!row) throw notFound();
      return request.ok(toExceptionRecord(row));
    },
  );

  app.post(
    '/logistics/collectionException/deal',
    {
      config: merchant('logistics:collection-exception:deal'),
      schema: {
        tags: ['exception'],
        summary: "The merchant's decision on a pending ('0') or awaiting ('2') exception: it becomes handled ('1'); any other status is 409",
        body: exceptionDealInput,
        response: { 200: envelopeSchema(exceptionRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = caller(request);
      const body = request.body;
      // the status condition makes the check and the change one step: two deals cannot both pass
      const dealt = await db
        .update(collectionExceptions)
        .set({ status: '1', resolution: body.resolution, merchantRemark: body.remark, dealtBy: userId, dealtAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(collectionExceptions.id, body.id), eq(collectionExceptions.tenantId, tenantId), inArray(collectionExceptions.status, [...DEALABLE])))
        .returning({ id: collectionExceptions.id });
      if (dealt.length === 0) {
        const row = await findException(db, body.id, tenantId);
        if (!row) throw notFound();
        throw conflict('exceptionNotDealable', { status: EXCEPTION_STATUS_TEXTS[row.status] });
      }
      return request.ok(toExceptionRecord(must(await findException(db, body.id, tenantId), 'exception')));
    },
  );

  app.get(
    '/logistics/collectionException/exportXls',
    {
      config: merchant('logistics:collection-exception:export'),
      schema: {
        tags: ['exception'],
        summary: "The filtered exception list as an Excel file (xlsx) in the caller's language, newest first",
        querystring: getQuery({ ...filters, timeZone: timeZoneParam }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { tenantId } = caller(request);
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...query } = request.query;
      const where = exceptionWhere(db, tenantId, query);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(collectionExceptions).where(where);
      assertExportSize(Number(counted?.total ?? 0));
      return sendXlsx(reply, {
        title: pickupExportTexts.exceptionTitle[request.lang],
        asciiTitle: 'collection-exceptions',
        timeZone,
        columns: exceptionColumnsFor(request.lang, timeZone),
        batches: keysetBatches((after, limit) => exceptionExportBatch(db, where, after, limit)),
      });
    },
  );

  // ------------------------------------------------------------------ platform

  app.get(
    '/warehouse/exception/list',
    {
      config: platform('warehouse:exception:list'),
      schema: {
        tags: ['exception'],
        summary: 'Collection exceptions of every tenant with the tenant name, newest first',
        querystring: platformListQuery,
        response: { 200: envelopeSchema(pageSchema(platformExceptionRecord)) },
      },
    },
    async (request) => {
      const query = request.query;
      // every tenant, or the one the operator picked
      const { rows, total, pageNo, size } = await page(query.tenantId ?? null, query);
      return request.ok(pageOf(rows.map((row) => ({ ...toExceptionRecord(row), tenantId: row.tenantId, tenantName: row.tenantName })), total, pageNo, size));
    },
  );

  app.post(
    '/warehouse/exception/add',
    {
      config: platform('warehouse:exception:add'),
      schema: {
        tags: ['exception'],
        summary: "Register an exception on an order of any tenant, by the order's number: pending ('0')",
        body: exceptionAddInput,
        response: { 200: envelopeSchema(platformExceptionRecord) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const body = request.body;
      const [order] = await db.select({ id: orders.id, tenantId: orders.tenantId }).from(orders).where(eq(orders.orderNo, body.orderNo)).limit(1);
      if (!order) throw notFound('exceptionOrderNotFound', { orderNo: body.orderNo });
      const [created] = await db
        .insert(collectionExceptions)
        .values({ tenantId: order.tenantId, exceptionNo: nextExceptionNo, orderId: order.id, type: body.type, description: body.description, status: '0', reportedBy: userId })
        .returning({ id: collectionExceptions.id });
      const row = must(await findException(db, must(created, 'inserted exception').id, null), 'exception');
      return request.ok({ ...toExceptionRecord(row), tenantId: row.tenantId, tenantName: row.tenantName });
    },
  );

  app.post(
    '/warehouse/exception/update',
    {
      config: platform('warehouse:exception:update'),
      schema: {
        tags: ['exception'],
        summary: "Ask the merchant ('2', remark required), close ('3') or cancel ('4') an exception; from '0' or '2', and a handled '1' may be closed",
        body: exceptionUpdateInput,
        response: { 200: envelopeSchema(platformExceptionRecord) },
      },
    },
    async (request) => {
      const body = request.body;
      // a question to the merchant needs its words
      if (body.status === '2' && !body.remark) throw badRequest('validationRequired', { field: 'remark' });
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: collectionExceptions.id, status: collectionExceptions.status })
          .from(collectionExceptions)
          .where(eq(collectionExceptions.id, body.id))
          .for('update')
          .limit(1);
        if (!current) throw notFound();
        if (!PLATFORM_EXCEPTION_MOVES[current.status].includes(body.status)) {
          throw conflict('exceptionTransitionRefused', { from: EXCEPTION_STATUS_TEXTS[current.status], to: EXCEPTION_STATUS_TEXTS[body.status] });
        }
        await tx
          .update(collectionExceptions)
          .set({ status: body.status, ...(body.remark ? { platformRemark: body.remark } : {}), updatedAt: sql`now()` })
          .where(eq(collectionExceptions.id, current.id));
      });
      const row = must(await findException(db, body.id, null), 'exception');
      return request.ok({ ...toExceptionRecord(row), tenantId: row.tenantId, tenantName: row.tenantName });
    },
  );
};

function exceptionColumnsFor(lang: Language, timeZone: string): ExportColumn<ExceptionRow>[] {
  const t = pickupExportTexts;
  const time = timeFormatter(timeZone);
  const named = <K extends string>(texts: Record<K, Record<Language, string>>, value: string | null) => (value !== null && Object.hasOwn(texts, value) ? texts[value as K][lang] : (value ?? ''));
  return [
    { header: t.exceptionNo[lang], width: 20, value: (row) => row.exceptionNo },
    { header: t.logisticsOrderNo[lang], width: 22, value: (row) => row.orderNo },
    { header: t.exceptionType[lang], width: 16, value: (row) => named(EXCEPTION_TYPE_TEXTS, row.type) },
    { header: t.description[lang], width: 40, value: (row) => row.description },
    { header: t.status[lang], width: 16, value: (row) => EXCEPTION_STATUS_TEXTS[row.status][lang] },
    { header: t.resolution[lang], width: 14, value: (row) => named(EXCEPTION_RESOLUTION_TEXTS, row.resolution) },
    { header: t.merchantRemark[lang], width: 30, value: (row) => row.merchantRemark },
    { header: t.platformRemark[lang], width: 30, value: (row) => row.platformRemark },
    { header: t.dealtAt[lang], width: 20, value: (row) => time(row.dealtAt) },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
