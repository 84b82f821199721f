import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { ANNOUNCEMENT_PAGE_MAX, ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TYPES, announcementRecordSchema, unreadSummarySchema } from '@portal/shared/announcement';
import { caller, signedIn } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { booleanParam, idField, idParam, timeParam } from '../../../lib/list.ts';
import { notFound } from '../../../lib/errors.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { unreadSummary } from '../repository.ts';
import { findForReader, listForReader, READER_SORT_COLUMNS } from './repository.ts';
import { readAll, readOne } from './service.ts';

const listQuery = getQuery({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  // capped rather than refused: a client asking for 100 gets 50 and sees it in `size`
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .transform((size) => Math.min(size, ANNOUNCEMENT_PAGE_MAX)),
  column: z.enum(Object.keys(READER_SORT_COLUMNS) as [keyof typeof READER_SORT_COLUMNS, ...(keyof typeof READER_SORT_COLUMNS)[]]).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  title: z.string().trim().max(100).optional(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).optional(),
  msgType: z.enum(ANNOUNCEMENT_TYPES).optional(),
  read: booleanParam.optional(),
  sendTime_begin: timeParam.optional(),
  sendTime_end: timeParam.optional(),
});

const reader = (request: Parameters<typeof caller>[0]) => {
  const auth = caller(request);
  return { userId: auth.userId, tenantId: auth.tenantId };
};

/** Announcements as their readers get them: every signed-in user, in the tenant of the request. */
export const announcementReaderRoutes: FastifyPluginAsyncZod<{ bus: CacheBus }> = async (app, { bus }) => {
  const db = app.database.db;
  const tags = ['announcement: readers'];

  app.get(
    '/sys/announcement/listByUser',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "What reaches the caller (the platform's and the caller tenant's, by audience, published, within their times) with read marks; newest first",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(announcementRecordSchema)) },
      },
    },
    async (request) => request.ok(await listForReader(db, reader(request), request.query)),
  );

  app.get(
    '/sys/announcement/detail',
    {
      config: signedIn,
      schema: { tags, summary: 'One that reaches the caller, whole (the bell opens it); 404 otherwise. Reading it does not mark it: opening it does (POST read)', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(announcementRecordSchema) } },
    },
    async (request) => {
      const found = await findForReader(db, reader(request), request.query.id);
      if (!found) throw notFound();
      return request.ok(found);
    },
  );

  app.get(
    '/sys/announcement/unread',
    {
      config: signedIn,
      schema: { tags, summary: "The caller's unread count and the newest unread ones (the header's bell)", querystring: getQuery({}), response: { 200: envelopeSchema(unreadSummarySchema) } },
    },
    async (request) => request.ok(await unreadSummary(db, reader(request))),
  );

  app.post(
    '/sys/announcement/read',
    {
      config: signedIn,
      schema: { tags, summary: 'Mark one read (opening it); 404 when it does not reach the caller', body: z.strictObject({ id: idField }), response: { 200: envelopeSchema(unreadSummarySchema) } },
    },
    async (request) => request.ok(await readOne(db, bus, reader(request), request.body.id)),
  );

  app.post(
    '/sys/announcement/readAll',
    {
      config: signedIn,
      schema: { tags, summary: 'Mark everything that reaches the caller read', body: z.strictObject({}).optional(), response: { 200: envelopeSchema(unreadSummarySchema) } },
    },
    async (request) => request.ok(await readAll(db, bus, reader(request))),
  );
};
