import { and, asc, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { CategoryNode } from '@portal/shared/system-dicts';
import type { Language, Texts } from '@portal/shared/languages';
import type { Db } from '../../../db/client.ts';
import { categories } from '../../../db/schema/dict.ts';
import { escapeLike } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

// whether a node has children, asked in the same query (sys_category_parent_idx): the tree loads lazily.
// Qualified by hand: in a selected field drizzle names columns without their table.
const hasChildren = sql<boolean>`exists (select 1 from sys_category c where c.parent_id = sys_category.id)`;
const record = { id: categories.id, parentId: categories.parentId, code: categories.code, name: categories.name, sortOrder: categories.sortOrder, hasChildren };
type Row = { id: number; parentId: number | null; code: string; name: Texts; sortOrder: number; hasChildren: boolean };

const toNode = (row: Row, lang: Language): CategoryNode => ({
  id: Number(row.id),
  parentId: row.parentId === null ? null : Number(row.parentId),
  code: row.code,
  title: row.name[lang] || row.name['zh-TW'],
  name: row.name,
  sortOrder: row.sortOrder,
  leaf: !row.hasChildren,
});

/** The children of a node (the roots without one), in their order. */
export async function categoryChildren(db: Db, parentId: number | null, lang: Language): Promise<CategoryNode[]> {
  const rows = await db
    .select(record)
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
    .orderBy(asc(categories.sortOrder), asc(categories.code), asc(categories.id));
  return rows.map((row) => toNode(row, lang));
}

/** Categories whose code or name (any language) holds the keyword, at most `limit`. */
export async function searchCategories(db: Db, keyword: string, lang: Language, limit: number): Promise<CategoryNode[]> {
  const like = `%${escapeLike(keyword)}%`;
  const where: SQL = sql`(${categories.code} ilike ${like} or ${categories.name}->>'zh-TW' ilike ${like} or ${categories.name}->>'zh-CN' ilike ${like} or ${categories.name}->>'en-US' ilike ${like})`;
  const rows = await db
    .select(record)
    .from(categories)
    .where(where)
    .orderBy(asc(categories.code), asc(categories.id))
    .limit(limit);
  return rows.map((row) => toNode(row, lang));
}

export async function findCategory(db: Db, id: number, lang: Language, lock = false): Promise<CategoryNode | null> {
  const query = db.select(record).from(categories).where(eq(categories.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ? toNode(rows[0], lang) : null;
}

/** Codes are unique across the tree, letters compared without case. */
export async function categoryCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const conditions = [sql`lower(${categories.code}) = lower(${code})`];
  if (exceptId !== undefined) conditions.push(ne(categories.id, exceptId));
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

export async function countChildren(db: Db, id: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
  return Number(rows[0]?.n ?? 0);
}

type CategoryValues = { code: string; name: Texts; sortOrder: number };

export async function insertCategory(db: Db, parentId: number | null, values: CategoryValues): Promise<number> {
  const rows = await db
    .insert(categories)
    .values({ parentId, ...values })
    .returning({ id: categories.id });
  return Number(must(rows[0], 'inserted category').id);
}

export async function updateCategory(db: Db, id: number, values: CategoryValues): Promise<void> {
  await db.update(categories).set(values).where(eq(categories.id, id));
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}
