import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FormDefinition, FormRecordDefinition } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { checkRules, dicts } from '../../../db/schema/dict.ts';
import { onlineForms, onlineReports } from '../../../db/schema/online.ts';
import { users } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';
import { countAllRows } from '../form-row/repository.ts';

/* Online form definitions: the platform's, global like the menu catalogue. */

export const FORM_CODE_UNIQUE = 'onl_form_code_uq';
export type FormHeadRow = typeof onlineForms.$inferSelect;

const SORT_COLUMNS = { code: onlineForms.code, updatedAt: onlineForms.updatedAt, createdAt: onlineForms.createdAt } as const;
export type FormSortColumn = keyof typeof SORT_COLUMNS;
export const FORM_SORT_COLUMNS = Object.keys(SORT_COLUMNS) as [FormSortColumn, ...FormSortColumn[]];

export type FormListQuery = { pageNo: number; pageSize: number; column?: FormSortColumn; order?: 'asc' | 'desc'; code?: string; title?: string };

const columns = { row: onlineForms, updatedBy: users.username };

async function toRecords(db: Db, rows: { row: FormHeadRow; updatedBy: string | null }[]): Promise<FormRecordDefinition[]> {
  const counts = await countAllRows(db, rows.map((r) => r.row.id));
  return rows.map(({ row, updatedBy }) => ({
    id: row.id,
    code: row.code,
    titles: row.titles,
    definition: row.definition,
    version: row.version,
    menuId: row.menuId,
    rowCount: counts.get(row.id) ?? 0,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy,
  }));
}

function whereOf(query: FormListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.code) parts.push(sql`${onlineForms.code} ilike ${`%${escapeLike(query.code)}%`}`);
  if (query.title) {
    const like = `%${escapeLike(query.title)}%`;
    parts.push(sql`(${onlineForms.titles}->>'zh-TW' ilike ${like} or ${onlineForms.titles}->>'zh-CN' ilike ${like} or ${onlineForms.titles}->>'en-US' ilike ${like})`);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listForms(db: Db, query: FormListQuery) {
  const where = whereOf(query);
  const column = query.column ?? 'updatedAt';
  const direction = (query.order ?? (column === 'code' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(onlineForms)
      .leftJoin(users, eq(users.id, onlineForms.updatedBy))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[column]), direction(onlineForms.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(onlineForms).where(where),
  ]);
  return pageOf(await toRecords(db, rows), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

export async function findForm(db: Db, id: number, lock = false): Promise<FormHeadRow | undefined> {
  const query = db.select().from(onlineForms).where(eq(onlineForms.id, id));
  return (lock ? await query.for('update') : await query)[0];
}

export async function formRecord(db: Db, id: number): Promise<FormRecordDefinition | undefined> {
  const rows = await db.select(columns).from(onlineForms).leftJoin(users, eq(users.id, onlineForms.updatedBy)).where(eq(onlineForms.id, id));
  return (await toRecords(db, rows))[0];
}

export async function formCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.select({ id: onlineForms.id }).from(onlineForms).where(eq(onlineForms.code, code)).limit(1)).length > 0;
}

export async function insertForm(db: Db, definition: FormDefinition, userId: number | null): Promise<FormHeadRow> {
  const rows = await db.insert(onlineForms).values({ code: definition.code, titles: definition.titles, definition, updatedBy: userId }).returning();
  return must(rows[0], 'inserted form');
}

/** Saves at the version read; undefined when changed meanwhile. */
export async function updateForm(db: Db, id: number, version: number, definition: FormDefinition, userId: number | null): Promise<FormHeadRow | undefined> {
  const rows = await db
    .update(onlineForms)
    .set({ code: definition.code, titles: definition.titles, definition, version: version + 1, updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(onlineForms.id, id), eq(onlineForms.version, version)))
    .returning();
  return rows[0];
}

export async function deleteForm(db: Db, id: number): Promise<void> {
  await db.delete(onlineForms).where(eq(onlineForms.id, id));
}

export async function dictExists(db: Db, code: string): Promise<boolean> {
  return (await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, code)).limit(1)).length > 0;
}

export async function ruleExists(db: Db, code: string): Promise<boolean> {
  return (await db.select({ id: checkRules.id }).from(checkRules).where(eq(checkRules.ruleCode, code)).limit(1)).length > 0;
}

export async function reportExists(db: Db, code: string): Promise<boolean> {
  return (await db.select({ id: onlineReports.id }).from(onlineReports).where(eq(onlineReports.code, code)).limit(1)).length > 0;
}

/** The first form with a field checked by this rule (a rule in use is not deleted). */
export async function formUsingRule(db: Db, ruleCode: string): Promise<string | null> {
  const rows = await db
    .select({ code: onlineForms.code })
    .from(onlineForms)
    .where(sql`exists (select 1 from jsonb_array_elements(${onlineForms.definition}->'fields') as f where f->>'ruleCode' = ${ruleCode})`)
    .limit(1);
  return rows[0]?.code ?? null;
}
