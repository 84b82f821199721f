import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_STATUSES, ANNOUNCEMENT_TYPES, announcementEditInput, announcementInput, announcementManageRecordSchema } from '@portal/shared/announcement';
import { auditActor, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idField, idList, idParam, timeParam } from '../../../lib/list.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { listAnnouncements, MANAGE_SORT_COLUMNS } from './repository.ts';
import { addAnnouncement, announcementTargets, editAnnouncement, publishAnnouncement, removeAnnouncement, revokeAnnouncement } from './service.ts';

const listQuery = getQuery({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .transform((size) => Math.min(size, 100)),
  column: z.enum(Object.keys(MANAGE_SORT_COLUMNS) as [keyof typeof MANAGE_SORT_COLUMNS, ...(keyof typeof MANAGE_SORT_COLUMNS)[]]).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  title: z.string().trim().max(100).optional(),
  sendStatus: z.enum(ANNOUNCEMENT_STATUSES).optional(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).optional(),
  msgType: z.enum(ANNOUNCEMENT_TYPES).optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  sendTime_begin: timeParam.optional(),
  sendTime_end: timeParam.optional(),
});

const byId = z.strictObject({ id: idField });

/**
 * Managing announcements, in the caller's tenant: the platform's go to every tenant or chosen ones, a
 * company's to its own people (everyone, departments, users).
 */
export const announcementManageRoutes: FastifyPluginAsyncZod<{ bus: CacheBus }> = async (app, { bus }) => {
  const db = app.database.db;
  const tags = ['announcement: management'];
  const record = envelopeSchema(announcementManageRecordSchema);

  app.get(
    '/sys/announcement/list',
    {
      config: eitherSide('system:announcement:list'),
      schema: { tags, summary: "The tenant's announcements in every state, newest first; by title, status, priority, type and time", querystring: listQuery, response: { 200: envelopeSchema(pageSchema(announcementManageRecordSchema)) } },
    },
    async (request) => request.ok(await listAnnouncements(db, auditActor(request).tenantId, request.query)),
  );

  app.get(
    '/sys/announcement/targets',
    {
      config: eitherSide('system:announcement:list'),
      schema: {
        tags,
        summary: "What an audience may name, by name: tenants (the platform's), the tenant's departments or users; at most 50",
        querystring: getQuery({ audience: z.enum(['TENANT', 'DEPART', 'USER']), keyword: z.string().trim().max(100).optional(), ids: idList.optional() }),
        response: { 200: envelopeSchema(z.array(z.object({ value: z.number().int(), label: z.string() }))) },
      },
    },
    async (request) => request.ok(await announcementTargets(db, auditActor(request).tenantId, request.query)),
  );

  app.post(
    '/sys/announcement/add',
    {
      config: eitherSide('system:announcement:add'),
      schema: { tags, summary: 'Add a draft; the content is HTML, sanitised with an allow-list; targets must be the tenant\'s (404 otherwise)', body: announcementInput, response: { 200: record } },
    },
    async (request) => request.ok(await addAnnouncement(db, auditActor(request), request.body)),
  );

  app.put(
    '/sys/announcement/edit',
    {
      config: eitherSide('system:announcement:edit'),
      schema: { tags, summary: 'Edit a draft or a revoked one (409 when published: revoke it first)', body: announcementEditInput, response: { 200: record } },
    },
    async (request) => request.ok(await editAnnouncement(db, auditActor(request), request.body)),
  );

  app.delete(
    '/sys/announcement/delete',
    {
      config: eitherSide('system:announcement:delete'),
      schema: { tags, summary: 'Delete a draft or a revoked one (409 when published), with its read marks', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeAnnouncement(db, auditActor(request), request.query.id);
      return request.ok(null);
    },
  );

  app.post(
    '/sys/announcement/publish',
    {
      config: eitherSide('system:announcement:publish'),
      schema: { tags, summary: 'Publish: it reaches its audience (within its start and end times), whose bells ring without a reload', body: byId, response: { 200: record } },
    },
    async (request) => request.ok(await publishAnnouncement(db, bus, auditActor(request), request.body.id)),
  );

  app.post(
    '/sys/announcement/revoke',
    {
      config: eitherSide('system:announcement:revoke'),
      schema: { tags, summary: 'Revoke a published one: it leaves its readers\' lists and bells', body: byId, response: { 200: record } },
    },
    async (request) => request.ok(await revokeAnnouncement(db, bus, auditActor(request), request.body.id)),
  );
};
