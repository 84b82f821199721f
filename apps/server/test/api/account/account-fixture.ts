import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { normalisePhone } from '@portal/shared/sys';
import { smsCodes } from '../../../src/db/schema/sms.ts';
import type { SmsGateway } from '../../../src/modules/sms/provider.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/* What the account tests share: the public account calls, a gateway that keeps the codes it sends, fresh numbers and addresses. */

export const SMS = '/api/account/sms';
export const PHONE_LOGIN = '/api/sys/phoneLogin';
export const REGISTER = '/api/auth/register';
export const NEW_PASSWORD = 'Fresh#2027';

/** Every request from its own client address unless a test says otherwise: the per-address limits stay out of the way. */
let addressCounter = 0;
export const nextAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};
let phoneCounter = 0;
/** a mainland number no account has */
export const freshPhone = () => `1390000${String(++phoneCounter).padStart(4, '0')}`;

type Sent = { phone: string; text: string };

/** A gateway that keeps what it was asked to send, so the tests can read the codes. */
export function capturingGateway() {
  const outbox: Sent[] = [];
  let failing = false;
  const gateway: SmsGateway = {
    async send(phone, text) {
      if (failing) throw new Error('provider down');
      outbox.push({ phone, text });
    },
  };
  return {
    gateway,
    outbox,
    fail(on: boolean) {
      failing = on;
    },
    /** the code of the last message to this number */
    lastCode(phone: string): string | undefined {
      const message = outbox.filter((m) => m.phone === phone).at(-1);
      return message?.text.match(/\b(\d{6})\b/)?.[1];
    },
  };
}

/** A registration's body that passes every check but the ones a test overrides. */
export const registrationBody = (phone: string, smsCode: string, overrides: Record<string, unknown> = {}) => ({
  // a company's name is its own (two of one name are refused): each registration's from its phone
  companyName: `Pacific Freight ${phone.slice(-6)}`,
  username: `shop_${phone.slice(-6)}`,
  phone,
  smsCode,
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...overrides,
});

/** The public account calls of the app `app()` (set in a beforeAll), whose codes go to `sms`. */
export function accountCalls(app: () => TestApp, sms: ReturnType<typeof capturingGateway>) {
  const post = (url: string, payload: unknown, options: { lang?: string; ip?: string } = {}) =>
    app().call({ method: 'POST', url, payload: payload as object, lang: options.lang, remoteAddress: options.ip ?? nextAddress() });
  return {
    post,
    /** asks a code and returns it (read from the capturing gateway) */
    async requestCode(phone: string, purpose: 'login' | 'register' | 'reset', ip?: string) {
      const response = await post(SMS, { phone, purpose }, { ip });
      expect(response.json(), `code for ${phone}`).toMatchObject({ success: true });
      const code = sms.lastCode(normalisePhone(phone)!);
      if (!code) throw new Error(`no code was sent to ${phone}`);
      return code;
    },
    codeRows: (phone: string) => app().db.select().from(smsCodes).where(eq(smsCodes.phone, phone)),
    /** moves a number's codes `seconds` back in time */
    ageCodes: (phone: string, seconds: number) =>
      app()
        .db.update(smsCodes)
        .set({ createdAt: sql`${smsCodes.createdAt} - make_interval(secs => ${seconds})` })
        .where(eq(smsCodes.phone, phone)),
    countOf: async (table: PgTable) => Number((await app().db.select({ n: count() }).from(table))[0]!.n),
  };
}

/**
 * An app of the enclosing describe's own, whose codes go to a capturing gateway, and its account calls. Every test
 * starts with no limit in force: the codes of earlier tests are moved a day back after each.
 */
export function useAccountApp() {
  let started: TestApp | undefined;
  const app = () => {
    if (!started) throw new Error('the account app has not started (beforeAll)');
    return started;
  };
  const sms = capturingGateway();
  beforeAll(async () => {
    started = await createTestApp({ smsGateway: sms.gateway });
  });
  afterAll(() => started?.close());
  afterEach(async () => {
    await app().db.update(smsCodes).set({ createdAt: sql`${smsCodes.createdAt} - interval '1 day 2 minutes'` });
  });
  return { app, sms, ...accountCalls(app, sms) };
}
