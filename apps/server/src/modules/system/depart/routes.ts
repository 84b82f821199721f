import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema, PAGE_SIZE_MAX } from '@portal/shared/api';
import {
  departAddSchema,
  departEditSchema,
  departIdNodeSchema,
  departMemberSchema,
  departMembersAddSchema,
  departMoveSchema,
  departNodeSchema,
  departPermissionSaveSchema,
  departRecordSchema,
} from '@portal/shared/system-departs';
import { auditActor, caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { contentDisposition, DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { acceptUploads, IMPORT_UPLOAD_LIMITS, uploadedFile } from '../../../lib/upload.ts';
import { importResult } from '@portal/shared/logistics-schemas';
import { DEPART_IMPORT_ROWS_MAX, departImportTemplate, importDeparts } from './import.ts';
import { departExportTexts } from '@portal/shared/system-departs';
import { departExportColumns, departExportRows } from './export.ts';
import { searchDeparts } from './repository.ts';
import { addDepart, addMembers, departIdTree, departTree, editDepart, listMembers, moveDepart, queryCeiling, removeDepart, removeMember, saveCeiling } from './service.ts';

const tags = ['system-depart'];
const done = envelopeSchema(z.null());
// the template is a file, not JSON: documented as binary, never serialised
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

/** Departments of the caller's tenant (spec §7 "Departments"), their members, and their permissions (the ceiling). */
export const departRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const access = app.accessService;
  // the import's upload (this plugin's own context)
  await acceptUploads(app, IMPORT_UPLOAD_LIMITS);

  app.get(
    '/sys/sysDepart/queryTreeList',
    {
      config: eitherSide('system:depart:list'),
      schema: { tags, summary: "The tenant's departments as a tree, with heads and member counts", querystring: getQuery({}), response: { 200: envelopeSchema(z.array(departNodeSchema)) } },
    },
    async (request) => request.ok(await departTree(db, caller(request).tenantId)),
  );

  app.get(
    '/sys/sysDepart/queryIdTree',
    {
      config: eitherSide('system:depart:list'),
      schema: { tags, summary: 'The id/title tree of tree selects', querystring: getQuery({}), response: { 200: envelopeSchema(z.array(departIdNodeSchema)) } },
    },
    async (request) => request.ok(await departIdTree(db, caller(request).tenantId)),
  );

  app.get(
    '/sys/sysDepart/searchBy',
    {
      config: eitherSide('system:depart:list'),
      schema: {
        tags,
        summary: 'Departments whose name or org code holds the word',
        querystring: getQuery({ keyWord: z.string().trim().min(1).max(100) }),
        response: { 200: envelopeSchema(z.array(departRecordSchema)) },
      },
    },
    async (request) => request.ok(await searchDeparts(db, caller(request).tenantId, request.query.keyWord)),
  );

  app.get(
    '/sys/sysDepart/importTemplate',
    {
      config: eitherSide('system:depart:import'),
      schema: { tags, summary: "The departments' import template in the caller's language: the header and two example rows", querystring: getQuery({}), produces: [XLSX_TYPE], response: { 200: binary } },
    },
    async (request, reply) => {
      const template = await departImportTemplate(db, caller(request).tenantId, request.lang);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(template.fileName, 'department-import-template.xlsx')).send(template.workbook);
    },
  );

  app.post(
    '/sys/sysDepart/importExcel',
    {
      config: eitherSide('system:depart:import'),
      schema: {
        tags,
        summary: `Import departments (multipart/form-data, one .xlsx in field "file", at most ${IMPORT_UPLOAD_LIMITS.limitText} and ${DEPART_IMPORT_ROWS_MAX} rows): a name, a parent (org code or name path of an existing or earlier-row department), a sort order; org codes are made as for add. All or nothing: every wrong row is listed`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(importResult) },
      },
    },
    async (request) => {
      const outcome = await importDeparts(db, caller(request).tenantId, (await uploadedFile(request, IMPORT_UPLOAD_LIMITS)).content, request.lang);
      return request.ok(outcome.result, outcome.key, outcome.params);
    },
  );

  app.get(
    '/sys/sysDepart/exportXls',
    {
      config: eitherSide('system:depart:export'),
      schema: { tags, summary: "The tenant's departments as an Excel file (xlsx), in tree order", querystring: getQuery({ timeZone: timeZoneParam }), produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const rows = departExportRows(await departTree(db, caller(request).tenantId));
      const title = departExportTexts.title[request.lang];
      return sendXlsx(reply, {
        title,
        asciiTitle: 'departments',
        timeZone: request.query.timeZone ?? DEFAULT_EXPORT_TIME_ZONE,
        columns: departExportColumns(request.lang),
        batches: (async function* () {
          yield rows;
        })(),
      });
    },
  );

  app.post(
    '/sys/sysDepart/add',
    {
      config: eitherSide('system:depart:add'),
      schema: { tags, summary: 'A department, its org code generated under its parent', body: departAddSchema, response: { 200: envelopeSchema(departRecordSchema) } },
    },
    async (request) => request.ok(await addDepart(db, caller(request).tenantId, request.body, auditActor(request))),
  );

  app.put(
    '/sys/sysDepart/edit',
    {
      config: eitherSide('system:depart:edit'),
      schema: { tags, summary: "A department's name, sort number and heads (among its members)", body: departEditSchema, response: { 200: envelopeSchema(departRecordSchema) } },
    },
    async (request) => request.ok(await editDepart(db, access, caller(request).tenantId, request.body, auditActor(request))),
  );

  app.put(
    '/sys/sysDepart/move',
    {
      config: eitherSide('system:depart:edit'),
      schema: { tags, summary: 'Moves a department under another parent or to another place among its siblings', body: departMoveSchema, response: { 200: done } },
    },
    async (request) => request.ok(await moveDepart(db, access, caller(request).tenantId, request.body).then(() => null)),
  );

  app.delete(
    '/sys/sysDepart/delete',
    {
      config: eitherSide('system:depart:delete'),
      schema: { tags, summary: 'Deletes a department without sub-departments or members', querystring: getQuery({ id: idParam }), response: { 200: done } },
    },
    async (request) => request.ok(await removeDepart(db, caller(request).tenantId, request.query.id, auditActor(request)).then(() => null)),
  );

  app.get(
    '/sys/user/departUserList',
    {
      config: eitherSide('system:depart:list'),
      schema: {
        tags,
        summary: 'The members of a department',
        querystring: getQuery({
          depId: idParam,
          username: z.string().trim().max(64).optional(),
          pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
        }),
        response: { 200: envelopeSchema(pageSchema(departMemberSchema)) },
      },
    },
    async (request) => request.ok(await listMembers(db, caller(request).tenantId, request.query)),
  );

  app.post(
    '/sys/user/editSysDepartWithUser',
    {
      config: eitherSide('system:depart:edit'),
      schema: { tags, summary: 'Adds users of the tenant to a department', body: departMembersAddSchema, response: { 200: done } },
    },
    async (request) => request.ok(await addMembers(db, access, caller(request), request.body).then(() => null)),
  );

  app.delete(
    '/sys/user/deleteUserInDepart',
    {
      config: eitherSide('system:depart:edit'),
      schema: { tags, summary: 'Takes a user out of a department and its department roles', querystring: getQuery({ depId: idParam, userId: idParam }), response: { 200: done } },
    },
    async (request) => request.ok(await removeMember(db, access, caller(request), request.query).then(() => null)),
  );

  app.get(
    '/sys/permission/queryDepartPermission',
    {
      config: eitherSide('system:depart:auth'),
      schema: { tags, summary: "The permission ids of the department's ceiling", querystring: getQuery({ departId: idParam }), response: { 200: envelopeSchema(z.array(z.number().int())) } },
    },
    async (request) => request.ok(await queryCeiling(db, caller(request).tenantId, request.query.departId)),
  );

  app.post(
    '/sys/permission/saveDepartPermission',
    {
      config: eitherSide('system:depart:auth'),
      schema: { tags, summary: "Saves the department's ceiling; its roles lose what falls outside it", body: departPermissionSaveSchema, response: { 200: done } },
    },
    async (request) => request.ok(await saveCeiling(db, access, caller(request), request.body).then(() => null)),
  );
};
