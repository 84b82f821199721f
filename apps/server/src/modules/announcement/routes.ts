import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { ANNOUNCEMENT_PAGE_MAX, ANNOUNCEMENT_PRIORITIES, announcementRecordSchema } from '@portal/shared/announcement';
import { caller, signedIn } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { timeParam } from '../../lib/list.ts';
import { listForReader, SORT_COLUMNS } from './repository.ts';

const listQuery = getQuery({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  // capped rather than refused: a client asking for 100 gets 50 and sees it in `size`
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .transform((size) => Math.min(size, ANNOUNCEMENT_PAGE_MAX)),
  column: z.enum(Object.keys(SORT_COLUMNS) as [keyof typeof SORT_COLUMNS, ...(keyof typeof SORT_COLUMNS)[]]).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  title: z.string().trim().max(100).optional(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).optional(),
  sendTime_begin: timeParam.optional(),
  sendTime_end: timeParam.optional(),
});

/** Announcements as their readers see them; managing them (add, publish, revoke) is the system area's. */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/sys/announcement/listByUser',
    {
      config: signedIn,
      schema: {
        tags: ['announcement'],
        summary: "Published announcements for the caller: the platform's and the caller tenant's, newest first",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(announcementRecordSchema)) },
      },
    },
    async (request) => request.ok(await listForReader(db, caller(request).tenantId, request.query)),
  );
};
