import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { loginLogs, visitLogs } from '../../../db/schema/auth.ts';
import type { auditLogs } from '../../../db/schema/admin.ts';
import { tenants } from '../../../db/schema/sys.ts';

export type LogTable = typeof loginLogs | typeof visitLogs | typeof auditLogs;

/** Every tenant id, the platform's (0) included. */
export async function tenantIds(db: Db): Promise<number[]> {
  return (await db.select({ id: tenants.id }).from(tenants).orderBy(tenants.id)).map((row) => row.id);
}

/**
 * Deletes at most `limit` rows of one tenant older than `days` days, the oldest first; how many went.
 * Short statements (one tenant, one batch, through the (tenant_id, created_at) index) hold no lock for long.
 */
export async function deleteOldBatch(db: Db, table: LogTable, tenantId: number, days: number, limit: number): Promise<number> {
  const old = and(eq(table.tenantId, tenantId), lt(table.createdAt, sql`now() - make_interval(days => ${days})`));
  const batch = db.select({ id: table.id }).from(table).where(old).orderBy(table.createdAt).limit(limit);
  const deleted = await db
    .delete(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, batch)))
    .returning({ id: table.id });
  return deleted.length;
}
