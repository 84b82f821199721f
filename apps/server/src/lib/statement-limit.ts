import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Runs `work` in a read-only transaction whose statements are cancelled after `ms` milliseconds
 * (PostgreSQL's `statement_timeout`, set for this transaction only, through set_config so the value is
 * bound). What an administrator defines (an online report) can then never hold a connection for long.
 * A cancelled statement rejects with SQLSTATE 57014 (`isStatementTimeout`).
 */
export function withStatementLimit<T>(db: Db, ms: number, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(Math.trunc(ms))}, true)`);
      return work(tx);
    },
    { accessMode: 'read only' },
  );
}

/** Whether an error is a statement cancelled by its timeout (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}
