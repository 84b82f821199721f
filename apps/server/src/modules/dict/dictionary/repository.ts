import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { isBuiltInDict } from '@portal/shared/dict-codes';
import type { DictName, DictRecord, DictSortColumn } from '@portal/shared/system-dicts';
import type { Texts } from '@portal/shared/languages';
import type { Db } from '../../../db/client.ts';
import { dicts } from '../../../db/schema/dict.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

/** Sort columns the client may name (DESIGN §3: an allow-list, never SQL text from the client). */
const SORT_COLUMNS = { dictCode: dicts.dictCode, updatedAt: dicts.updatedAt, createdAt: dicts.createdAt } as const satisfies Record<DictSortColumn, unknown>;

export type DictFilters = { dictCode?: string; dictName?: string };
export type DictListQuery = DictFilters & { pageNo: number; pageSize: number; column?: DictSortColumn; order?: 'asc' | 'desc' };

// qualified by hand: in a selected field drizzle names columns without their table
const itemCount = sql<number>`(select count(*) from sys_dict_item i where i.dict_id = sys_dict.id)`.mapWith(Number);
const record = { id: dicts.id, dictCode: dicts.dictCode, dictName: dicts.dictName, description: dicts.description, itemCount, createdAt: dicts.createdAt, updatedAt: dicts.updatedAt };
type Row = { id: number; dictCode: string; dictName: Texts; description: string; itemCount: number; createdAt: Date; updatedAt: Date };
const toRecord = (row: Row): DictRecord => ({
  ...row,
  id: Number(row.id),
  builtIn: isBuiltInDict(row.dictCode),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function whereOf(filters: DictFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.dictCode) conditions.push(sql`${dicts.dictCode} ilike ${`%${escapeLike(filters.dictCode)}%`}`);
  if (filters.dictName) {
    const like = `%${escapeLike(filters.dictName)}%`;
    conditions.push(sql`(${dicts.dictName}->>'zh-TW' ilike ${like} or ${dicts.dictName}->>'zh-CN' ilike ${like} or ${dicts.dictName}->>'en-US' ilike ${like})`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Code first by default; the id breaks ties so that pages never repeat a row. */
function orderingOf(column: DictSortColumn = 'dictCode', order: 'asc' | 'desc' = column === 'dictCode' ? 'asc' : 'desc') {
  const direction = order === 'asc' ? asc : desc;
  return [direction(SORT_COLUMNS[column]), direction(dicts.id)];
}

/** The dictionaries (tens, not thousands: a global reference table), paged. */
export async function listDicts(db: Db, query: DictListQuery) {
  const where = whereOf(query);
  const [rows, counted] = await Promise.all([
    db
      .select(record)
      .from(dicts)
      .where(where)
      .orderBy(...orderingOf(query.column, query.order))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(dicts).where(where),
  ]);
  return pageOf(rows.map(toRecord), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

/** Every dictionary's code and name, by code (tens of rows). */
export async function listDictNames(db: Db): Promise<DictName[]> {
  return db.select({ dictCode: dicts.dictCode, dictName: dicts.dictName }).from(dicts).orderBy(asc(dicts.dictCode));
}

export async function findDict(db: Db, id: number, lock = false): Promise<DictRecord | null> {
  const query = db.select(record).from(dicts).where(eq(dicts.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Whether another dictionary has this code, letters compared without case (OrderStatus and orderstatus would confuse everyone). */
export async function dictCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const conditions = [sql`lower(${dicts.dictCode}) = lower(${code})`];
  if (exceptId !== undefined) conditions.push(ne(dicts.id, exceptId));
  const rows = await db
    .select({ id: dicts.id })
    .from(dicts)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

type DictValues = { dictCode: string; dictName: Texts; description: string };

export async function insertDict(db: Db, values: DictValues): Promise<number> {
  const rows = await db.insert(dicts).values(values).returning({ id: dicts.id });
  return Number(must(rows[0], 'inserted dictionary').id);
}

export async function updateDict(db: Db, id: number, values: DictValues): Promise<void> {
  await db
    .update(dicts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(dicts.id, id));
}

/** Its items go with it (the foreign key cascades). */
export async function deleteDict(db: Db, id: number): Promise<void> {
  await db.delete(dicts).where(eq(dicts.id, id));
}

/** An item changed: the dictionary's "updated at" says so in the list. */
export async function touchDict(db: Db, id: number): Promise<void> {
  await db.update(dicts).set({ updatedAt: new Date() }).where(eq(dicts.id, id));
}
