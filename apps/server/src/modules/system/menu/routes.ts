import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { menuEditInput, menuInput, menuRecordSchema, menuTreeNodeSchema, SUBMENU_BATCH_MAX } from '@portal/shared/system-menus';
import { getQuery } from '../../../lib/query.ts';
import { idField, idParam } from '../../../lib/list.ts';
import { auditActor, platform } from '../../../plugins/auth.ts';
import { childrenOf, topMenus } from './repository.ts';
import { addMenu, editMenu, menuTree, removeMenu } from './service.ts';

/** "1,2,3": ids, read as numbers (never as text of a query), at most SUBMENU_BATCH_MAX distinct */
const idList = z
  .string()
  .max(2_000)
  .regex(/^\d{1,15}(,\d{1,15})*$/)
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(idField).min(1).max(SUBMENU_BATCH_MAX));

const tags = ['system-menu'];

/**
 * Menu (permission) management, /sys/permission/*: the catalogue is global, so only the platform edits it
 * (a merchant never does, whatever codes a role gives). Every change reaches every app server's menus.
 */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const access = app.accessService;

  app.get(
    '/sys/permission/list',
    {
      config: platform('system:permission:list'),
      schema: { tags, summary: 'The whole catalogue as one tree: menus and their buttons, every field', querystring: getQuery({}), response: { 200: envelopeSchema(z.array(menuTreeNodeSchema)) } },
    },
    async (request) => request.ok(await menuTree(db)),
  );

  app.get(
    '/sys/permission/getSystemMenuList',
    {
      config: platform('system:permission:list'),
      schema: { tags, summary: 'The top-level menus', querystring: getQuery({}), response: { 200: envelopeSchema(z.array(menuRecordSchema)) } },
    },
    async (request) => request.ok(await topMenus(db)),
  );

  app.get(
    '/sys/permission/getSystemSubmenu',
    {
      config: platform('system:permission:list'),
      schema: {
        tags,
        summary: 'The entries directly under one menu (sub menus and buttons)',
        querystring: getQuery({ parentId: idParam }),
        response: { 200: envelopeSchema(z.array(menuRecordSchema)) },
      },
    },
    async (request) => request.ok(await childrenOf(db, [request.query.parentId])),
  );

  app.get(
    '/sys/permission/getSystemSubmenuBatch',
    {
      config: platform('system:permission:list'),
      schema: {
        tags,
        summary: `The entries directly under each of several menus (comma-separated ids, at most ${SUBMENU_BATCH_MAX}), by parent id`,
        querystring: getQuery({ parentIds: idList }),
        response: { 200: envelopeSchema(z.record(z.string(), z.array(menuRecordSchema))) },
      },
    },
    async (request) => {
      const ids = request.query.parentIds;
      const records = await childrenOf(db, ids);
      return request.ok(Object.fromEntries(ids.map((id) => [String(id), records.filter((r) => r.parentId === id)])));
    },
  );

  app.post(
    '/sys/permission/add',
    {
      config: platform('system:permission:add'),
      schema: { tags, summary: 'A new menu, sub menu or button; its permission code is unique (409)', body: menuInput, response: { 200: envelopeSchema(menuRecordSchema) } },
    },
    async (request) => request.ok(await addMenu(db, access, request.body, auditActor(request)), 'menuAdded'),
  );

  app.put(
    '/sys/permission/edit',
    {
      config: platform('system:permission:edit'),
      schema: {
        tags,
        summary: "Save an entry; a built-in entry keeps its codes, type and side, and the start-up sync no longer changes it",
        body: menuEditInput,
        response: { 200: envelopeSchema(menuRecordSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return request.ok(await editMenu(db, access, id, input, auditActor(request)), 'menuEdited');
    },
  );

  app.delete(
    '/sys/permission/delete',
    {
      config: platform('system:permission:delete'),
      schema: {
        tags,
        summary: 'Delete an entry the administrators made: refused (409) while entries lie under it; its grants go with it',
        querystring: getQuery({ id: idParam }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removeMenu(db, access, request.query.id, auditActor(request));
      return request.ok(null, 'menuDeleted');
    },
  );
};
