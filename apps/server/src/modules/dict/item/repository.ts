import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DictItemRecord } from '@portal/shared/system-dicts';
import type { Texts } from '@portal/shared/languages';
import type { Db } from '../../../db/client.ts';
import { dictItems } from '../../../db/schema/dict.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

export type DictItemListQuery = { dictId: number; pageNo: number; pageSize: number; itemValue?: string; itemText?: string; status?: '0' | '1' };

const record = { id: dictItems.id, dictId: dictItems.dictId, itemValue: dictItems.itemValue, itemText: dictItems.itemText, color: dictItems.color, sortOrder: dictItems.sortOrder, status: dictItems.status };
type Row = { id: number; dictId: number; itemValue: string; itemText: Texts; color: string | null; sortOrder: number; status: number };
const toRecord = (row: Row): DictItemRecord => ({ ...row, id: Number(row.id), dictId: Number(row.dictId) });

function whereOf(query: Omit<DictItemListQuery, 'pageNo' | 'pageSize'>): SQL | undefined {
  const conditions: SQL[] = [eq(dictItems.dictId, query.dictId)];
  if (query.itemValue) conditions.push(sql`${dictItems.itemValue} ilike ${`%${escapeLike(query.itemValue)}%`}`);
  if (query.itemText) {
    const like = `%${escapeLike(query.itemText)}%`;
    conditions.push(sql`(${dictItems.itemText}->>'zh-TW' ilike ${like} or ${dictItems.itemText}->>'zh-CN' ilike ${like} or ${dictItems.itemText}->>'en-US' ilike ${like})`);
  }
  if (query.status) conditions.push(eq(dictItems.status, Number(query.status)));
  return and(...conditions);
}

/** A dictionary's items in their order (sys_dict_item_sort_idx), disabled ones included. */
export async function listDictItems(db: Db, query: DictItemListQuery) {
  const where = whereOf(query);
  const [rows, counted] = await Promise.all([
    db
      .select(record)
      .from(dictItems)
      .where(where)
      .orderBy(asc(dictItems.sortOrder), asc(dictItems.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(dictItems).where(where),
  ]);
  return pageOf(rows.map(toRecord), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

export async function findDictItem(db: Db, id: number, lock = false): Promise<DictItemRecord | null> {
  const query = db.select(record).from(dictItems).where(eq(dictItems.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Values are data (CREATED, created): compared exactly, as the unique index does. */
export async function itemValueTaken(db: Db, dictId: number, value: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(dictItems.dictId, dictId), eq(dictItems.itemValue, value)];
  if (exceptId !== undefined) conditions.push(ne(dictItems.id, exceptId));
  const rows = await db
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

type ItemValues = { itemValue: string; itemText: Texts; color: string | null; sortOrder: number; status: number };

export async function insertDictItem(db: Db, dictId: number, values: ItemValues): Promise<number> {
  const rows = await db
    .insert(dictItems)
    .values({ dictId, ...values })
    .returning({ id: dictItems.id });
  return Number(must(rows[0], 'inserted dictionary item').id);
}

export async function updateDictItem(db: Db, id: number, values: Partial<ItemValues>): Promise<void> {
  await db.update(dictItems).set(values).where(eq(dictItems.id, id));
}

export async function deleteDictItem(db: Db, id: number): Promise<void> {
  await db.delete(dictItems).where(eq(dictItems.id, id));
}

/** The ids of a dictionary's items, in their order. */
export async function dictItemIds(db: Db, dictId: number): Promise<number[]> {
  const rows = await db
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(eq(dictItems.dictId, dictId))
    .orderBy(asc(dictItems.sortOrder), asc(dictItems.id));
  return rows.map((row) => Number(row.id));
}

/** Sets each item's sort order to its place in `ids` (10, 20, 30...: room for an item added between two), in one statement. */
export async function reorderDictItems(db: Db, dictId: number, ids: number[]): Promise<void> {
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::bigint then ${(index + 1) * 10}::int`),
    sql` `,
  );
  await db
    .update(dictItems)
    .set({ sortOrder: sql`case ${dictItems.id} ${cases} end` })
    .where(and(eq(dictItems.dictId, dictId), inArray(dictItems.id, ids)));
}
