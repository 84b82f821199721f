import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { ANNOUNCEMENT_PRIORITIES, type AnnouncementPriority } from '@portal/shared/announcement';
import type { Db } from '../../db/client.ts';
import { announcements } from '../../db/schema/sys.ts';
import { dateRange, escapeLike, pageOf } from '../../lib/list.ts';

const PUBLISHED = 1;
/** Tenant 0 is the platform: what it publishes, every merchant reads. */
const PLATFORM_TENANT = 0;

// the column is a varchar(1) written only by us; anything unexpected reads as the default
const toPriority = (value: string): AnnouncementPriority => ((ANNOUNCEMENT_PRIORITIES as readonly string[]).includes(value) ? (value as AnnouncementPriority) : 'M');


// H before M before L, not the alphabet's H, L, M
const priorityRank = sql`case ${announcements.priority} when 'H' then 3 when 'M' then 2 else 1 end`;

/** Sort columns the client may name (DESIGN §3: an allow-list, never SQL text from the client). */
export const SORT_COLUMNS = {
  sendTime: sql`${announcements.sendTime}`,
  priority: priorityRank,
  title: sql`${announcements.title}`,
} as const;

export type ReaderListQuery = {
  pageNo: number;
  pageSize: number;
  column?: keyof typeof SORT_COLUMNS;
  order?: 'asc' | 'desc';
  title?: string;
  priority?: AnnouncementPriority;
  sendTime_begin?: string;
  sendTime_end?: string;
};

/** Published announcements for a reader of `tenantId`: the platform's and the tenant's own. */
export async function listForReader(db: Db, tenantId: number, query: ReaderListQuery) {
  const filters: SQL[] = [eq(announcements.sendStatus, PUBLISHED), inArray(announcements.tenantId, [...new Set([PLATFORM_TENANT, tenantId])])];
  if (query.title) filters.push(ilike(announcements.title, `%${escapeLike(query.title)}%`));
  if (query.priority) filters.push(eq(announcements.priority, query.priority));
  filters.push(...dateRange(announcements.sendTime, query.sendTime_begin, query.sendTime_end));
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
  const records = rows.map((row) => ({ ...row, priority: toPriority(row.priority), sendTime: row.sendTime ? row.sendTime.toISOString() : null }));
  return pageOf(records, Number(counted[0]?.total ?? 0), query.pageNo, size);
}
