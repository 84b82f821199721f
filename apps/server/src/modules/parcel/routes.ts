import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { PARCEL_STATUSES } from '@portal/shared/logistics';
import { pageQuery, parcelEditInput, parcelInput, parcelRecord } from '@portal/shared/logistics-schemas';
import { caller, merchant } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { idParam, timeParam } from '../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../lib/xlsx.ts';
import { listParcels } from './repository.ts';
import { addParcel, editParcel, parcelWorkbook, removeParcel } from './service.ts';

const filters = {
  trackingNo: z.string().trim().max(64).optional(),
  /** the logistics order number */
  orderNo: z.string().trim().max(32).optional(),
  status: z.enum(PARCEL_STATUSES).optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  storageTime_begin: timeParam.optional(),
  storageTime_end: timeParam.optional(),
};

const listQuery = getQuery({ ...pageQuery, column: z.enum(['createdAt', 'trackingNo']).optional(), ...filters });
const exportQuery = getQuery({ ...filters, timeZone: timeZoneParam });
const idQuery = getQuery({ id: idParam });

/** Package management: /logistics/package/* (merchant, the caller's tenant only). */
export const parcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // the caller's data rules on the package menu (modules/system/data-rule): a parcel they hide is missing
  const scopeOf = (request: FastifyRequest) => app.dataRules.scope(caller(request), 'logistics:package:list');

  app.get(
    '/logistics/package/list',
    {
      config: merchant('logistics:package:list'),
      schema: {
        tags: ['parcel'],
        summary: "The caller tenant's parcels, newest first; filters on tracking number, order number, status, created and storage times",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(parcelRecord)) },
      },
    },
    async (request) => request.ok(await listParcels(db, caller(request).tenantId, request.query, await scopeOf(request))),
  );

  app.post(
    '/logistics/package/add',
    {
      config: merchant('logistics:package:add'),
      schema: {
        tags: ['parcel'],
        summary: 'Forecast a parcel by its domestic tracking number (unique in the tenant: 409), optionally linked to a Created or Awaiting collection order',
        body: parcelInput,
        response: { 200: envelopeSchema(parcelRecord) },
      },
    },
    async (request) => request.ok(await addParcel(db, caller(request).tenantId, request.body)),
  );

  app.put(
    '/logistics/package/edit',
    {
      config: merchant('logistics:package:edit'),
      schema: {
        tags: ['parcel'],
        summary: 'Replace a forecast parcel (only while FORECAST: 409 otherwise); omitted fields are cleared',
        body: parcelEditInput,
        response: { 200: envelopeSchema(parcelRecord) },
      },
    },
    async (request) => request.ok(await editParcel(db, caller(request).tenantId, request.body, await scopeOf(request))),
  );

  app.delete(
    '/logistics/package/delete',
    {
      config: merchant('logistics:package:delete'),
      schema: {
        tags: ['parcel'],
        summary: 'Delete a forecast parcel (only while FORECAST: 409 otherwise)',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removeParcel(db, caller(request).tenantId, request.query.id, await scopeOf(request));
      return request.ok(null);
    },
  );

  app.get(
    '/logistics/package/exportXls',
    {
      config: merchant('logistics:package:export'),
      schema: {
        tags: ['parcel'],
        summary: 'The filtered parcel list as an Excel file (xlsx) in the caller\'s language, newest first; times in `timeZone` (default Asia/Shanghai)',
        querystring: exportQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      return sendXlsx(reply, await parcelWorkbook(db, caller(request).tenantId, filters, request.lang, timeZone, await scopeOf(request)));
    },
  );
};
