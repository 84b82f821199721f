import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsPurpose } from '@portal/shared/sys';
import type { Db } from '../../../db/client.ts';
import { addressCount, insertCode, lockRateKeys, phoneCount, spendAttempt } from './repository.ts';

export const SMS_CODE_TTL_SECONDS = 5 * 60;
/** one code per number and minute */
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_PER_PHONE_PER_DAY = 10;
export const SMS_MAX_PER_ADDRESS_PER_HOUR = 20;
/** verifications a code allows; then it is dead */
export const SMS_MAX_ATTEMPTS = 5;

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
  return db.transaction(async (scoped) => {
    await lockRateKeys(scoped, values.ip, values.phone);

    const byPhone = await phoneCount(scoped, values.phone, SMS_RESEND_SECONDS);
    if (byPhone.wait > 0) return { kind: 'tooSoon', seconds: Math.ceil(byPhone.wait) };
    if (byPhone.day >= SMS_MAX_PER_PHONE_PER_DAY) return { kind: 'dailyLimit' };

    const byAddress = await addressCount(scoped, values.ip);
    if (byAddress.hour >= SMS_MAX_PER_ADDRESS_PER_HOUR) {
      return { kind: 'addressLimit', minutes: Math.max(1, Math.ceil(byAddress.wait / 60)) };
    }

    return { kind: 'issued', id: await insertCode(scoped, values, SMS_CODE_TTL_SECONDS) };
  });
}

/**
 * Checks a code against the latest one sent to the number for this purpose (a newer code replaces
 * the older ones). Every check spends one of the code's attempts, atomically, so parallel guesses
 * cannot exceed the limit; an expired, used or exhausted code never matches. Answers the code's id
 * when it matches; it still has to be consumed (consumeCode), possibly inside the caller's transaction.
 */
export async function checkCode(db: Db, hasher: SmsCodeHasher, values: { phone: string; purpose: SmsPurpose; code: string }): Promise<number | null> {
  const row = await spendAttempt(db, values.phone, values.purpose, SMS_MAX_ATTEMPTS);
  if (!row) return null;
  const expected = Buffer.from(hasher(values.phone, values.purpose, values.code), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  return stored.length === expected.length && timingSafeEqual(stored, expected) ? row.id : null;
}
