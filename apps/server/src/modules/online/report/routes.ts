import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { reportDefinition, reportEditInput, reportRecord, rollbackInput } from '@portal/shared/online';
import { pageQuery } from '@portal/shared/logistics-schemas';
import { idParam } from '../../../lib/list.ts';
import { getQuery } from '../../../lib/query.ts';
import { auditActor, caller, platform } from '../../../plugins/auth.ts';
import { listReports } from './repository.ts';
import { addReport, editReport, removeReport, reportOrFail, rollbackReport } from './service.ts';

/** The report designer's calls (platform only): definitions, checked against their data set, with their history. */
export const reportDesignRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const dicts = app.dictService;
  const tags = ['online: reports'];
  const record = { 200: envelopeSchema(reportRecord) };
  const designer = (request: Parameters<typeof caller>[0]) => ({ ...auditActor(request), userId: caller(request).userId });

  app.get(
    '/online/cgreport/head/list',
    {
      config: platform('system:online:list'),
      schema: {
        tags,
        summary: 'Report definitions, the last changed first; code and name (any language) by their part',
        querystring: getQuery({ pageNo: pageQuery.pageNo, pageSize: pageQuery.pageSize, code: z.string().trim().max(40).optional(), name: z.string().trim().max(100).optional() }),
        response: { 200: envelopeSchema(pageSchema(reportRecord)) },
      },
    },
    async (request) => request.ok(await listReports(db, request.query)),
  );

  app.get(
    '/online/cgreport/head/queryById',
    { config: platform('system:online:list'), schema: { tags, summary: 'One report definition (404 for an unknown id)', querystring: getQuery({ id: idParam }), response: record } },
    async (request) => request.ok(await reportOrFail(db, { id: request.query.id })),
  );

  app.post(
    '/online/cgreport/head/add',
    {
      config: platform('system:online:add'),
      schema: { tags, summary: 'Add a report: every column, query field, sort and chart field a field of its data set (400 naming the problem); 409 when the code is taken', body: reportDefinition, response: record },
    },
    async (request) => request.ok(await addReport(db, dicts, designer(request), request.body)),
  );

  app.put(
    '/online/cgreport/head/edit',
    {
      config: platform('system:online:edit'),
      schema: { tags, summary: 'Edit a report as the next version; `version` is the one the editor loaded (409 when someone saved in between); the code stays', body: reportEditInput, response: record },
    },
    async (request) => request.ok(await editReport(db, dicts, app.accessService, designer(request), request.body)),
  );

  app.delete(
    '/online/cgreport/head/delete',
    { config: platform('system:online:delete'), schema: { tags, summary: 'Delete a report and its history (409 for a built-in one)', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      // its menu entry went with it: every app server reloads the catalogue
      if (await removeReport(db, designer(request), request.query.id)) await app.accessService.publish({ kind: 'permissions' });
      return request.ok(null);
    },
  );

  app.post(
    '/online/cgreport/head/rollback',
    {
      config: platform('system:online:edit'),
      schema: { tags, summary: 'Save a kept version of a report again as its newest version (kind "report")', body: rollbackInput, response: record },
    },
    async (request) => request.ok(await rollbackReport(db, dicts, app.accessService, designer(request), request.body)),
  );
};
