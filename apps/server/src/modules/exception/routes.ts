import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { EXCEPTION_STATUS_FILTERS, EXCEPTION_TYPES } from '@portal/shared/logistics';
import { exceptionDealInput, exceptionRecord, pageQuery } from '@portal/shared/logistics-schemas';
import { caller, merchant, platform } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { idField, idParam, timeParam } from '../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../lib/xlsx.ts';
import { listExceptions, listPlatformExceptions } from './repository.ts';
import { dealWith, exceptionOf, exceptionWorkbook, registerException, updateException } from './service.ts';

const filters = {
  // 'OPEN': pending or awaiting the merchant, as the home page counts them
  status: z.enum(EXCEPTION_STATUS_FILTERS).optional(),
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

/** Collection-order exceptions, merchant and platform sides: /logistics/collectionException/*, /warehouse/exception/* */
export const exceptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

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
    async (request) => request.ok(await listExceptions(db, caller(request).tenantId, request.query)),
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
    async (request) => request.ok(await exceptionOf(db, caller(request).tenantId, request.query.id)),
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
    async (request) => request.ok(await dealWith(db, caller(request), request.body)),
  );

  app.get(
    '/logistics/collectionException/exportXls',
    {
      config: merchant('logistics:collection-exception:export'),
      schema: {
        tags: ['exception'],
        summary: "The filtered exception list as an Excel file (xlsx) in the caller's language, newest first",
        querystring: getQuery({ ...filters, timeZone: timeZoneParam }),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      return sendXlsx(reply, await exceptionWorkbook(db, caller(request).tenantId, filters, request.lang, timeZone));
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
    // every tenant, or the one the operator picked
    async (request) => request.ok(await listPlatformExceptions(db, request.query)),
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
    async (request) => request.ok(await registerException(db, caller(request).userId, request.body)),
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
    async (request) => request.ok(await updateException(db, request.body)),
  );
};
