import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { SmsPurpose } from '@portal/shared/sys';
import type { Db } from '../../../db/client.ts';
import { smsCodes } from '../../../db/schema/sms.ts';

/** advisory-lock class of the SMS rate limits (the second key is a hash of the number or address) */
const SMS_LOCK_CLASS = 72_070_002;

/** Locks the address and the number for the rest of the transaction. */
export async function lockRateKeys(tx: Db, ip: string, phone: string): Promise<void> {
  // always the address first, then the number: the same order everywhere, so no deadlock
  await tx.execute(sql`select pg_advisory_xact_lock(${SMS_LOCK_CLASS}::int, hashtext(${`ip:${ip}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${SMS_LOCK_CLASS}::int, hashtext(${`phone:${phone}`}))`);
}

/** Codes sent to the number in the last day, and the seconds left before the next may be sent (<= 0: now). */
export async function phoneCount(tx: Db, phone: string, resendSeconds: number): Promise<{ day: number; wait: number }> {
  const [row] = await tx
    .select({
      day: sql<number>`count(*)::int`,
      wait: sql<string | null>`extract(epoch from (max(${smsCodes.createdAt}) + make_interval(secs => ${resendSeconds}) - now()))`,
    })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, sql`now() - interval '1 day'`)));
  return { day: Number(row?.day ?? 0), wait: Number(row?.wait ?? 0) };
}

/** Codes asked for from the address in the last hour, and the seconds until the oldest of them leaves the hour. */
export async function addressCount(tx: Db, ip: string): Promise<{ hour: number; wait: number }> {
  const [row] = await tx
    .select({
      hour: sql<number>`count(*)::int`,
      wait: sql<string | null>`extract(epoch from (min(${smsCodes.createdAt}) + interval '1 hour' - now()))`,
    })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, sql`now() - interval '1 hour'`)));
  return { hour: Number(row?.hour ?? 0), wait: Number(row?.wait ?? 0) };
}

export async function insertCode(tx: Db, values: { phone: string; purpose: SmsPurpose; codeHash: string; ip: string }, ttlSeconds: number): Promise<number> {
  const rows = await tx
    .insert(smsCodes)
    .values({ ...values, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .returning({ id: smsCodes.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('sms code: insert returned nothing');
  return id;
}

/** A code whose text message could not be sent: forgotten, so the sender may ask again at once. */
export async function forgetCode(db: Db, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/** Spends one attempt of the latest live code sent to the number for this purpose; its id and hash, or undefined when none is left. */
export async function spendAttempt(db: Db, phone: string, purpose: SmsPurpose, maxAttempts: number): Promise<{ id: number; codeHash: string } | undefined> {
  const latest = db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  const rows = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(inArray(smsCodes.id, latest), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`), lt(smsCodes.attempts, maxAttempts)))
    .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash });
  return rows[0];
}

/** Uses a matched code up; false when it was used (or expired) meanwhile. */
export async function consumeCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`)))
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}
