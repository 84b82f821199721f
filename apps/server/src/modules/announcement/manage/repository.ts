import { iso } from '../../../lib/iso.ts';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnnouncementAudience, AnnouncementManageRecord, AnnouncementPriority, AnnouncementStatus, AnnouncementType } from '@portal/shared/announcement';
import type { Db } from '../../../db/client.ts';
import { announcements, departments, tenants, users, userTenants } from '../../../db/schema/sys.ts';
import { announcementReads, announcementTargets } from '../../../db/schema/admin.ts';
import { dateRange, escapeLike, pageOf } from '../../../lib/list.ts';
import { targetKindOf, toAudience, toPriority, toStatus, toType } from '../model.ts';
import { storedContent } from '../repository.ts';

const a = announcements;

/** Sort columns the client may name (an allow-list). */
export const MANAGE_SORT_COLUMNS = {
  createdAt: sql`${a.createdAt}`,
  sendTime: sql`${a.sendTime}`,
  priority: sql`case ${a.priority} when 'H' then 3 when 'M' then 2 else 1 end`,
  title: sql`${a.title}`,
} as const;

export type ManageListQuery = {
  pageNo: number;
  pageSize: number;
  column?: keyof typeof MANAGE_SORT_COLUMNS;
  order?: 'asc' | 'desc';
  title?: string;
  sendStatus?: AnnouncementStatus;
  priority?: AnnouncementPriority;
  msgType?: AnnouncementType;
  createdAt_begin?: string;
  createdAt_end?: string;
  sendTime_begin?: string;
  sendTime_end?: string;
};

/** What is stored of an announcement, its targets aside. */
export type AnnouncementValues = {
  title: string;
  content: string;
  priority: AnnouncementPriority;
  msgType: AnnouncementType;
  audience: AnnouncementAudience;
  startTime: Date | null;
  endTime: Date | null;
};

type Row = typeof a.$inferSelect;

const recordOf = (row: Row, targetIds: number[], readCount: number): AnnouncementManageRecord => ({
  id: row.id,
  title: row.title,
  content: row.content,
  priority: toPriority(row.priority),
  msgType: toType(row.msgType),
  audience: toAudience(row.audience),
  targetIds,
  sendStatus: toStatus(row.sendStatus),
  sendTime: iso(row.sendTime),
  startTime: iso(row.startTime),
  endTime: iso(row.endTime),
  revokedAt: iso(row.revokedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  readCount,
});

async function targetsOf(db: Db, tenantId: number, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ announcementId: announcementTargets.announcementId, targetId: announcementTargets.targetId })
    .from(announcementTargets)
    .where(and(eq(announcementTargets.tenantId, tenantId), inArray(announcementTargets.announcementId, ids)))
    .orderBy(announcementTargets.targetId);
  for (const row of rows) map.set(row.announcementId, [...(map.get(row.announcementId) ?? []), row.targetId]);
  return map;
}

async function readCounts(db: Db, tenantId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ announcementId: announcementReads.announcementId, total: count() })
    .from(announcementReads)
    .where(and(eq(announcementReads.tenantId, tenantId), inArray(announcementReads.announcementId, ids)))
    .groupBy(announcementReads.announcementId);
  return new Map(rows.map((row) => [row.announcementId, Number(row.total)]));
}

async function withDetails(db: Db, tenantId: number, rows: Row[]): Promise<AnnouncementManageRecord[]> {
  const ids = rows.map((row) => row.id);
  const [targets, reads] = await Promise.all([targetsOf(db, tenantId, ids), readCounts(db, tenantId, ids)]);
  return rows.map((row) => recordOf(row, targets.get(row.id) ?? [], reads.get(row.id) ?? 0));
}

/** The tenant's own announcements (the platform's, for the platform), every state; newest first. */
export async function listAnnouncements(db: Db, tenantId: number, query: ManageListQuery) {
  const filters: SQL[] = [eq(a.tenantId, tenantId)];
  if (query.title) filters.push(ilike(a.title, `%${escapeLike(query.title)}%`));
  if (query.sendStatus) filters.push(eq(a.sendStatus, Number(query.sendStatus)));
  if (query.priority) filters.push(eq(a.priority, query.priority));
  if (query.msgType) filters.push(eq(a.msgType, query.msgType));
  filters.push(...dateRange(a.createdAt, query.createdAt_begin, query.createdAt_end), ...dateRange(a.sendTime, query.sendTime_begin, query.sendTime_end));
  const where = and(...filters);
  const sortExpression = MANAGE_SORT_COLUMNS[query.column ?? 'createdAt'];
  const ordering = query.order === 'asc' ? sql`${sortExpression} asc nulls last` : sql`${sortExpression} desc nulls last`;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(a)
      .where(where)
      .orderBy(ordering, desc(a.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(a).where(where),
  ]);
  return pageOf(await withDetails(db, tenantId, rows), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

/** One of the tenant's, locked for the change in hand; null when it is not the tenant's. */
export async function lockAnnouncement(db: Db, tenantId: number, id: number): Promise<Row | null> {
  const rows = await db.select().from(a).where(and(eq(a.tenantId, tenantId), eq(a.id, id))).for('update');
  return rows[0] ?? null;
}

export async function announcementRecord(db: Db, tenantId: number, id: number): Promise<AnnouncementManageRecord | null> {
  const rows = await db.select().from(a).where(and(eq(a.tenantId, tenantId), eq(a.id, id)));
  const row = rows[0];
  return row ? ((await withDetails(db, tenantId, [row]))[0] ?? null) : null;
}

export async function insertAnnouncement(db: Db, tenantId: number, userId: number, values: AnnouncementValues): Promise<number> {
  const rows = await db
    .insert(a)
    .values({ tenantId, ...values, content: storedContent(values.content), sendStatus: 0, createdBy: userId, updatedBy: userId })
    .returning({ id: a.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no row');
  return id;
}

export async function updateAnnouncement(db: Db, tenantId: number, id: number, userId: number, values: Partial<AnnouncementValues> & { sendStatus?: number; sendTime?: Date | null; revokedAt?: Date | null }): Promise<void> {
  await db
    .update(a)
    .set({ ...values, ...(values.content === undefined ? {} : { content: storedContent(values.content) }), updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(a.tenantId, tenantId), eq(a.id, id)));
}

/** The audience's targets, replaced. */
export async function replaceTargets(db: Db, tenantId: number, id: number, audience: AnnouncementAudience, targetIds: number[]): Promise<void> {
  await db.delete(announcementTargets).where(and(eq(announcementTargets.tenantId, tenantId), eq(announcementTargets.announcementId, id)));
  const kind = targetKindOf(audience);
  if (!kind || targetIds.length === 0) return;
  await db.insert(announcementTargets).values(targetIds.map((targetId) => ({ tenantId, announcementId: id, targetKind: kind, targetId })));
}

export async function deleteAnnouncement(db: Db, tenantId: number, id: number): Promise<void> {
  await db.delete(a).where(and(eq(a.tenantId, tenantId), eq(a.id, id)));
}

/** How many of `ids` are targets the author's tenant may address: tenants (the platform's), or its departments or its users. */
export async function countTargets(db: Db, tenantId: number, audience: AnnouncementAudience, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  let rows: { total: number }[] = [];
  if (audience === 'TENANT') rows = await db.select({ total: count() }).from(tenants).where(inArray(tenants.id, ids));
  else if (audience === 'DEPART') rows = await db.select({ total: count() }).from(departments).where(and(eq(departments.tenantId, tenantId), inArray(departments.id, ids)));
  else if (audience === 'USER')
    rows = await db
      .select({ total: count() })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .where(and(eq(userTenants.tenantId, tenantId), inArray(userTenants.userId, ids), eq(users.delFlag, 0)));
  return Number(rows[0]?.total ?? 0);
}

/** Targets the author may choose, by name (at most `limit`): tenants for the platform, departments and users for a company. */
export async function targetOptions(db: Db, tenantId: number, audience: 'TENANT' | 'DEPART' | 'USER', search: { keyword?: string; ids?: number[] }, limit: number): Promise<{ value: number; label: string }[]> {
  const like = search.keyword ? `%${escapeLike(search.keyword)}%` : undefined;
  const ids = search.ids;
  if (audience === 'TENANT') {
    const rows = await db
      .select({ value: tenants.id, label: tenants.name })
      .from(tenants)
      .where(and(like ? ilike(tenants.name, like) : undefined, ids ? inArray(tenants.id, ids) : undefined))
      .orderBy(tenants.id)
      .limit(limit);
    return rows;
  }
  if (audience === 'DEPART') {
    return db
      .select({ value: departments.id, label: departments.departName })
      .from(departments)
      .where(and(eq(departments.tenantId, tenantId), like ? ilike(departments.departName, like) : undefined, ids ? inArray(departments.id, ids) : undefined))
      .orderBy(departments.orgCode)
      .limit(limit);
  }
  const rows = await db
    .select({ value: users.id, username: users.username, realname: users.realname })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(and(eq(userTenants.tenantId, tenantId), eq(users.delFlag, 0), like ? sql`(${users.username} ilike ${like} or ${users.realname} ilike ${like})` : undefined, ids ? inArray(users.id, ids) : undefined))
    .orderBy(users.username)
    .limit(limit);
  return rows.map((row) => ({ value: row.value, label: row.realname ? `${row.realname} (${row.username})` : row.username }));
}
