import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { SmsPurpose } from '@portal/shared/sys';
import type { Db } from '../../db/client.ts';
import { smsCodes } from '../../db/schema/sms.ts';

export const SMS_CODE_TTL_SECONDS = 5 * 60;
/** one code per number and minute */
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_PER_PHONE_PER_DAY = 10;
export const SMS_MAX_PER_ADDRESS_PER_HOUR = 20;
/** verifications a code allows; then it is dead */
export const SMS_MAX_ATTEMPTS = 5;
/** advisory-lock class of the SMS rate limits (the second key is a hash of the number or address) */
const SMS_LOCK_CLASS = 72_070_002;

/** Six digits from the operating system's CSPRNG. */
export const newSmsCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export type SmsCodeHasher = (phone: string, purpose: SmsPurpose, code: string) => string;

/** HMAC-SHA256 bound to number and purpose: the table never holds a code, nor a hash one can test offline. */
export function smsCodeHasher(secret: string): SmsCodeHasher {
  return (phone, purpose, code) => createHmac('sha256', secret).update(`${purpose}\n${phone}\n${code}`).digest('hex');
}

export type IssueOutcome =
  | { kind: 'issued'; id: number }
  | { kind: 'tooSoon'; seconds: number }
  | { kind: 'dailyLimit' }
  | { kind: 'addressLimit'; minutes: number };

/**
 * Records a new code unless a limit forbids it. The limits are counted in the database, under
 * transaction-scoped advisory locks on the number and the address, so that any number of app
 * servers agree and two simultaneous requests cannot both slip under a limit.
 */
export async function issueCode(db: Db, values: { phone: string; purpose: SmsPurpose; codeHash: string; ip: string }): Promise<IssueOutcome> {
  return db.transaction(async (tx) => {
    // always the address first, then the number: the same order everywhere, so no deadlock
    await tx.execute(sql`select pg_advisory_xact_lock(${SMS_LOCK_CLASS}::int, hashtext(${`ip:${values.ip}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SMS_LOCK_CLASS}::int, hashtext(${`phone:${values.phone}`}))`);

    const [byPhone] = await tx
      .select({
        day: sql<number>`count(*)::int`,
        wait: sql<string | null>`extract(epoch from (max(${smsCodes.createdAt}) + make_interval(secs => ${SMS_RESEND_SECONDS}) - now()))`,
      })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, values.phone), gt(smsCodes.createdAt, sql`now() - interval '1 day'`)));
    const wait = Number(byPhone?.wait ?? 0);
    if (wait > 0) return { kind: 'tooSoon', seconds: Math.ceil(wait) };
    if (Number(byPhone?.day ?? 0) >= SMS_MAX_PER_PHONE_PER_DAY) return { kind: 'dailyLimit' };

    const [byAddress] = await tx
      .select({
        hour: sql<number>`count(*)::int`,
        wait: sql<string | null>`extract(epoch from (min(${smsCodes.createdAt}) + interval '1 hour' - now()))`,
      })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, values.ip), gt(smsCodes.createdAt, sql`now() - interval '1 hour'`)));
    if (Number(byAddress?.hour ?? 0) >= SMS_MAX_PER_ADDRESS_PER_HOUR) {
      return { kind: 'addressLimit', minutes: Math.max(1, Math.ceil(Number(byAddress?.wait ?? 0) / 60)) };
    }

    const rows = await tx
      .insert(smsCodes)
      .values({ ...values, expiresAt: sql`now() + make_interval(secs => ${SMS_CODE_TTL_SECONDS})` })
      .returning({ id: smsCodes.id });
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('sms code: insert returned nothing');
    return { kind: 'issued', id };
  });
}

/** A code whose text message could not be sent: forgotten, so the sender may ask again at once. */
export async function forgetCode(db: Db, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/**
 * Checks a code against the latest one sent to the number for this purpose (a newer code replaces
 * the older ones). Every check spends one of the code's attempts, atomically, so parallel guesses
 * cannot exceed the limit; an expired, used or exhausted code never matches. Answers the code's id
 * when it matches; it still has to be consumed (consumeCode), possibly inside the caller's transaction.
 */
export async function checkCode(db: Db, hasher: SmsCodeHasher, values: { phone: string; purpose: SmsPurpose; code: string }): Promise<number | null> {
  const latest = db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, values.phone), eq(smsCodes.purpose, values.purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  const rows = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(inArray(smsCodes.id, latest), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`), lt(smsCodes.attempts, SMS_MAX_ATTEMPTS)))
    .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash });
  const row = rows[0];
  if (!row) return null;
  const expected = Buffer.from(hasher(values.phone, values.purpose, values.code), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  return stored.length === expected.length && timingSafeEqual(stored, expected) ? row.id : null;
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
