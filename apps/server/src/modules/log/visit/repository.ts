import type { Db } from '../../../db/client.ts';
import { visitLogs } from '../../../db/schema/auth.ts';

export type VisitRow = typeof visitLogs.$inferInsert;

/** One multi-row insert per batch. */
export async function insertVisits(db: Db, rows: VisitRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(visitLogs).values(rows);
}
