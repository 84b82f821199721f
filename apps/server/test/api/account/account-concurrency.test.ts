import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createTestDatabase, testDbKind, type TestApp, type TestDatabase } from '../../helpers/test-app.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';
import { departments, roles, tenants, users } from '../../../src/db/schema/sys.ts';
import { smsCodes } from '../../../src/db/schema/sms.ts';
import { capturingGateway, freshPhone, PHONE_LOGIN, REGISTER, registrationBody as validBody, SMS, useAccountApp } from './account-fixture.ts';

/*
 * The account calls under concurrency: parallel guesses of one code, simultaneous registrations, a registration's
 * transaction failing half-way, two app servers sharing the codes. They run on PGlite too (decision 0034), where
 * every request shares one connection; the rest of the account's behaviour is in account.test.ts.
 */

describe(`account calls under concurrency (${testDbKind()})`, () => {
  const { app, post, requestCode, codeRows, countOf } = useAccountApp();
  const phoneLogin = (mobile: string, captcha: string) => post(PHONE_LOGIN, { mobile, captcha });

  it('counts parallel guesses: never more than five checks per code', async () => {
    const code = await requestCode('13800000001', 'login');
    const wrong = code === '111111' ? '111112' : '111111';
    await Promise.all(Array.from({ length: 8 }, () => phoneLogin('13800000001', wrong)));
    expect((await phoneLogin('13800000001', code)).json().success).toBe(false);
    const [row] = (await codeRows('13800000001')).sort((a, b) => b.id - a.id);
    expect(row!.attempts).toBe(5);
  });

  it('leaves nothing behind when the transaction fails half-way', async () => {
    const phone = freshPhone();
    const code = await requestCode(phone, 'register');
    // the last insert of the transaction fails as if another registration had just taken the number
    await app().db.execute(sql.raw(`create or replace function test_fail_depart_link() returns trigger language plpgsql as $$
      begin raise exception 'simulated' using errcode = 'unique_violation', constraint = 'sys_user_phone_uq'; end $$`));
    await app().db.execute(sql.raw('create trigger test_fail_depart_link before insert on sys_user_depart for each row execute function test_fail_depart_link()'));
    const before = await fingerprint(app().db);
    const counts = [await countOf(tenants), await countOf(roles), await countOf(departments), await countOf(users)];
    try {
      const response = await post(REGISTER, validBody(phone, code), { lang: 'en-US' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, message: 'This phone number is already registered' });
    } finally {
      await app().db.execute(sql.raw('drop trigger test_fail_depart_link on sys_user_depart'));
      await app().db.execute(sql.raw('drop function test_fail_depart_link()'));
    }
    expect(await fingerprint(app().db)).toBe(before);
    expect([await countOf(tenants), await countOf(roles), await countOf(departments), await countOf(users)]).toEqual(counts);
    const [row] = await codeRows(phone);
    expect(row!.usedAt).toBeNull();
    expect((await post(REGISTER, validBody(phone, code))).json().success).toBe(true);
  });

  it('lets only one of two simultaneous registrations of a name through', async () => {
    const phones = [freshPhone(), freshPhone()];
    const codes = [await requestCode(phones[0]!, 'register'), await requestCode(phones[1]!, 'register')];
    const counts = [await countOf(tenants), await countOf(departments), await countOf(users)];
    const responses = await Promise.all([
      post(REGISTER, validBody(phones[0]!, codes[0]!, { username: 'racer_01' })),
      post(REGISTER, validBody(phones[1]!, codes[1]!, { username: 'RACER_01' })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.filter((r) => r.json().success)).toHaveLength(1);
    expect([await countOf(tenants), await countOf(departments), await countOf(users)]).toEqual(counts.map((n) => n + 1));
    const loser = responses.findIndex((r) => r.statusCode === 409);
    expect((await codeRows(phones[loser]!))[0]!.usedAt).toBeNull();
  });
});

describe(`SMS codes across two app servers (${testDbKind()})`, () => {
  let shared: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  const sms = capturingGateway();
  const secret = 'a-shared-secret-of-at-least-32-characters';

  beforeAll(async () => {
    shared = await createTestDatabase();
    one = await createTestApp({ testDatabase: shared, smsGateway: sms.gateway, config: { SMS_CODE_SECRET: secret } });
    two = await createTestApp({ testDatabase: shared, smsGateway: sms.gateway, config: { SMS_CODE_SECRET: secret } });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await shared.drop();
  });

  it('agree on the limits and on the codes', async () => {
    const ip = '10.88.0.1';
    const first = await one.call({ method: 'POST', url: SMS, payload: { phone: '0912000001', purpose: 'login' }, remoteAddress: ip });
    expect(first.json().success).toBe(true);
    const second = await two.call({ method: 'POST', url: SMS, payload: { phone: '0912000001', purpose: 'login' }, remoteAddress: '10.88.0.2', lang: 'en-US' });
    expect(second.json()).toMatchObject({ success: false, code: 429 });
    expect(second.json().message).toMatch(/^A code was just sent: try again in \d+ s$/);
    const code = sms.lastCode('0912000001')!;
    const login = await two.call({ method: 'POST', url: PHONE_LOGIN, payload: { mobile: '0912000001', captcha: code } });
    expect(login.json()).toMatchObject({ success: true, result: { userInfo: { username: 'merchant' } } });
    expect((await one.call({ method: 'POST', url: PHONE_LOGIN, payload: { mobile: '0912000001', captcha: code } })).json().success).toBe(false);
  });

  it('do not accept a code keyed with another secret', async () => {
    const other = await createTestApp({ testDatabase: shared, smsGateway: sms.gateway, config: { SMS_CODE_SECRET: 'another-secret-of-at-least-32-characters!' } });
    try {
      await shared.database.db
        .update(smsCodes)
        .set({ createdAt: sql`${smsCodes.createdAt} - interval '61 seconds'` })
        .where(eq(smsCodes.phone, '0912000001'));
      await one.call({ method: 'POST', url: SMS, payload: { phone: '0912000001', purpose: 'login' }, remoteAddress: '10.88.0.3' });
      const code = sms.lastCode('0912000001')!;
      expect((await other.call({ method: 'POST', url: PHONE_LOGIN, payload: { mobile: '0912000001', captcha: code } })).json().success).toBe(false);
      expect((await two.call({ method: 'POST', url: PHONE_LOGIN, payload: { mobile: '0912000001', captcha: code } })).json().success).toBe(true);
    } finally {
      await other.close();
    }
  });
});
