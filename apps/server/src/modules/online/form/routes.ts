import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { formDefinition, formEditInput, formRecordDefinition, rollbackInput } from '@portal/shared/online';
import { badRequest } from '../../../lib/errors.ts';
import { idParam } from '../../../lib/list.ts';
import { getQuery } from '../../../lib/query.ts';
import { auditActor, platform } from '../../../plugins/auth.ts';
import { FORM_SORT_COLUMNS, formRecord, listForms } from './repository.ts';
import { addForm, editForm, removeForm, rollbackForm } from './service.ts';
import { notFound } from '../../../lib/errors.ts';

const tags = ['online-form'];

/** The designer's online forms, /online/cgform/head/*: the platform's definitions. */
export const onlineFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/online/cgform/head/list',
    {
      config: platform('system:online:list'),
      schema: {
        tags,
        summary: 'Online form definitions, paged; searched by code and by title (any language)',
        querystring: getQuery({
          pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(10),
          column: z.enum(FORM_SORT_COLUMNS).optional(),
          order: z.enum(['asc', 'desc']).optional(),
          code: z.string().trim().max(40).optional(),
          title: z.string().trim().max(100).optional(),
        }),
        response: { 200: envelopeSchema(pageSchema(formRecordDefinition)) },
      },
    },
    async (request) => request.ok(await listForms(db, request.query)),
  );

  app.get(
    '/online/cgform/head/queryById',
    {
      config: platform('system:online:list'),
      schema: { tags, summary: 'One online form definition', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(formRecordDefinition) } },
    },
    async (request) => {
      const record = await formRecord(db, request.query.id);
      if (!record) throw notFound('onlineFormNotFound');
      return request.ok(record);
    },
  );

  app.post(
    '/online/cgform/head/add',
    {
      config: platform('system:online:add'),
      schema: { tags, summary: 'A new online form (409 when its code is taken); its first version is kept', body: formDefinition, response: { 200: envelopeSchema(formRecordDefinition) } },
    },
    async (request) => request.ok(await addForm(db, auditActor(request), request.body), 'onlineFormSaved'),
  );

  app.put(
    '/online/cgform/head/edit',
    {
      config: platform('system:online:edit'),
      schema: {
        tags,
        summary: 'Save a form at the version read (409 when changed meanwhile, or when a field made unique already repeats); rows are re-indexed',
        body: formEditInput,
        response: { 200: envelopeSchema(formRecordDefinition) },
      },
    },
    async (request) => request.ok(await editForm(db, auditActor(request), request.body), 'onlineFormSaved'),
  );

  app.delete(
    '/online/cgform/head/delete',
    {
      config: platform('system:online:delete'),
      schema: { tags, summary: 'Delete a form without rows (409 while any tenant has rows); its history goes with it', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      // its menu entry went with it: every app server reloads the catalogue
      if (await removeForm(db, auditActor(request), request.query.id)) await app.accessService.publish({ kind: 'permissions' });
      return request.ok(null);
    },
  );

  app.post(
    '/online/cgform/head/rollback',
    {
      config: platform('system:online:edit'),
      schema: { tags, summary: 'Save a kept version of a form as its newest version', body: rollbackInput, response: { 200: envelopeSchema(formRecordDefinition) } },
    },
    async (request) => {
      if (request.body.kind !== 'form') throw badRequest('onlineFormRollbackKind');
      return request.ok(await rollbackForm(db, auditActor(request), request.body), 'onlineFormSaved');
    },
  );
};
