import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { CATEGORY_SEARCH_MAX, categoryChildrenQuery, categoryEditInput, categoryInput, categoryNode, categorySearchQuery } from '@portal/shared/system-dicts';
import { auditActor, platform, signedIn } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { categoryChildren, searchCategories } from './repository.ts';
import { addCategory, categoryById, editCategory, removeCategory } from './service.ts';

/**
 * The category dictionary: every signed-in user reads the tree (forms pick a category in it, loaded a level at
 * a time); the platform administers it.
 */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: categories'];

  app.get(
    '/sys/category/loadTreeChildren',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The children of a category (`pid`), or the roots without it, in the reader's language; `leaf` says whether a node has none",
        querystring: getQuery(categoryChildrenQuery),
        response: { 200: envelopeSchema(z.array(categoryNode)) },
      },
    },
    async (request) => request.ok(await categoryChildren(db, request.query.pid ?? null, request.lang)),
  );

  app.get(
    '/sys/category/search',
    {
      config: signedIn,
      schema: { tags, summary: `Categories whose code or name (any language) holds the keyword, at most ${CATEGORY_SEARCH_MAX}`, querystring: getQuery(categorySearchQuery), response: { 200: envelopeSchema(z.array(categoryNode)) } },
    },
    async (request) => request.ok(await searchCategories(db, request.query.keyword, request.lang, CATEGORY_SEARCH_MAX)),
  );

  app.get(
    '/sys/category/queryById',
    {
      config: signedIn,
      schema: { tags, summary: "One category in the reader's language (a form's select shows the title of the value it holds)", querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(categoryNode) } },
    },
    async (request) => request.ok(await categoryById(db, request.query.id, request.lang)),
  );

  app.post(
    '/sys/category/add',
    {
      config: platform('system:category:add'),
      schema: { tags, summary: 'Add a category under a parent, or a root without one (409 when its code is taken)', body: categoryInput, response: { 200: envelopeSchema(categoryNode) } },
    },
    async (request) => request.ok(await addCategory(db, auditActor(request), request.body, request.lang)),
  );

  app.put(
    '/sys/category/edit',
    {
      config: platform('system:category:edit'),
      schema: { tags, summary: "Edit a category's code, name and order (409 when the code is taken)", body: categoryEditInput, response: { 200: envelopeSchema(categoryNode) } },
    },
    async (request) => request.ok(await editCategory(db, auditActor(request), request.body, request.lang)),
  );

  app.delete(
    '/sys/category/delete',
    {
      config: platform('system:category:delete'),
      schema: { tags, summary: 'Delete a category without children (409 when it has some)', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeCategory(db, auditActor(request), request.query.id, request.lang);
      return request.ok(null);
    },
  );
};
