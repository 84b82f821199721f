import { iso } from '../../../lib/iso.ts';
import { and, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnnouncementPriority, AnnouncementType } from '@portal/shared/announcement';
import type { Db } from '../../../db/client.ts';
import { announcements } from '../../../db/schema/sys.ts';
import { announcementReads } from '../../../db/schema/admin.ts';
import { dateRange, escapeLike, pageOf } from '../../../lib/list.ts';
import { toPriority, toType } from '../model.ts';
import { reaches, readJoin, type Reader } from '../repository.ts';
import { rawRows } from '../../../lib/raw-rows.ts';

const a = announcements;

// H before M before L, not the alphabet's H, L, M
const priorityRank = sql`case ${a.priority} when 'H' then 3 when 'M' then 2 else 1 end`;

/** Sort columns the client may name (DESIGN §3: an allow-list, never SQL text from the client). */
export const READER_SORT_COLUMNS = {
  sendTime: sql`${a.sendTime}`,
  priority: priorityRank,
  title: sql`${a.title}`,
} as const;

export type ReaderListQuery = {
  pageNo: number;
  pageSize: number;
  column?: keyof typeof READER_SORT_COLUMNS;
  order?: 'asc' | 'desc';
  title?: string;
  priority?: AnnouncementPriority;
  msgType?: AnnouncementType;
  read?: boolean;
  sendTime_begin?: string;
  sendTime_end?: string;
};

/** What reaches the caller, with their read marks; newest first unless sorted otherwise. */
export async function listForReader(db: Db, reader: Reader, query: ReaderListQuery) {
  const filters: SQL[] = [reaches(reader)];
  if (query.title) filters.push(ilike(a.title, `%${escapeLike(query.title)}%`));
  if (query.priority) filters.push(eq(a.priority, query.priority));
  if (query.msgType) filters.push(eq(a.msgType, query.msgType));
  if (query.read !== undefined) filters.push(query.read ? isNotNull(announcementReads.userId) : isNull(announcementReads.userId));
  filters.push(...dateRange(a.sendTime, query.sendTime_begin, query.sendTime_end));
  const where = and(...filters);

  const sortExpression = READER_SORT_COLUMNS[query.column ?? 'sendTime'];
  // a published announcement always has a send time; should one lack it, it goes last either way
  const ordering = query.order === 'asc' ? sql`${sortExpression} asc nulls last` : sql`${sortExpression} desc nulls last`;
  const size = query.pageSize;
  const [rows, counted] = await Promise.all([
    db
      .select({ id: a.id, title: a.title, content: a.content, priority: a.priority, msgType: a.msgType, sendTime: a.sendTime, readBy: announcementReads.userId })
      .from(a)
      .leftJoin(announcementReads, readJoin(reader))
      .where(where)
      // the id breaks ties, so that pages never repeat or skip a row
      .orderBy(ordering, desc(a.id))
      .limit(size)
      .offset((query.pageNo - 1) * size),
    db.select({ total: sql<number>`count(*)` }).from(a).leftJoin(announcementReads, readJoin(reader)).where(where),
  ]);
  const records = rows.map(({ readBy, ...row }) => ({ ...row, priority: toPriority(row.priority), msgType: toType(row.msgType), sendTime: iso(row.sendTime), read: readBy !== null }));
  return pageOf(records, Number(counted[0]?.total ?? 0), query.pageNo, size);
}

/** One that reaches the reader, with their read mark; null when it does not (another tenant's, a draft, someone else's). */
export async function findForReader(db: Db, reader: Reader, id: number) {
  const rows = await db
    .select({ id: a.id, title: a.title, content: a.content, priority: a.priority, msgType: a.msgType, sendTime: a.sendTime, readBy: announcementReads.userId })
    .from(a)
    .leftJoin(announcementReads, readJoin(reader))
    .where(and(eq(a.id, id), reaches(reader)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { readBy, ...rest } = row;
  return { ...rest, priority: toPriority(rest.priority), msgType: toType(rest.msgType), sendTime: iso(rest.sendTime), read: readBy !== null };
}

/**
 * Marks one announcement read, if it reaches the reader; answers the tenant it belongs to, or null when it
 * does not reach them (another tenant's, a draft, someone else's): the caller answers 404.
 */
export async function markRead(db: Db, reader: Reader, id: number): Promise<number | null> {
  const found = await db.select({ tenantId: a.tenantId }).from(a).where(and(eq(a.id, id), reaches(reader))).limit(1);
  const tenantId = found[0]?.tenantId;
  if (tenantId === undefined) return null;
  await db.insert(announcementReads).values({ tenantId, announcementId: id, userId: reader.userId }).onConflictDoNothing();
  return tenantId;
}

/** Marks everything that reaches the reader read; answers how many were unread. */
export async function markAllRead(db: Db, reader: Reader): Promise<number> {
  const inserted = await rawRows<{ announcement_id: unknown }>(
    db,
    sql`
    insert into ${announcementReads} (tenant_id, announcement_id, user_id)
    select ${a.tenantId}, ${a.id}, ${reader.userId} from ${a}
    where ${reaches(reader)}
    on conflict do nothing
    returning announcement_id`,
  );
  return inserted.length;
}
