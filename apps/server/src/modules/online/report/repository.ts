import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import type { ReportDataSet, ReportDefinition, ReportRecord } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { onlineReports } from '../../../db/schema/online.ts';
import { users } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';

/* The queries of report definitions (onl_report: the platform's, global like the menu catalogue). */


const recordColumns = {
  id: onlineReports.id,
  code: onlineReports.code,
  titles: onlineReports.titles,
  dataSet: onlineReports.dataSet,
  definition: onlineReports.definition,
  version: onlineReports.version,
  builtIn: onlineReports.builtIn,
  menuId: onlineReports.menuId,
  updatedAt: onlineReports.updatedAt,
  updatedBy: users.username,
};

type Row = Omit<ReportRecord, 'updatedAt' | 'titles'> & { titles: object; updatedAt: Date };
const toRecord = (row: Row): ReportRecord => ({ ...row, titles: row.titles as Record<string, string>, updatedAt: row.updatedAt.toISOString() });

const selectRecords = (db: Db) => db.select(recordColumns).from(onlineReports).leftJoin(users, eq(users.id, onlineReports.updatedBy)).$dynamic();

export async function listReports(db: Db, filter: { pageNo: number; pageSize: number; code?: string; name?: string }): Promise<Page<ReportRecord>> {
  const name = filter.name ? `%${escapeLike(filter.name)}%` : undefined;
  const where = and(
    filter.code ? ilike(onlineReports.code, `%${escapeLike(filter.code)}%`) : undefined,
    // a name in any of the three languages
    name ? or(sql`${onlineReports.titles}->>'zh-TW' ilike ${name}`, sql`${onlineReports.titles}->>'zh-CN' ilike ${name}`, sql`${onlineReports.titles}->>'en-US' ilike ${name}`) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(onlineReports).where(where);
  const rows = await selectRecords(db)
    .where(where)
    .orderBy(desc(onlineReports.updatedAt), desc(onlineReports.id))
    .limit(filter.pageSize)
    .offset((filter.pageNo - 1) * filter.pageSize);
  return pageOf(rows.map(toRecord), counted?.total ?? 0, filter.pageNo, filter.pageSize);
}

export async function reportWhere(db: Db, where: SQL): Promise<ReportRecord | undefined> {
  const [row] = await selectRecords(db).where(where).limit(1);
  return row ? toRecord(row) : undefined;
}
export const reportById = (db: Db, id: number) => reportWhere(db, eq(onlineReports.id, id));
export const reportByCode = (db: Db, code: string) => reportWhere(db, eq(onlineReports.code, code));

/** The row locked for a change (its version is compared under the lock). */
export async function lockReport(tx: Db, id: number): Promise<{ id: number; code: string; version: number; builtIn: boolean; menuId: number | null } | undefined> {
  const [row] = await tx
    .select({ id: onlineReports.id, code: onlineReports.code, version: onlineReports.version, builtIn: onlineReports.builtIn, menuId: onlineReports.menuId })
    .from(onlineReports)
    .where(eq(onlineReports.id, id))
    .for('update');
  return row;
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: onlineReports.id }).from(onlineReports).where(eq(onlineReports.code, code)).limit(1);
  return row !== undefined;
}

export async function insertReport(tx: Db, definition: ReportDefinition, userId: number | null, builtIn = false): Promise<number | undefined> {
  const [row] = await tx
    .insert(onlineReports)
    .values({ code: definition.code, titles: definition.titles, dataSet: definition.dataSet, definition, builtIn, updatedBy: userId })
    .onConflictDoNothing({ target: onlineReports.code })
    .returning({ id: onlineReports.id });
  return row?.id;
}

export async function updateReport(tx: Db, id: number, definition: ReportDefinition, version: number, userId: number): Promise<void> {
  await tx
    .update(onlineReports)
    .set({ titles: definition.titles, dataSet: definition.dataSet, definition, version, updatedAt: new Date(), updatedBy: userId })
    .where(eq(onlineReports.id, id));
}

export async function deleteReport(tx: Db, id: number): Promise<void> {
  await tx.delete(onlineReports).where(eq(onlineReports.id, id));
}

/** The menu entry and data set of each published report. */
export function publishedReports(db: Db): Promise<{ menuId: number; dataSet: ReportDataSet }[]> {
  return db
    .select({ menuId: sql<number>`${onlineReports.menuId}`, dataSet: onlineReports.dataSet })
    .from(onlineReports)
    .where(isNotNull(onlineReports.menuId));
}
