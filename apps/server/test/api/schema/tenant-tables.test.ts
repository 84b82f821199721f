import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import { GLOBAL_TABLES, REFERENCE_TABLES } from '../../../src/db/schema/distribution.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../helpers/test-app.ts';

/*
 * Decision 0010 (docs/decisions/0010-tables-by-tenant.md), read from the catalogue after migration: a
 * table with a tenant_id column is distributed by it, so its primary key and every unique key include
 * tenant_id, and a reference to another tenant table pairs tenant_id with tenant_id; a table without
 * tenant_id is a declared reference or global table. Tables of areas to come are checked the same way.
 */

const TENANT = 'tenant_id';
const referenceTables = new Set<string>(REFERENCE_TABLES);
const globalTables = new Set<string>(GLOBAL_TABLES);

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Every way the public schema's tables break the decision, one readable line each. */
async function shapeProblems(db: Db): Promise<string[]> {
  const tables = await rows<{ table: string; tenant: boolean }>(
    db,
    sql`select c.relname as "table",
          exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = ${TENANT} and not a.attisdropped) as tenant
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  // key columns of every unique index (primary keys and unique constraints included); null stands for an expression.
  // Names are cast to text: node-postgres hands arrays of type name over as one string
  const uniques = await rows<{ table: string; index: string; primary: boolean; columns: (string | null)[] }>(
    db,
    sql`select t.relname as "table", i.relname as "index", x.indisprimary as "primary",
          array(select a.attname::text from unnest(x.indkey::int2[]) with ordinality k(attnum, n)
                  left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
                where k.n <= x.indnkeyatts order by k.n) as columns
        from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
          join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and x.indisunique order by t.relname, i.relname`,
  );
  const foreignKeys = await rows<{ table: string; name: string; referenced: string; columns: string[]; referencedColumns: string[] }>(
    db,
    sql`select t.relname as "table", c.conname as name, r.relname as referenced,
          array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n) as columns,
          array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, n)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.n) as "referencedColumns"
        from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class r on r.oid = c.confrelid
          join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and c.contype = 'f' order by t.relname, c.conname`,
  );

  const tenantTables = new Set(tables.filter((table) => table.tenant).map((table) => table.table));
  const problems: string[] = [];
  const list = (columns: readonly (string | null)[]) => columns.map((column) => column ?? '<expression>').join(', ');

  for (const { table, tenant } of tables) {
    if (tenant) {
      if (referenceTables.has(table) || globalTables.has(table)) problems.push(`${table}: has a ${TENANT} column but is declared a ${referenceTables.has(table) ? 'reference' : 'global'} table (rename the column or the class)`);
      if (!uniques.some((unique) => unique.table === table && unique.primary)) problems.push(`${table}: has no primary key (want (${TENANT}, id))`);
    } else if (!referenceTables.has(table) && !globalTables.has(table)) {
      problems.push(`${table}: has no ${TENANT} column and is not a reference or global table of decision 0010 (src/db/schema/distribution.ts)`);
    }
  }
  for (const declared of [...REFERENCE_TABLES, ...GLOBAL_TABLES]) {
    if (!tables.some((table) => table.table === declared)) problems.push(`${declared}: declared in src/db/schema/distribution.ts but no such table`);
  }
  for (const unique of uniques) {
    if (tenantTables.has(unique.table) && !unique.columns.includes(TENANT)) {
      problems.push(`${unique.table}: ${unique.primary ? 'primary key' : 'unique index'} ${unique.index} (${list(unique.columns)}) leaves ${TENANT} out`);
    }
  }
  for (const key of foreignKeys) {
    const from = tenantTables.has(key.table);
    const to = tenantTables.has(key.referenced);
    const what = `${key.table}: foreign key ${key.name} (${list(key.columns)}) -> ${key.referenced} (${list(key.referencedColumns)})`;
    if (from && to) {
      const at = key.columns.indexOf(TENANT);
      if (at < 0 || key.referencedColumns[at] !== TENANT) problems.push(`${what} does not pair ${TENANT} with ${TENANT}`);
    } else if (to) {
      problems.push(`${what}: a table that is not distributed refers to a tenant table`);
    } else if (from && globalTables.has(key.referenced)) {
      problems.push(`${what}: a tenant table refers to a global table (only reference tables are on every node)`);
    }
  }
  return problems;
}

describe(`tables by tenant, read from the catalogue (${testDbKind()})`, () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createTestDatabase();
  });
  afterAll(async () => {
    await target.drop();
  });

  it('gives every tenant table keys and references that include tenant_id, and every other table a declared class', async () => {
    expect(await shapeProblems(target.database.db)).toEqual([]);
  });

  it('names the table and the constraint that break it', async () => {
    const db = target.database.db;
    await db.execute(sql`create table zz_bad_parent (id bigint primary key, tenant_id integer not null, no text unique)`);
    await db.execute(sql`create table zz_bad_child (tenant_id integer not null, parent_id bigint references zz_bad_parent (id), primary key (tenant_id, parent_id))`);
    await db.execute(sql`create table zz_unlisted (id bigint primary key)`);
    try {
      // sorted here: the catalogue's order of names depends on the collation
      expect((await shapeProblems(db)).sort()).toEqual([
        'zz_bad_child: foreign key zz_bad_child_parent_id_fkey (parent_id) -> zz_bad_parent (id) does not pair tenant_id with tenant_id',
        'zz_bad_parent: primary key zz_bad_parent_pkey (id) leaves tenant_id out',
        'zz_bad_parent: unique index zz_bad_parent_no_key (no) leaves tenant_id out',
        'zz_unlisted: has no tenant_id column and is not a reference or global table of decision 0010 (src/db/schema/distribution.ts)',
      ]);
    } finally {
      await db.execute(sql`drop table zz_bad_child, zz_bad_parent, zz_unlisted`);
    }
  });
});
