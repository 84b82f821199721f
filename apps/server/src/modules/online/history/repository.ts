import { and, desc, eq, lt } from 'drizzle-orm';
import { ONLINE_HISTORY_LIMIT, type OnlineKind } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { onlineHistory } from '../../../db/schema/online.ts';
import { users } from '../../../db/schema/sys.ts';
import { diffDefinitions } from './model.ts';

/**
 * Keeps a new version of a definition (in the transaction that saves it), with what it changed from the
 * one before, and forgets versions beyond the newest 16 (spec §9).
 */
export async function recordVersion(tx: Db, entry: { kind: OnlineKind; code: string; version: number; definition: object; changedBy: number | null }): Promise<void> {
  const [previous] = await tx
    .select({ definition: onlineHistory.definition })
    .from(onlineHistory)
    .where(and(eq(onlineHistory.kind, entry.kind), eq(onlineHistory.code, entry.code), lt(onlineHistory.version, entry.version)))
    .orderBy(desc(onlineHistory.version))
    .limit(1);
  const diff = previous ? diffDefinitions(previous.definition, entry.definition) : [];
  await tx.insert(onlineHistory).values({ kind: entry.kind, code: entry.code, version: entry.version, definition: entry.definition as never, diff, changedBy: entry.changedBy });
  await tx
    .delete(onlineHistory)
    .where(and(eq(onlineHistory.kind, entry.kind), eq(onlineHistory.code, entry.code), lt(onlineHistory.version, entry.version - ONLINE_HISTORY_LIMIT + 1)));
}

/** The kept versions of a code, the newest first. */
export async function listVersions(db: Db, kind: OnlineKind, code: string) {
  const rows = await db
    .select({
      version: onlineHistory.version,
      changedAt: onlineHistory.changedAt,
      changedBy: users.username,
      diff: onlineHistory.diff,
      definition: onlineHistory.definition,
    })
    .from(onlineHistory)
    .leftJoin(users, eq(users.id, onlineHistory.changedBy))
    .where(and(eq(onlineHistory.kind, kind), eq(onlineHistory.code, code)))
    .orderBy(desc(onlineHistory.version));
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}

/** One kept version's definition, or undefined when it was never kept or has been forgotten. */
export async function findVersion(db: Db, kind: OnlineKind, code: string, version: number): Promise<object | undefined> {
  const [row] = await db
    .select({ definition: onlineHistory.definition })
    .from(onlineHistory)
    .where(and(eq(onlineHistory.kind, kind), eq(onlineHistory.code, code), eq(onlineHistory.version, version)))
    .limit(1);
  return row?.definition;
}

/** A deleted definition's versions go with it (a new definition of the same code starts afresh). */
export async function forgetVersions(tx: Db, kind: OnlineKind, code: string): Promise<void> {
  await tx.delete(onlineHistory).where(and(eq(onlineHistory.kind, kind), eq(onlineHistory.code, code)));
}
