import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { dictEditInput, dictInput, dictListQuery, dictName, dictRecord } from '@portal/shared/system-dicts';
import { auditActor, platform, platformStaff } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { listDictNames, listDicts } from './repository.ts';
import { addDict, editDict, removeDict } from './service.ts';

/** The data dictionary's dictionaries: a global reference table, administered by the platform only. */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const cache = app.dictService;
  const tags = ['system: dictionaries'];

  app.get(
    '/sys/dict/list',
    {
      config: platform('system:dict:list'),
      schema: { tags, summary: 'Dictionaries, paged; filtered by code and by name (any language); by code unless sorted otherwise', querystring: getQuery(dictListQuery), response: { 200: envelopeSchema(pageSchema(dictRecord)) } },
    },
    async (request) => request.ok(await listDicts(db, request.query)),
  );

  app.get(
    '/sys/dict/names',
    {
      // what a dictionary picker offers (the online designers' fields and columns): codes every session already
      // holds with their items, and their names; the screens that pick one need not administer dictionaries
      config: platformStaff,
      schema: { tags, summary: "Every dictionary's code and name, by code: the options of a dictionary picker", response: { 200: envelopeSchema(z.array(dictName)) } },
    },
    async (request) => request.ok(await listDictNames(db)),
  );

  app.post(
    '/sys/dict/add',
    {
      config: platform('system:dict:add'),
      schema: { tags, summary: 'Add a dictionary (409 when its code is taken, letters compared without case)', body: dictInput, response: { 200: envelopeSchema(dictRecord) } },
    },
    async (request) => request.ok(await addDict(db, cache, auditActor(request), request.body)),
  );

  app.put(
    '/sys/dict/edit',
    {
      config: platform('system:dict:edit'),
      schema: { tags, summary: "Edit a dictionary's code, name and description (409: the code of a dictionary the code relies on never changes)", body: dictEditInput, response: { 200: envelopeSchema(dictRecord) } },
    },
    async (request) => request.ok(await editDict(db, cache, auditActor(request), request.body)),
  );

  app.delete(
    '/sys/dict/delete',
    {
      config: platform('system:dict:delete'),
      schema: { tags, summary: 'Delete a dictionary and its items (409 for a dictionary the code relies on)', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeDict(db, cache, auditActor(request), request.query.id);
      return request.ok(null);
    },
  );
};
