import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The rows of a statement written with `sql`: both drivers (node-postgres, PGlite) answer `execute` with `rows`. */
export async function rawRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const rows = ((await db.execute(query)) as unknown as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('a raw query answered without rows');
  return rows as Row[];
}
