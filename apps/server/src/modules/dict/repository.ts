import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dictItems, dicts } from '../../db/schema/dict.ts';

/** Every dictionary with its enabled items in their order (a dictionary without items comes once, with nulls). */
export function enabledDictItems(db: Db) {
  return db
    .select({ code: dicts.dictCode, value: dictItems.itemValue, text: dictItems.itemText, color: dictItems.color })
    .from(dicts)
    .leftJoin(dictItems, and(eq(dictItems.dictId, dicts.id), eq(dictItems.status, 1)))
    .orderBy(asc(dicts.dictCode), asc(dictItems.sortOrder), asc(dictItems.id));
}
