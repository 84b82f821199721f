import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { EXPORT_ROWS_MAX } from '@portal/shared/logistics';
import { importResult } from '@portal/shared/logistics-schemas';
import { formatMessage } from '@portal/shared/messages';
import { userListQueryShape } from '@portal/shared/system-users';
import { acceptUploads, IMPORT_UPLOAD_LIMITS, uploadedFile } from '../../../lib/upload.ts';
import { getQuery } from '../../../lib/query.ts';
import { assertExportSize, contentDisposition, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { auditActor, caller, eitherSide } from '../../../plugins/auth.ts';
import { countUsers, userBatch, userConditions, userExportColumns } from './export.ts';
import { USER_IMPORT_ROWS_MAX } from './import.ts';
import { importUsers, userImportTemplate } from './service.ts';

// the answer is a file, not JSON: documented as binary, never serialised
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

// the list's filters (its paging and sort are the list's own: an export is every matching user, newest first)
const { username, realname, phone, status, departId, roleId } = userListQueryShape;
const filterShape = { username, realname, phone, status, departId, roleId };

/** The user list as Excel, and users imported from Excel: in the caller's tenant. */
export const userTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // uploads only here (this plugin's own context): one file, no larger than an import may be
  await acceptUploads(app, IMPORT_UPLOAD_LIMITS);

  app.get(
    '/sys/user/exportXls',
    {
      config: eitherSide('system:user:export'),
      schema: {
        tags: ['system'],
        summary: `The user list (the filters of /sys/user/list) as an .xlsx in the caller's language; more than ${EXPORT_ROWS_MAX} users is a 400; times are the wall clock of timeZone (IANA, default Asia/Shanghai)`,
        querystring: getQuery({ ...filterShape, timeZone: timeZoneParam }),
        produces: [XLSX_TYPE],
        response: { 200: binary },
      },
    },
    async (request, reply) => {
      const { tenantId } = caller(request);
      const where = userConditions(tenantId, request.query);
      const timeZone = request.query.timeZone ?? DEFAULT_EXPORT_TIME_ZONE;
      assertExportSize(await countUsers(db, where, EXPORT_ROWS_MAX));
      return sendXlsx(reply, {
        title: formatMessage(request.lang, 'userExportTitle'),
        asciiTitle: 'users',
        timeZone,
        columns: userExportColumns(request.lang),
        batches: keysetBatches(userBatch(db, tenantId, where)),
      });
    },
  );

  app.get(
    '/sys/user/importTemplate',
    {
      config: eitherSide('system:user:import'),
      schema: {
        tags: ['system'],
        summary: "The users' import template in the caller's language: the header row and one example row",
        querystring: getQuery({}),
        produces: [XLSX_TYPE],
        response: { 200: binary },
      },
    },
    async (request, reply) => {
      const template = await userImportTemplate(db, caller(request), request.lang);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(template.fileName, 'user-import-template.xlsx')).send(template.workbook);
    },
  );

  app.post(
    '/sys/user/importExcel',
    {
      config: eitherSide('system:user:import'),
      schema: {
        tags: ['system'],
        summary: `Import users from the template (multipart/form-data, one .xlsx in field "file", at most ${IMPORT_UPLOAD_LIMITS.limitText} and ${USER_IMPORT_ROWS_MAX} rows). All or nothing: any wrong row imports nothing and every error is listed by row and column`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(importResult) },
      },
    },
    async (request) => {
      const outcome = await importUsers(db, caller(request), (await uploadedFile(request, IMPORT_UPLOAD_LIMITS)).content, request.lang, auditActor(request));
      return request.ok(outcome.result, outcome.key, outcome.params);
    },
  );
};
