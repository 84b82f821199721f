import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { positionCheckQuery, positionEditInput, positionInput, positionListQuery, positionRecord } from '@portal/shared/system-org';
import { auditActor, caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { contentDisposition, DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { acceptUploads, IMPORT_UPLOAD_LIMITS, uploadedFile } from '../../../lib/upload.ts';
import { importResult } from '@portal/shared/logistics-schemas';
import { importPositions, positionImportTemplate, POSITION_IMPORT_ROWS_MAX } from './import.ts';
import { listPositions } from './repository.ts';
import { addPosition, checkCode, editPosition, positionWorkbook, removePositions } from './service.ts';

/** `?ids=1,2,3` of a batch delete. */
const idList = z
  .string()
  .max(4000)
  .regex(/^\d+(,\d+)*$/)
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(200));

// the template is a file, not JSON: documented as binary, never serialised
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

const exportFilters = { code: positionListQuery.code, name: positionListQuery.name };

/** Positions of the tenant of the request (a merchant's, or the platform's own). */
export const positionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: positions'];
  // the import's upload (this plugin's own context)
  await acceptUploads(app, IMPORT_UPLOAD_LIMITS);

  app.get(
    '/sys/position/list',
    {
      config: eitherSide('system:position:list'),
      schema: { tags, summary: 'Positions of the tenant, paged; filtered by code and name; by rank (1 first) unless sorted otherwise', querystring: getQuery(positionListQuery), response: { 200: envelopeSchema(pageSchema(positionRecord)) } },
    },
    async (request) => request.ok(await listPositions(db, caller(request).tenantId, request.query)),
  );

  app.get(
    '/sys/position/checkCode',
    {
      config: eitherSide('system:position:list'),
      schema: { tags, summary: "Whether a code is free in the tenant (409 when taken); `id`: the position being edited keeps its own", querystring: getQuery(positionCheckQuery), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await checkCode(db, caller(request).tenantId, request.query.code, request.query.id);
      return request.ok(null);
    },
  );

  app.post(
    '/sys/position/add',
    {
      config: eitherSide('system:position:add'),
      schema: { tags, summary: 'Add a position (409 when its code is taken in the tenant)', body: positionInput, response: { 200: envelopeSchema(positionRecord) } },
    },
    async (request) => request.ok(await addPosition(db, caller(request).tenantId, request.body, auditActor(request))),
  );

  app.put(
    '/sys/position/edit',
    {
      config: eitherSide('system:position:edit'),
      schema: { tags, summary: "Edit a position of the tenant (404 for another tenant's)", body: positionEditInput, response: { 200: envelopeSchema(positionRecord) } },
    },
    async (request) => request.ok(await editPosition(db, caller(request).tenantId, request.body, auditActor(request))),
  );

  app.delete(
    '/sys/position/delete',
    {
      config: eitherSide('system:position:delete'),
      schema: { tags, summary: 'Delete a position; its holders lose it', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removePositions(db, caller(request).tenantId, [request.query.id], auditActor(request));
      return request.ok(null);
    },
  );

  app.delete(
    '/sys/position/deleteBatch',
    {
      config: eitherSide('system:position:delete'),
      schema: { tags, summary: "Delete several positions: all or nothing (404 when one is not the tenant's)", querystring: getQuery({ ids: idList }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removePositions(db, caller(request).tenantId, request.query.ids, auditActor(request));
      return request.ok(null);
    },
  );

  app.get(
    '/sys/position/importTemplate',
    {
      config: eitherSide('system:position:import'),
      schema: { tags, summary: "The positions' import template in the caller's language: the header and one example row", querystring: getQuery({}), produces: [XLSX_TYPE], response: { 200: binary } },
    },
    async (request, reply) => {
      const template = await positionImportTemplate(request.lang);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(template.fileName, 'position-import-template.xlsx')).send(template.workbook);
    },
  );

  app.post(
    '/sys/position/importExcel',
    {
      config: eitherSide('system:position:import'),
      schema: {
        tags,
        summary: `Import positions (multipart/form-data, one .xlsx in field "file", at most ${IMPORT_UPLOAD_LIMITS.limitText} and ${POSITION_IMPORT_ROWS_MAX} rows): code, name, rank. All or nothing: every wrong row is listed (the code's rule, a code repeated in the file or taken in the tenant, the rank's range)`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(importResult) },
      },
    },
    async (request) => {
      const outcome = await importPositions(db, caller(request).tenantId, (await uploadedFile(request, IMPORT_UPLOAD_LIMITS)).content, request.lang);
      return request.ok(outcome.result, outcome.key, outcome.params);
    },
  );

  app.get(
    '/sys/position/exportXls',
    {
      config: eitherSide('system:position:export'),
      schema: { tags, summary: "The filtered positions as an Excel file (xlsx) in the caller's language", querystring: getQuery({ ...exportFilters, timeZone: timeZoneParam }), produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      return sendXlsx(reply, await positionWorkbook(db, caller(request).tenantId, filters, request.lang, timeZone));
    },
  );
};
