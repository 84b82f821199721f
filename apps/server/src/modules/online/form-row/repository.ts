import { and, asc, count, type AnyColumn, desc, eq, exists, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FormRow, FormValues } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { onlineFormIndex, onlineFormRows, onlineForms } from '../../../db/schema/online.ts';
import { users } from '../../../db/schema/sys.ts';
import { must } from '../../../lib/must.ts';
import type { IndexColumn, IndexEntry } from './model.ts';

/*
 * The rows of online forms, each tenant's own (every query filters by tenant_id), and their typed index
 * (decision 0032). Field keys reach SQL only as bound values; the columns compared are chosen in code.
 */

export type FormHead = typeof onlineForms.$inferSelect;
export const UNIQUE_INDEX = 'onl_form_index_unique_uq';

export async function findFormByCode(db: Db, code: string): Promise<FormHead | undefined> {
  return (await db.select().from(onlineForms).where(eq(onlineForms.code, code)).limit(1))[0];
}

/** A condition on one field's index row: the key bound, the column chosen by the field's type. */
export type IndexCondition = { fieldKey: string; column: IndexColumn; test: 'contains' | 'eq' | 'gte' | 'lte' | 'hasItem'; value: string };

type IndexColumns = { numValue: AnyColumn; timeValue: AnyColumn; textValue: AnyColumn };
const columnOf = (table: IndexColumns, column: IndexColumn) => (column === 'num' ? table.numValue : column === 'time' ? table.timeValue : table.textValue);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function testOf(table: IndexColumns, condition: IndexCondition): SQL {
  const column = columnOf(table, condition.column);
  const bound = condition.column === 'num' ? sql`${condition.value}::numeric` : condition.column === 'time' ? sql`${condition.value}::timestamptz` : sql`${condition.value}`;
  switch (condition.test) {
    case 'contains':
      return sql`${column} ilike ${`%${escapeLike(condition.value)}%`}`;
    case 'hasItem':
      return sql`(',' || ${column} || ',') like ${`%,${escapeLike(condition.value)},%`}`;
    case 'eq':
      return sql`${column} = ${bound}`;
    case 'gte':
      return sql`${column} >= ${bound}`;
    case 'lte':
      return sql`${column} <= ${bound}`;
  }
}

export type RowListQuery = {
  tenantId: number;
  formId: number;
  conditions: IndexCondition[];
  sort: { kind: 'createdAt' } | { kind: 'field'; fieldKey: string; column: IndexColumn };
  order: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
};

function whereOf(query: Pick<RowListQuery, 'tenantId' | 'formId' | 'conditions'>, db: Db): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(onlineFormRows.tenantId, query.tenantId), eq(onlineFormRows.formId, query.formId)];
  query.conditions.forEach((condition, at) => {
    const i = alias(onlineFormIndex, `f${at}`);
    parts.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(i)
          .where(and(eq(i.tenantId, onlineFormRows.tenantId), eq(i.rowId, onlineFormRows.id), eq(i.fieldKey, condition.fieldKey), testOf(i, condition))),
      ),
    );
  });
  return and(...parts);
}

const createdBy = alias(users, 'created_by_user');
const rowColumns = {
  id: onlineFormRows.id,
  data: onlineFormRows.data,
  version: onlineFormRows.version,
  createdAt: onlineFormRows.createdAt,
  createdBy: createdBy.username,
  updatedAt: onlineFormRows.updatedAt,
};
type RowSelected = { id: number; data: FormValues; version: number; createdAt: Date; createdBy: string | null; updatedAt: Date };

export const toFormRow = (row: RowSelected, keys: ReadonlySet<string>): FormRow => ({
  id: Number(row.id),
  // a key that left the form is kept in the row but not shown
  values: Object.fromEntries(Object.entries(row.data).filter(([key]) => keys.has(key))),
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of one form's rows in one tenant: filtered through the index, sorted by a field's index row, the id breaking ties. */
export async function listRows(db: Db, query: RowListQuery): Promise<{ rows: RowSelected[]; total: number }> {
  const where = whereOf(query, db);
  const direction = query.order === 'asc' ? asc : desc;
  const s = alias(onlineFormIndex, 's');
  const sortKey = query.sort.kind === 'field' ? query.sort.fieldKey : '';
  const sortColumn = query.sort.kind === 'field' ? columnOf(s, query.sort.column) : onlineFormRows.createdAt;
  const ordering = query.sort.kind === 'field' ? [sql`${sortColumn} ${query.order === 'asc' ? sql`asc` : sql`desc`} nulls last`] : [direction(sortColumn)];
  const [rows, counted] = await Promise.all([
    db
      .select(rowColumns)
      .from(onlineFormRows)
      .leftJoin(s, and(eq(s.tenantId, onlineFormRows.tenantId), eq(s.rowId, onlineFormRows.id), eq(s.fieldKey, sortKey)))
      .leftJoin(createdBy, eq(createdBy.id, onlineFormRows.createdBy))
      .where(where)
      .orderBy(...ordering, direction(onlineFormRows.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(onlineFormRows).where(where),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export async function countFormRows(db: Db, tenantId: number, formId: number, conditions: IndexCondition[]): Promise<number> {
  const rows = await db.select({ total: count() }).from(onlineFormRows).where(whereOf({ tenantId, formId, conditions }, db));
  return Number(rows[0]?.total ?? 0);
}

/** Export batches: newest first by id. */
export async function rowBatch(db: Db, tenantId: number, formId: number, conditions: IndexCondition[], afterId: number | null, limit: number): Promise<RowSelected[]> {
  return db
    .select(rowColumns)
    .from(onlineFormRows)
    .leftJoin(createdBy, eq(createdBy.id, onlineFormRows.createdBy))
    .where(and(whereOf({ tenantId, formId, conditions }, db), afterId === null ? undefined : lt(onlineFormRows.id, afterId)))
    .orderBy(desc(onlineFormRows.id))
    .limit(limit);
}

export async function findRow(db: Db, tenantId: number, formId: number, id: number): Promise<RowSelected | undefined> {
  return (
    await db
      .select(rowColumns)
      .from(onlineFormRows)
      .leftJoin(createdBy, eq(createdBy.id, onlineFormRows.createdBy))
      .where(and(eq(onlineFormRows.tenantId, tenantId), eq(onlineFormRows.formId, formId), eq(onlineFormRows.id, id)))
      .limit(1)
  )[0];
}

export async function insertRow(db: Db, values: { tenantId: number; formId: number; data: FormValues; userId: number }): Promise<number> {
  const rows = await db
    .insert(onlineFormRows)
    .values({ tenantId: values.tenantId, formId: values.formId, data: values.data, createdBy: values.userId, updatedBy: values.userId })
    .returning({ id: onlineFormRows.id });
  return Number(must(rows[0], 'inserted form row').id);
}

/** Saves the row only at the version the editor read; false when it is gone or changed meanwhile. */
export async function updateRow(db: Db, key: { tenantId: number; formId: number; id: number; version: number }, data: FormValues, userId: number): Promise<boolean> {
  const rows = await db
    .update(onlineFormRows)
    .set({ data, version: sql`${onlineFormRows.version} + 1`, updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(onlineFormRows.tenantId, key.tenantId), eq(onlineFormRows.formId, key.formId), eq(onlineFormRows.id, key.id), eq(onlineFormRows.version, key.version)))
    .returning({ id: onlineFormRows.id });
  return rows.length > 0;
}

export async function deleteRow(db: Db, tenantId: number, formId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(onlineFormRows)
    .where(and(eq(onlineFormRows.tenantId, tenantId), eq(onlineFormRows.formId, formId), eq(onlineFormRows.id, id)))
    .returning({ id: onlineFormRows.id });
  return rows.length > 0;
}

export type IndexRow = IndexEntry & { tenantId: number; rowId: number; formId: number };

export async function clearRowIndex(db: Db, tenantId: number, rowId: number): Promise<void> {
  await db.delete(onlineFormIndex).where(and(eq(onlineFormIndex.tenantId, tenantId), eq(onlineFormIndex.rowId, rowId)));
}

export async function insertIndexRows(db: Db, rows: IndexRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += 500) await db.insert(onlineFormIndex).values(rows.slice(at, at + 500));
}

/** Every row of a form, all tenants (re-indexing after its definition changed), in id batches. */
export async function formRowsAfter(db: Db, formId: number, after: { tenantId: number; id: number } | null, limit: number) {
  return db
    .select({ tenantId: onlineFormRows.tenantId, id: onlineFormRows.id, data: onlineFormRows.data })
    .from(onlineFormRows)
    .where(
      and(
        eq(onlineFormRows.formId, formId),
        after === null ? undefined : or(gt(onlineFormRows.tenantId, after.tenantId), and(eq(onlineFormRows.tenantId, after.tenantId), gt(onlineFormRows.id, after.id))),
      ),
    )
    .orderBy(asc(onlineFormRows.tenantId), asc(onlineFormRows.id))
    .limit(limit);
}

export async function clearFormIndex(db: Db, formId: number): Promise<void> {
  await db.delete(onlineFormIndex).where(eq(onlineFormIndex.formId, formId));
}

/** Rows of a form in all tenants (a form with rows is not deleted). */
export async function countAllRows(db: Db, formIds: number[]): Promise<Map<number, number>> {
  if (formIds.length === 0) return new Map();
  const rows = await db.select({ formId: onlineFormRows.formId, total: count() }).from(onlineFormRows).where(inArray(onlineFormRows.formId, formIds)).groupBy(onlineFormRows.formId);
  return new Map(rows.map((row) => [row.formId, Number(row.total)]));
}

/** Whether a unique field's value is used in the tenant by a row other than `exceptId`. */
export async function uniqueTaken(db: Db, key: { tenantId: number; formId: number; fieldKey: string; value: string; exceptId?: number }): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(onlineFormIndex)
    .where(
      and(
        eq(onlineFormIndex.tenantId, key.tenantId),
        eq(onlineFormIndex.formId, key.formId),
        eq(onlineFormIndex.fieldKey, key.fieldKey),
        eq(onlineFormIndex.uniqueValue, key.value),
        key.exceptId === undefined ? undefined : sql`${onlineFormIndex.rowId} <> ${key.exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

