import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PositionRecord, PositionSortColumn } from '@portal/shared/system-org';
import type { Db } from '../../../db/client.ts';
import { positions } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

/** Sort columns the client may name (DESIGN §3: an allow-list, never SQL text from the client). */
const SORT_COLUMNS = { rank: positions.rank, code: positions.code, name: positions.name, createdAt: positions.createdAt } as const satisfies Record<PositionSortColumn, unknown>;

export type PositionFilters = { code?: string; name?: string };
export type PositionListQuery = PositionFilters & { pageNo: number; pageSize: number; column?: PositionSortColumn; order?: 'asc' | 'desc' };

const record = { id: positions.id, code: positions.code, name: positions.name, rank: positions.rank, createdAt: positions.createdAt };
type Row = { id: number; code: string; name: string; rank: number; createdAt: Date };
const toRecord = (row: Row): PositionRecord => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() });

function whereOf(tenantId: number, filters: PositionFilters): SQL | undefined {
  const conditions: SQL[] = [eq(positions.tenantId, tenantId)];
  if (filters.code) conditions.push(ilike(positions.code, `%${escapeLike(filters.code)}%`));
  if (filters.name) conditions.push(ilike(positions.name, `%${escapeLike(filters.name)}%`));
  return and(...conditions);
}

/** Rank first by default (1, the highest, on top); the id breaks ties so that pages never repeat a row. */
function orderingOf(column: PositionSortColumn = 'rank', order: 'asc' | 'desc' = column === 'createdAt' ? 'desc' : 'asc') {
  const direction = order === 'asc' ? asc : desc;
  return [direction(SORT_COLUMNS[column]), direction(positions.id)];
}

export async function listPositions(db: Db, tenantId: number, query: PositionListQuery) {
  const where = whereOf(tenantId, query);
  const [rows, counted] = await Promise.all([
    db
      .select(record)
      .from(positions)
      .where(where)
      .orderBy(...orderingOf(query.column, query.order))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(positions).where(where),
  ]);
  return pageOf(rows.map(toRecord), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

/** The filtered positions for an export, in the list's default order (a tenant has tens, not thousands). */
export async function positionsForExport(db: Db, tenantId: number, filters: PositionFilters, limit: number): Promise<PositionRecord[]> {
  const rows = await db
    .select(record)
    .from(positions)
    .where(whereOf(tenantId, filters))
    .orderBy(...orderingOf())
    .limit(limit);
  return rows.map(toRecord);
}

export async function findPosition(db: Db, tenantId: number, id: number): Promise<PositionRecord | null> {
  const rows = await db
    .select(record)
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)));
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Whether another position of the tenant has this code (letters compared without case: HR and hr are one code). */
export async function codeTaken(db: Db, tenantId: number, code: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(positions.tenantId, tenantId), sql`lower(${positions.code}) = lower(${code})`];
  if (exceptId !== undefined) conditions.push(ne(positions.id, exceptId));
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

export async function insertPosition(db: Db, tenantId: number, values: { code: string; name: string; rank: number }): Promise<PositionRecord> {
  const rows = await db
    .insert(positions)
    .values({ tenantId, ...values })
    .returning(record);
  return toRecord(must(rows[0], 'inserted position'));
}

export async function updatePosition(db: Db, tenantId: number, id: number, values: { code: string; name: string; rank: number }): Promise<PositionRecord | null> {
  const rows = await db
    .update(positions)
    .set(values)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)))
    .returning(record);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Deletes the tenant's positions among `ids` (their holders lose them by cascade) and answers how many went. */
export async function deletePositions(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const rows = await db
    .delete(positions)
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, ids)))
    .returning({ id: positions.id });
  return rows.length;
}

/** How many of `ids` are the tenant's positions. */
export async function countOwnPositions(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, ids)));
  return Number(rows[0]?.n ?? 0);
}
