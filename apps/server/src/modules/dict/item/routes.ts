import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { dictItemEditInput, dictItemInput, dictItemListQuery, dictItemRecord, dictItemSortInput, dictItemStatusInput } from '@portal/shared/system-dicts';
import { auditActor, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { listDictItems } from './repository.ts';
import { addDictItem, editDictItem, removeDictItem, setDictItemStatus, sortDictItems } from './service.ts';

/** A dictionary's items (the list page's items drawer): the platform's, behind system:dict:item. */
export const dictItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const cache = app.dictService;
  const tags = ['system: dictionaries'];
  const access = platform('system:dict:item');

  app.get(
    '/sys/dictItem/list',
    {
      config: access,
      schema: { tags, summary: "A dictionary's items in their order, disabled ones included; filtered by value, text (any language) and status", querystring: getQuery(dictItemListQuery), response: { 200: envelopeSchema(pageSchema(dictItemRecord)) } },
    },
    async (request) => request.ok(await listDictItems(db, request.query)),
  );

  app.post(
    '/sys/dictItem/add',
    {
      config: access,
      schema: { tags, summary: 'Add an item (409: a value taken in the dictionary, or a dictionary the code relies on)', body: dictItemInput, response: { 200: envelopeSchema(dictItemRecord) } },
    },
    async (request) => request.ok(await addDictItem(db, cache, auditActor(request), request.body)),
  );

  app.put(
    '/sys/dictItem/edit',
    {
      config: access,
      schema: { tags, summary: "Edit an item (409: a value taken; in a dictionary the code relies on, a changed value or a disabled item)", body: dictItemEditInput, response: { 200: envelopeSchema(dictItemRecord) } },
    },
    async (request) => request.ok(await editDictItem(db, cache, auditActor(request), request.body)),
  );

  app.put(
    '/sys/dictItem/status',
    {
      config: access,
      schema: { tags, summary: 'Enable (1) or disable (0) an item (409: disabling one of a dictionary the code relies on)', body: dictItemStatusInput, response: { 200: envelopeSchema(dictItemRecord) } },
    },
    async (request) => request.ok(await setDictItemStatus(db, cache, auditActor(request), request.body)),
  );

  app.put(
    '/sys/dictItem/sort',
    {
      config: access,
      schema: { tags, summary: "The new order of a dictionary's items: every item once, first to last (400 otherwise)", body: dictItemSortInput, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await sortDictItems(db, cache, auditActor(request), request.body);
      return request.ok(null);
    },
  );

  app.delete(
    '/sys/dictItem/delete',
    {
      config: access,
      schema: { tags, summary: 'Delete an item (409 in a dictionary the code relies on)', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeDictItem(db, cache, auditActor(request), request.query.id);
      return request.ok(null);
    },
  );
};
