import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { recycleBinQuery, recycledUserRecord, restoreUsersBody, userIdList } from '@portal/shared/system-user-data';
import { idParam } from '../../../lib/list.ts';
import { getQuery } from '../../../lib/query.ts';
import { auditActor, caller, eitherSide } from '../../../plugins/auth.ts';
import { deleteUsers, purgeUsers, restoreUsers } from './service.ts';
import { recycleBinPage } from './repository.ts';

const countSchema = envelopeSchema(z.object({ count: z.number().int() }));

/** Deleting users to the recycle bin, its list, restoring and purging: each in the caller's tenant. */
export const userRecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const access = app.accessService;
  const config = eitherSide('system:user:delete');

  app.delete(
    '/sys/user/delete',
    {
      config,
      schema: {
        tags: ['system'],
        summary: "Move a user of the caller's tenant to the recycle bin: their sessions end at once and they cannot sign in",
        querystring: getQuery({ id: idParam }),
        response: { 200: countSchema },
      },
    },
    async (request) => {
      const count = await deleteUsers(db, access, caller(request), [request.query.id], auditActor(request));
      return request.ok({ count }, 'usersDeleted', { count });
    },
  );

  app.delete(
    '/sys/user/deleteBatch',
    {
      config,
      schema: {
        tags: ['system'],
        summary: 'Move users (ids: "1,2,3") to the recycle bin, all or none',
        querystring: getQuery({ ids: userIdList }),
        response: { 200: countSchema },
      },
    },
    async (request) => {
      const count = await deleteUsers(db, access, caller(request), request.query.ids, auditActor(request));
      return request.ok({ count }, 'usersDeleted', { count });
    },
  );

  app.get(
    '/sys/user/recycleBin',
    {
      config,
      schema: {
        tags: ['system'],
        summary: "The caller's tenant's deleted users, the latest first; keyword finds a username or real name",
        querystring: getQuery(recycleBinQuery),
        response: { 200: envelopeSchema(pageSchema(recycledUserRecord)) },
      },
    },
    async (request) => request.ok(await recycleBinPage(db, caller(request).tenantId, request.query)),
  );

  app.put(
    '/sys/user/putRecycleBin',
    {
      config,
      schema: {
        tags: ['system'],
        summary: 'Restore users of the recycle bin (userIds: "1,2,3"), all or none',
        body: restoreUsersBody,
        response: { 200: countSchema },
      },
    },
    async (request) => {
      const count = await restoreUsers(db, access, caller(request), request.body.userIds, auditActor(request));
      return request.ok({ count }, 'usersRestored', { count });
    },
  );

  app.delete(
    '/sys/user/deleteRecycleBin',
    {
      config,
      schema: {
        tags: ['system'],
        summary: 'Delete users of the recycle bin for good (userIds: "1,2,3"), all or none: the records that name them keep an anonymous user (decision 0014)',
        querystring: getQuery({ userIds: userIdList }),
        response: { 200: countSchema },
      },
    },
    async (request) => {
      const count = await purgeUsers(db, access, caller(request), request.query.userIds, auditActor(request));
      return request.ok({ count }, 'usersPurged', { count });
    },
  );
};
