import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { schema } from '../../src/db/client.ts';

/**
 * The drizzle table of a name, so that a helper reading tables by name puts the table object into SQL
 * (which drizzle quotes) rather than text built from the name (decision 0033).
 */
const byName = new Map<string, PgTable>(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);

export function tableNamed(name: string): PgTable {
  const table = byName.get(name);
  if (!table) throw new Error(`no table ${name} in the drizzle schema`);
  return table;
}
