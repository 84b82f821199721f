import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as sys from './schema/sys.ts';
import * as dict from './schema/dict.ts';
import * as auth from './schema/auth.ts';
import * as sms from './schema/sms.ts';
import * as logistics from './schema/logistics.ts';
import * as finance from './schema/finance.ts';
import * as admin from './schema/admin.ts';
import * as purchase from './schema/purchase.ts';
import * as openApi from './schema/open-api.ts';
import * as online from './schema/online.ts';

export const schema = { ...sys, ...dict, ...auth, ...sms, ...logistics, ...finance, ...admin, ...purchase, ...openApi, ...online };
export type Schema = typeof schema;
/**
 * The one database handle every service and repository takes: the PostgreSQL dialect, whichever engine
 * is behind it. A transaction (drizzle's PgTransaction extends PgDatabase) is one too, so a function
 * written for the pool runs unchanged inside `db.transaction(async (tx) => ...)`, with no cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  /** PostgreSQL's address (the job queue opens its own small pool on it) */
  url?: string;
  /** the embedded engine's one connection (the job queue talks to it directly) */
  pglite?: PGlite;
  /** PostgreSQL's pool (the operators' metrics read its connections) */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Any constant will do; it only has to be the same on every app server. */
const MIGRATION_LOCK = 72_070_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // a connection that fails while idle must not crash the process
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      url: options.url,
      pool,
      async migrate() {
        // several app servers may start at once: one migrates, the others wait
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
    },
    close: () => client.close(),
    pglite: client,
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
