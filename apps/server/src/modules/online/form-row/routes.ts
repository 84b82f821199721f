import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { importResult } from '@portal/shared/logistics-schemas';
import { FORM_PAGE_SIZE_MAX, formRow, formRowEditInput, formRowInput, formSchemaAnswer, onlineCode, onlineFormCode } from '@portal/shared/online';
import type { DictOption } from '@portal/shared/sys';
import { forbidden } from '../../../lib/errors.ts';
import { idParam } from '../../../lib/list.ts';
import { getQuery } from '../../../lib/query.ts';
import { acceptUploads, IMPORT_UPLOAD_LIMITS, uploadedFile } from '../../../lib/upload.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, signedIn } from '../../../plugins/auth.ts';
import { rowExportBatches, rowExportColumns } from './export.ts';
import { importRows } from './import.ts';
import { countFormRows } from './repository.ts';
import { addRow, editRow, getRow, listFormRows, listPlan, loadForm, removeRow, type RowContext } from './service.ts';

const tags = ['online-form'];
const codeParams = z.strictObject({ code: onlineCode });
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

/** The list's parameters; every other key is a filter by a queryable field (`<key>`, `<key>_begin`, `<key>_end`), checked against the form. */
const listQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(FORM_PAGE_SIZE_MAX).default(10),
    column: z.string().max(60).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    _t: z.string().max(20).optional(),
  })
  .catchall(z.string().max(255));

type ListQuery = z.infer<typeof listQuery>;
const LIST_PARAMETERS = new Set(['pageNo', 'pageSize', 'column', 'order', '_t', 'timeZone']);
const filtersOf = (query: ListQuery): Record<string, string> =>
  Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => !LIST_PARAMETERS.has(entry[0]) && typeof entry[1] === 'string'));

/**
 * Whoever uses an online form holds its menu entry's code (`online:form:<code>`), or is the platform
 * previewing it (`system:online:preview`); each works with their own tenant's rows.
 */
async function requireFormAccess(request: FastifyRequest, code: string): Promise<void> {
  const { access, tenantId } = caller(request);
  const service = request.server.accessService;
  if (await service.can(access, onlineFormCode(code))) return;
  if (tenantId === PLATFORM_TENANT && (await service.can(access, 'system:online:preview'))) return;
  throw forbidden();
}

/** Online forms in use: their schema, and each tenant's rows (list, one, add, edit, delete, export, import). */
export const formRowRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await acceptUploads(app, IMPORT_UPLOAD_LIMITS);

  const contextOf = (request: FastifyRequest): RowContext => {
    const { tenantId, userId } = caller(request);
    return { tenantId, userId, lang: request.lang, dicts: app.dictService, warn: (problem) => request.log.warn({ problem }, 'online form enhancement skipped') };
  };
  const formFor = async (request: FastifyRequest, code: string) => {
    await requireFormAccess(request, code);
    return loadForm(db, code);
  };

  app.get(
    '/online/cgform/api/getColumns/:code',
    {
      config: signedIn,
      schema: { tags, summary: "An online form's definition, in the caller's language, with its dictionaries' options", params: codeParams, querystring: getQuery({}), response: { 200: envelopeSchema(formSchemaAnswer) } },
    },
    async (request) => {
      const form = await formFor(request, request.params.code);
      const dictOptions: Record<string, DictOption[]> = {};
      for (const field of form.definition.fields) {
        if (field.dictCode && !dictOptions[field.dictCode]) dictOptions[field.dictCode] = (await app.dictService.items(field.dictCode, request.lang)) ?? [];
      }
      return request.ok({ id: form.id, code: form.code, title: form.titles[request.lang], definition: form.definition, dictOptions });
    },
  );

  app.get(
    '/online/cgform/api/getData/:code',
    {
      config: signedIn,
      schema: {
        tags,
        summary: `The caller's tenant's rows of a form, paged (pageSize ≤ ${FORM_PAGE_SIZE_MAX}); column: a listed field or createdAt; filters by queryable fields (text contains, select equals, number/date <key>_begin and <key>_end)`,
        params: codeParams,
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(formRow)) },
      },
    },
    async (request) => {
      const form = await formFor(request, request.params.code);
      const { pageNo, pageSize, column, order } = request.query;
      return request.ok(await listFormRows(db, caller(request).tenantId, form, { pageNo, pageSize, column, order, filters: filtersOf(request.query) }));
    },
  );

  app.get(
    '/online/cgform/api/form/:code/:id',
    {
      config: signedIn,
      schema: { tags, summary: "One row of the caller's tenant (another tenant's: 404)", params: z.strictObject({ code: onlineCode, id: idParam }), querystring: getQuery({}), response: { 200: envelopeSchema(formRow) } },
    },
    async (request) => request.ok(await getRow(db, caller(request).tenantId, await formFor(request, request.params.code), request.params.id)),
  );

  app.post(
    '/online/cgform/api/form/:code',
    {
      config: signedIn,
      schema: { tags, summary: 'Add a row: values checked by type, dictionary, rule, enhancements and unique fields (409)', params: codeParams, body: formRowInput, response: { 200: envelopeSchema(formRow) } },
    },
    async (request) => request.ok(await addRow(db, contextOf(request), await formFor(request, request.params.code), request.body.values)),
  );

  app.put(
    '/online/cgform/api/form/:code',
    {
      config: signedIn,
      schema: { tags, summary: 'Save a row at the version read (409 when changed meanwhile)', params: codeParams, body: formRowEditInput, response: { 200: envelopeSchema(formRow) } },
    },
    async (request) => request.ok(await editRow(db, contextOf(request), await formFor(request, request.params.code), request.body)),
  );

  app.delete(
    '/online/cgform/api/form/:code',
    {
      config: signedIn,
      schema: { tags, summary: "Delete a row of the caller's tenant", params: codeParams, querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeRow(db, caller(request).tenantId, await formFor(request, request.params.code), request.query.id);
      return request.ok(null);
    },
  );

  app.get(
    '/online/cgform/api/exportXls/:code',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The caller's tenant's rows (the list's filters) as an .xlsx, the listed fields titled in the caller's language",
        params: codeParams,
        querystring: listQuery.extend({ timeZone: timeZoneParam }),
        produces: [XLSX_TYPE],
        response: { 200: binary },
      },
    },
    async (request, reply) => {
      const form = await formFor(request, request.params.code);
      const { timeZone, ...query } = request.query;
      const { conditions } = listPlan(form.definition, { filters: filtersOf(query) });
      const { tenantId } = caller(request);
      assertExportSize(await countFormRows(db, tenantId, form.id, conditions));
      return sendXlsx(reply, {
        title: form.titles[request.lang],
        asciiTitle: form.code,
        timeZone: typeof timeZone === 'string' ? timeZone : DEFAULT_EXPORT_TIME_ZONE,
        columns: rowExportColumns(form, request.lang),
        batches: rowExportBatches(db, tenantId, form, conditions),
      });
    },
  );

  app.post(
    '/online/cgform/api/importXls/:code',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Rows from an .xlsx titled by the fields (multipart, field "file"): all or nothing, every error named by row and column',
        params: codeParams,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(importResult) },
      },
    },
    async (request) => {
      const form = await formFor(request, request.params.code);
      const outcome = await importRows(db, contextOf(request), form, (await uploadedFile(request, IMPORT_UPLOAD_LIMITS)).content);
      return request.ok(outcome.result, outcome.key, outcome.params);
    },
  );
};
