import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { ANNOUNCEMENT_PAGE_MAX, ANNOUNCEMENT_PRIORITIES, announcementRecordSchema, type AnnouncementPriority } from '@portal/shared/announcement';
import { caller } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { timeParam } from '../../lib/list.ts';
import { announcements } from '../../db/schema/sys.ts';

const PUBLISHED = 1;
/** Tenant 0 is the platform: what it publishes, every merchant reads. */
const PLATFORM_TENANT = 0;

// the column is a varchar(1) written only by us; anything unexpected reads as the default
const toPriority = (value: string): AnnouncementPriority => ((ANNOUNCEMENT_PRIORITIES as readonly string[]).includes(value) ? (value as AnnouncementPriority) : 'M');

// LIKE wildcards typed by the user are searched for literally
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// H before M before L, not the alphabet's H, L, M
const priorityRank = sql`case ${announcements.priority} when 'H' then 3 when 'M' then 2 else 1 end`;

/** Sort columns the client may name (DESIGN §3: an allow-list, never SQL text from the client). */
const SORT_COLUMNS = {
  sendTime: sql`${announcements.sendTime}`,
  priority: priorityRank,
  title: sql`${announcements.title}`,
} as const;

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
      config: { access: { permission: 'authenticated', tenant: 'caller' } },
      schema: {
        tags: ['announcement'],
        summary: "Published announcements for the caller: the platform's and the caller tenant's, newest first",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(announcementRecordSchema)) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      const query = request.query;
      const filters: SQL[] = [eq(announcements.sendStatus, PUBLISHED), inArray(announcements.tenantId, [...new Set([PLATFORM_TENANT, tenantId])])];
      if (query.title) filters.push(ilike(announcements.title, `%${escapeLike(query.title)}%`));
      if (query.priority) filters.push(eq(announcements.priority, query.priority));
      if (query.sendTime_begin) filters.push(gte(announcements.sendTime, new Date(query.sendTime_begin)));
      if (query.sendTime_end) filters.push(lte(announcements.sendTime, new Date(query.sendTime_end)));
      const where = and(...filters);

      const sortExpression = SORT_COLUMNS[query.column ?? 'sendTime'];
      // a published announcement always has a send time; should one lack it, it goes last either way
      const ordering = query.order === 'asc' ? sql`${sortExpression} asc nulls last` : sql`${sortExpression} desc nulls last`;
      const size = query.pageSize;
      const [rows, counted] = await Promise.all([
        db
          .select({ id: announcements.id, title: announcements.title, content: announcements.content, priority: announcements.priority, sendTime: announcements.sendTime })
          .from(announcements)
          .where(where)
          // the id breaks ties, so that pages never repeat or skip a row
          .orderBy(ordering, desc(announcements.id))
          .limit(size)
          .offset((query.pageNo - 1) * size),
        db.select({ total: sql<number>`count(*)` }).from(announcements).where(where),
      ]);
      const total = Number(counted[0]?.total ?? 0);
      return request.ok({
        records: rows.map((row) => ({ ...row, priority: toPriority(row.priority), sendTime: row.sendTime ? row.sendTime.toISOString() : null })),
        total,
        current: query.pageNo,
        size,
        pages: Math.ceil(total / size),
      });
    },
  );
};
