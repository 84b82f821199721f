import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { loginLocks, loginLogs, sessions } from '../../../db/schema/auth.ts';

export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

/** Minutes left on a lock of this username, or 0. Unknown usernames lock the same way as known ones. */
export async function lockedMinutes(db: Db, usernameKey: string): Promise<number> {
  const rows = await db
    .select({ seconds: sql<number>`extract(epoch from (${loginLocks.lockedUntil} - now()))` })
    .from(loginLocks)
    .where(eq(loginLocks.usernameKey, usernameKey))
    .limit(1);
  const seconds = Number(rows[0]?.seconds ?? 0);
  return seconds > 0 ? Math.ceil(seconds / 60) : 0;
}

/** Counts a failure inside a sliding window; the fifth in 15 minutes locks the name for 15 minutes. */
export async function recordFailure(db: Db, usernameKey: string): Promise<void> {
  const window = sql`make_interval(mins => ${LOCK_MINUTES})`;
  await db
    .insert(loginLocks)
    .values({ usernameKey, failCount: 1 })
    .onConflictDoUpdate({
      target: loginLocks.usernameKey,
      set: {
        failCount: sql`case when ${loginLocks.firstFailAt} < now() - ${window} then 1 else ${loginLocks.failCount} + 1 end`,
        firstFailAt: sql`case when ${loginLocks.firstFailAt} < now() - ${window} then now() else ${loginLocks.firstFailAt} end`,
        lockedUntil: sql`case when ${loginLocks.firstFailAt} >= now() - ${window} and ${loginLocks.failCount} + 1 >= ${MAX_FAILURES} then now() + ${window} else ${loginLocks.lockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Db, usernameKey: string): Promise<void> {
  await db.delete(loginLocks).where(eq(loginLocks.usernameKey, usernameKey));
}

export async function createSession(db: Db, values: { tokenHash: string; userId: number; ip: string; userAgent: string; ttlDays: number }) {
  const rows = await db
    .insert(sessions)
    .values({
      tokenHash: values.tokenHash,
      userId: values.userId,
      ip: values.ip,
      userAgent: values.userAgent.slice(0, 500),
      expiresAt: sql`now() + make_interval(days => ${values.ttlDays})`,
    })
    .returning({ id: sessions.id });
  return rows[0]?.id;
}

export async function logLogin(db: Db, values: typeof loginLogs.$inferInsert): Promise<void> {
  await db.insert(loginLogs).values({ ...values, username: values.username.slice(0, 64), userAgent: (values.userAgent ?? '').slice(0, 500) });
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
