import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { testDbKind } from '../../helpers/test-app.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { departments, rolePermissions, roles, tenantPackages, tenants, userDepartments, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';
import { loginLocks, sessions } from '../../../src/db/schema/auth.ts';
import { smsCodes } from '../../../src/db/schema/sms.ts';
import { loadConfig } from '../../../src/config.ts';
import { createHttpGateway, createLogGateway, createSmsGateway, SMS_HTTP_TIMEOUT_MS } from '../../../src/modules/sms/provider.ts';
import { normalisePhone } from '@portal/shared/sys';
import { freshPhone, NEW_PASSWORD, nextAddress, PHONE_LOGIN, REGISTER, registrationBody, SMS, useAccountApp } from './account-fixture.ts';

const FORGE = '/api/auth/forge-password';
const USER_INFO = '/api/user/info';

/** A tiny provider on 127.0.0.1 whose behaviour each test sets. */
function providerServer() {
  const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let behave: (response: ServerResponse) => void = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      behave(response);
    });
  });
  return {
    received,
    set(next: (response: ServerResponse) => void) {
      behave = next;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe(`SMS gateway (${testDbKind()})`, () => {
  const provider = providerServer();
  let url: string;
  beforeAll(async () => {
    url = await provider.start();
  });
  afterAll(() => provider.stop());
  afterEach(() => {
    vi.restoreAllMocks();
    provider.set((response) => response.writeHead(200).end('{}'));
  });

  it('posts {phone, text} as JSON with the bearer token', async () => {
    const before = provider.received.length;
    await createHttpGateway({ url, token: 'secret-token-1' }).send('0912000001', 'code 123456');
    expect(provider.received).toHaveLength(before + 1);
    const request = provider.received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/sms/send');
    expect(request.headers.authorization).toBe('Bearer secret-token-1');
    expect(request.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request.body)).toEqual({ phone: '0912000001', text: 'code 123456' });
  });

  it.each([500, 401, 302, 404])('treats HTTP %i as a failure without leaking the token', async (status) => {
    provider.set((response) => response.writeHead(status, status === 302 ? { location: '/elsewhere' } : {}).end('nope'));
    const sending = createHttpGateway({ url, token: 'secret-token-2' }).send('0912000001', 'x');
    await expect(sending).rejects.toThrow(/SMS provider/);
    await sending.catch((error: Error) => expect(`${error.message} ${String(error.cause ?? '')}`).not.toContain('secret-token-2'));
  });

  it('gives up when the provider does not answer in time', async () => {
    provider.set(() => undefined); // never answers
    const started = Date.now();
    await expect(createHttpGateway({ url, token: 't', timeoutMs: 200 }).send('0912000001', 'x')).rejects.toThrow('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails on a provider that cannot be reached', async () => {
    const down = providerServer();
    const deadUrl = await down.start();
    await down.stop();
    await expect(createHttpGateway({ url: deadUrl, token: 't' }).send('0912000001', 'x')).rejects.toThrow('SMS provider: request failed');
  });

  it('is chosen by configuration, with a 10 s timeout for http', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const config = loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_HTTP_TOKEN: 'tok-3' });
    const before = provider.received.length;
    await createSmsGateway(config, { warn: () => undefined }).send('13800000000', 'hello');
    expect(provider.received).toHaveLength(before + 1);
    expect(provider.received.at(-1)!.headers.authorization).toBe('Bearer tok-3');
    expect(timeout).toHaveBeenCalledWith(SMS_HTTP_TIMEOUT_MS);
    expect(SMS_HTTP_TIMEOUT_MS).toBe(10_000);
  });

  it('defaults to the log transport, which writes the labelled message at warn level', async () => {
    expect(loadConfig({}).SMS_PROVIDER).toBe('log');
    const warn = vi.fn();
    const gateway = createSmsGateway(loadConfig({}), { warn });
    const before = provider.received.length;
    await gateway.send('0912000001', 'code 654321');
    expect(provider.received).toHaveLength(before);
    expect(warn).toHaveBeenCalledTimes(1);
    const [object, message] = warn.mock.calls[0] as [unknown, string];
    expect(object).toEqual({ sms: { phone: '0912000001', text: 'code 654321' } });
    expect(message).toContain('SMS_PROVIDER=log');
    expect(message).toContain('NOT sent to a phone');
    expect(message).toContain('code 654321');
    await createLogGateway({ warn }).send('1', 'y');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('refuses an http provider without its URL or token at start-up', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL[\s\S]*SMS_HTTP_TOKEN/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url })).toThrow(/SMS_HTTP_TOKEN/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_CODE_SECRET: 'short' })).toThrow(/SMS_CODE_SECRET/);
  });
});

describe('phone numbers', () => {
  it.each([
    ['13800000000', '13800000000'],
    ['138 0000 0000', '13800000000'],
    ['+86 138-0000-0000', '13800000000'],
    ['0912-000-001', '0912000001'],
    ['+886 912 000 001', '0912000001'],
    ['6123 4567', '61234567'],
    ['+852 6123 4567', '+85261234567'],
    ['+1 415 555 0100', '+14155550100'],
  ])('normalises %j to %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each(['', '12345', '12800000000', '138000000001', '0812345678', '01234567', 'abc', '+0123456789', '+1234', '138.0000.0000', '１３８００００００００'])('refuses %j', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});

describe(`public account pages (${testDbKind()})`, () => {
  const { app, sms, post, requestCode, codeRows, ageCodes } = useAccountApp();
  const withoutTime = (body: Record<string, unknown>) => ({ ...body, timestamp: 0 });

  describe('POST /api/account/sms', () => {
    it('sends a 6-digit code to a known number and stores only a keyed hash of it', async () => {
      const ip = nextAddress();
      const response = await post(SMS, { phone: '0912000001', purpose: 'login' }, { lang: 'en-US', ip });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        code: 200,
        message: 'If this number has an account, a code was sent to it; it is valid for 5 minutes',
        result: { resendAfter: 60, expiresIn: 300 },
      });
      const message = sms.outbox.at(-1)!;
      expect(message.phone).toBe('0912000001');
      expect(message.text).toMatch(/^\[Merchant portal\] Your verification code is \d{6}\. It is valid for 5 minutes/);
      const code = sms.lastCode('0912000001')!;
      const [row] = await codeRows('0912000001');
      expect(row).toMatchObject({ purpose: 'login', ip, attempts: 0, usedAt: null });
      expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);
      expect(row!.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
      const lifetime = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
      expect(lifetime).toBeCloseTo(300, 0);
    });

    it('writes the text in the caller language', async () => {
      await post(SMS, { phone: '13800000001', purpose: 'reset' }, { lang: 'zh-CN' });
      expect(sms.outbox.at(-1)).toMatchObject({ phone: '13800000001' });
      expect(sms.outbox.at(-1)!.text).toMatch(/^【商家后台】您的验证码是 \d{6}，5 分钟内有效/);
      await ageCodes('13800000001', 61);
      await post(SMS, { phone: '13800000001', purpose: 'reset' });
      expect(sms.outbox.at(-1)!.text).toMatch(/^【商家後台】您的驗證碼是 \d{6}，5 分鐘內有效/);
    });

    it('draws codes at random', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 8; i++) codes.add(await requestCode(freshPhone(), 'register'));
      expect(codes.size).toBeGreaterThan(4);
    });

    it.each(['login', 'reset'] as const)('answers an unknown number for %s exactly like a known one, without sending', async (purpose) => {
      const sent = sms.outbox.length;
      const known = (await post(SMS, { phone: '0912000003', purpose }, { lang: 'zh-CN' })).json();
      expect(sms.outbox).toHaveLength(sent + 1);
      const unknownPhone = freshPhone();
      const unknown = await post(SMS, { phone: unknownPhone, purpose }, { lang: 'zh-CN' });
      expect(unknown.statusCode).toBe(200);
      expect(withoutTime(unknown.json())).toEqual(withoutTime(known));
      expect(sms.outbox).toHaveLength(sent + 1);
      expect(sms.outbox.some((m) => m.phone === unknownPhone)).toBe(false);
      // the limits apply to it the same way
      const againKnown = (await post(SMS, { phone: '0912000003', purpose }, { lang: 'en-US' })).json();
      const againUnknown = (await post(SMS, { phone: unknownPhone, purpose }, { lang: 'en-US' })).json();
      expect(againKnown).toMatchObject({ success: false, code: 429 });
      expect(againUnknown.message.replace(/\d+ s/, 'N s')).toBe(againKnown.message.replace(/\d+ s/, 'N s'));
      await ageCodes('0912000003', 61);
    });

    it('tells a registration that the number is already used', async () => {
      const sent = sms.outbox.length;
      for (const [lang, message] of [
        ['zh-TW', '該手機號碼已註冊'],
        ['zh-CN', '该手机号码已注册'],
        ['en-US', 'This phone number is already registered'],
      ] as const) {
        const response = await post(SMS, { phone: '+886 912-000-002', purpose: 'register' }, { lang });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ success: false, code: 409, message });
      }
      expect(sms.outbox).toHaveLength(sent);
      const phone = freshPhone();
      const free = await post(SMS, { phone, purpose: 'register' }, { lang: 'en-US' });
      expect(free.json()).toMatchObject({ success: true, message: 'The code was sent; it is valid for 5 minutes' });
      expect(sms.outbox.at(-1)!.phone).toBe(phone);
    });

    it('normalises the number before sending and storing', async () => {
      await post(SMS, { phone: '+886 912-000-002', purpose: 'login' });
      expect(sms.outbox.at(-1)!.phone).toBe('0912000002');
      expect(await codeRows('0912000002')).toHaveLength(1);
      expect(await codeRows('+886912000002')).toHaveLength(0);
    });

    it.each([
      ['12345', 'zh-TW', '手機號碼格式不正確'],
      ['0812345678', 'zh-CN', '手机号码格式不正确'],
      ['abcdefghijk', 'en-US', 'Invalid phone number'],
      ['', 'en-US', 'Invalid phone number'],
      ["13800000000' or '1'='1", 'en-US', 'Invalid phone number'],
    ])('refuses the number %j with a translated 400', async (phone, lang, message) => {
      const response = await post(SMS, { phone, purpose: 'login' }, { lang });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 400 });
      expect(response.json().message).toContain(message);
    });

    it.each([
      [{ phone: '13800000000', purpose: 'spam' }, 'Purpose must be one of: login, register, reset'],
      [{ phone: '13800000000' }, 'Purpose is required'],
      [{ purpose: 'login' }, 'Mobile number is required'],
      [{ phone: 13800000000, purpose: 'login' }, 'Mobile number must be text'],
      [{ phone: '1'.repeat(41), purpose: 'login' }, 'Mobile number takes at most 40 characters'],
      [{ phone: '13800000000', purpose: 'login', extra: 1 }, 'Unknown field: extra'],
    ])('refuses the body %j with 400 naming the field', async (payload, message) => {
      const response = await post(SMS, payload, { lang: 'en-US' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('sends one code per number and minute, then says how long to wait', async () => {
      const phone = freshPhone();
      await requestCode(phone, 'register');
      const sent = sms.outbox.length;
      const again = await post(SMS, { phone, purpose: 'register' }, { lang: 'en-US' });
      expect(again.statusCode).toBe(200);
      const body = again.json();
      expect(body).toMatchObject({ success: false, code: 429, result: null });
      const seconds = Number(/try again in (\d+) s$/.exec(body.message)?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(55);
      expect(seconds).toBeLessThanOrEqual(60);
      // another purpose does not get round it
      expect((await post(SMS, { phone, purpose: 'login' })).json()).toMatchObject({ success: false, code: 429 });
      expect(sms.outbox).toHaveLength(sent);
      expect(await codeRows(phone)).toHaveLength(1);

      await ageCodes(phone, 50);
      const later = (await post(SMS, { phone, purpose: 'register' }, { lang: 'zh-CN' })).json();
      expect(later.message).toMatch(/^验证码发送过于频繁，请 (9|10|11) 秒后再试$/);
      await ageCodes(phone, 11);
      await requestCode(phone, 'register');
      expect(sms.outbox).toHaveLength(sent + 1);
    });

    it('sends at most 10 codes per number in 24 hours', async () => {
      const phone = freshPhone();
      for (let i = 0; i < 10; i++) {
        await requestCode(phone, 'register');
        await ageCodes(phone, 61);
      }
      const sent = sms.outbox.length;
      const refused = await post(SMS, { phone, purpose: 'register' }, { lang: 'en-US' });
      expect(refused.json()).toMatchObject({ success: false, code: 429, message: 'This number has had the most codes allowed in 24 hours (10); try again later' });
      expect(sms.outbox).toHaveLength(sent);
      // a day later the oldest ones no longer count
      await ageCodes(phone, 24 * 3600 - 10 * 61 + 5);
      await requestCode(phone, 'register');
    });

    it('sends at most 20 codes per client address and hour, counted in the database', async () => {
      const ip = nextAddress();
      // what other app servers recorded for this address in the last hour
      await app().db.insert(smsCodes).values(
        Array.from({ length: 20 }, (_, i) => ({
          phone: `1370000${String(i).padStart(4, '0')}`,
          purpose: 'register' as const,
          codeHash: '0'.repeat(64),
          ip,
          createdAt: sql`now() - make_interval(mins => ${50 - i})`,
          expiresAt: sql`now()`,
        })),
      );
      const sent = sms.outbox.length;
      const refused = await post(SMS, { phone: freshPhone(), purpose: 'register' }, { lang: 'en-US', ip });
      expect(refused.json()).toMatchObject({ success: false, code: 429, message: 'Too many codes asked from this address: try again in 10 min' });
      expect(sms.outbox).toHaveLength(sent);
      // another address is not concerned
      await requestCode(freshPhone(), 'register');
      // once the oldest is more than an hour old, one more passes
      await app().db
        .update(smsCodes)
        .set({ createdAt: sql`now() - interval '61 minutes'` })
        .where(and(eq(smsCodes.ip, ip), eq(smsCodes.phone, '13700000000')));
      await requestCode(freshPhone(), 'register', ip);
      expect((await post(SMS, { phone: freshPhone(), purpose: 'register' }, { ip })).json()).toMatchObject({ success: false, code: 429 });
    });

    it('has a first line in memory: more than 10 requests a minute from one address get HTTP 429', async () => {
      const ip = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await post(SMS, { phone: 'bad', purpose: 'login' }, { ip, lang: 'en-US' })).statusCode);
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
      const limited = await post(SMS, { phone: freshPhone(), purpose: 'register' }, { ip, lang: 'en-US' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests, try again in \d+ s$/);
    });

    it('reports a provider failure on registration and lets the number ask again at once', async () => {
      const phone = freshPhone();
      sms.fail(true);
      try {
        const response = await post(SMS, { phone, purpose: 'register' }, { lang: 'en-US' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ success: false, message: 'The text message could not be sent, please try again later' });
        expect(await codeRows(phone)).toHaveLength(0);
        // sign-in and reset do not reveal it: the message leaves in the background
        const login = await post(SMS, { phone: '0912000001', purpose: 'login' }, { lang: 'en-US' });
        expect(login.json()).toMatchObject({ success: true });
      } finally {
        sms.fail(false);
        await ageCodes('0912000001', 61);
      }
      await requestCode(phone, 'register');
    });
  });

  describe('POST /api/sys/phoneLogin', () => {
    const phoneLogin = (mobile: string, captcha: string, lang?: string) => post(PHONE_LOGIN, { mobile, captcha }, { lang });
    const afterMinute = (phone: string) => ageCodes(phone, 61);

    it('signs in with the code and answers exactly like /api/sys/login', async () => {
      const code = await requestCode('0912 000 001', 'login');
      const byPhone = await phoneLogin('0912-000-001', code);
      expect(byPhone.statusCode).toBe(200);
      const phoneBody = byPhone.json();
      const passwordBody = (await post('/api/sys/login', { username: 'merchant', password: DEMO_PASSWORD })).json();
      expect(phoneBody).toMatchObject({ success: true, code: 200, message: passwordBody.message });
      expect(Object.keys(phoneBody.result).sort()).toEqual(Object.keys(passwordBody.result).sort());
      const { token, ...rest } = phoneBody.result;
      const { token: other, ...expected } = passwordBody.result;
      expect(rest).toEqual(expected);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(token).not.toBe(other);
      expect(rest.userInfo).toMatchObject({ username: 'merchant', phone: '0912000001' });
      expect(rest.multi_depart).toBe(2);
      const info = await app().call({ method: 'GET', url: USER_INFO, token });
      expect(info.json().result.username).toBe('merchant');
      await afterMinute('0912000001');
    });

    it('accepts a code only once', async () => {
      const code = await requestCode('13800000001', 'login');
      expect((await phoneLogin('13800000001', code)).json().success).toBe(true);
      const again = await phoneLogin('13800000001', code, 'en-US');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ success: false, result: null, message: 'The verification code is wrong or no longer valid; ask for a new one' });
      await afterMinute('13800000001');
    });

    it('answers a wrong code as a translated business failure', async () => {
      const code = await requestCode('13800000001', 'login');
      const wrong = code === '000000' ? '000001' : '000000';
      for (const [lang, message] of [
        ['zh-TW', '驗證碼錯誤或已失效，請重新獲取'],
        ['zh-CN', '验证码错误或已失效，请重新获取'],
        ['en-US', 'The verification code is wrong or no longer valid; ask for a new one'],
      ] as const) {
        const response = await phoneLogin('13800000001', wrong, lang);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ success: false, code: 400, message, result: null });
      }
      expect((await phoneLogin('13800000001', code)).json().success).toBe(true);
      await afterMinute('13800000001');
    });

    it('allows five tries per code: four wrong and the right one still signs in', async () => {
      const code = await requestCode('13800000001', 'login');
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 4; i++) expect((await phoneLogin('13800000001', wrong)).json().success).toBe(false);
      expect((await phoneLogin('13800000001', code)).json().success).toBe(true);
      await afterMinute('13800000001');
    });

    it('kills a code after five wrong tries', async () => {
      const code = await requestCode('13800000001', 'login');
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) expect((await phoneLogin('13800000001', wrong)).json().success).toBe(false);
      const dead = await phoneLogin('13800000001', code, 'en-US');
      expect(dead.json()).toMatchObject({ success: false, message: 'The verification code is wrong or no longer valid; ask for a new one' });
      const [row] = (await codeRows('13800000001')).sort((a, b) => b.id - a.id);
      expect(row).toMatchObject({ attempts: 5, usedAt: null });
      await afterMinute('13800000001');
    });

    it('refuses an expired code', async () => {
      const code = await requestCode('13800000001', 'login');
      await app().db.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(smsCodes.phone, '13800000001'));
      expect((await phoneLogin('13800000001', code)).json()).toMatchObject({ success: false, code: 400 });
      await afterMinute('13800000001');
    });

    it('accepts only the latest code of a number, and only for its purpose', async () => {
      const first = await requestCode('13800000001', 'login');
      await afterMinute('13800000001');
      const second = await requestCode('13800000001', 'login');
      if (first !== second) expect((await phoneLogin('13800000001', first)).json().success).toBe(false);
      await afterMinute('13800000001');
      const reset = await requestCode('13800000001', 'reset');
      if (reset !== second) expect((await phoneLogin('13800000001', reset)).json().success).toBe(false);
      expect((await phoneLogin('13800000001', second)).json().success).toBe(true);
      await afterMinute('13800000001');
    });

    it('does not take the stored hash for the code', async () => {
      await requestCode('13800000001', 'login');
      const [row] = (await codeRows('13800000001')).sort((a, b) => b.id - a.id);
      expect((await phoneLogin('13800000001', row!.codeHash.slice(0, 16))).json().success).toBe(false);
      await afterMinute('13800000001');
    });

    it('answers an unknown number like a wrong code', async () => {
      const unknownPhone = freshPhone();
      await post(SMS, { phone: unknownPhone, purpose: 'login' });
      const never = freshPhone();
      const known = (await phoneLogin('13800000001', '123456', 'zh-CN')).json();
      for (const phone of [unknownPhone, never]) {
        for (const guess of ['123456', '000000', '999999']) {
          const body = (await phoneLogin(phone, guess, 'zh-CN')).json();
          expect(withoutTime(body)).toEqual(withoutTime(known));
        }
      }
    });

    it('refuses a frozen account after the code, with the sign-in message', async () => {
      const code = await requestCode('0912000003', 'login');
      await app().db.update(users).set({ status: 2 }).where(eq(users.username, 'merchant2'));
      try {
        const body = (await phoneLogin('0912000003', code, 'en-US')).json();
        expect(body).toMatchObject({ success: false, message: 'This account is frozen, please contact your administrator' });
      } finally {
        await app().db.update(users).set({ status: 1 }).where(eq(users.username, 'merchant2'));
        await afterMinute('0912000003');
      }
    });

    it.each([
      [{ mobile: '12', captcha: '123456' }, 400, 'Invalid phone number'],
      [{ mobile: '13800000001' }, 400, 'SMS code is required'],
      [{ phone: '13800000001', code: '123456' }, 400, 'Mobile number is required'],
      [{ mobile: '13800000001', captcha: '' }, 400, 'SMS code is required'],
    ])('refuses the body %j', async (payload, status, message) => {
      const response = await post(PHONE_LOGIN, payload, { lang: 'en-US' });
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toContain(message);
    });

    it('documents its one body shape in the OpenAPI summary', async () => {
      const docs = (await app().call({ method: 'GET', url: '/api/docs/json' })).json();
      const operation = docs.paths['/api/sys/phoneLogin'].post;
      expect(operation.summary).toContain('{mobile, captcha}');
      expect(operation['x-permission']).toBe('public');
      expect(Object.keys(operation.requestBody.content['application/json'].schema.properties).sort()).toEqual(['captcha', 'mobile']);
      for (const path of ['/api/account/sms', '/api/auth/register', '/api/auth/forge-password']) expect(docs.paths[path].post['x-permission']).toBe('public');
      expect(docs.paths['/api/user/info'].get['x-permission']).toBe('authenticated');
    });
  });

  describe('POST /api/auth/register', () => {
    const validBody = registrationBody;

    it('refuses a company name another company has (case, width and spaces folded), in the caller\'s language', async () => {
      const phone = freshPhone();
      const code = await requestCode(phone, 'register');
      for (const [lang, text] of [
        ['zh-TW', '已有名為「Demo Trading」的租戶'],
        ['en-US', 'There is already a tenant named "Demo Trading"'],
      ] as const) {
        const response = await post(REGISTER, validBody(phone, code, { companyName: ' ＤＥＭＯ trading ' }), { lang });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(text);
      }
      expect((await app().db.select().from(users).where(eq(users.phone, normalisePhone(phone)!))).length).toBe(0);
    });

    it('creates the tenant, its roles, root department and main account in one go', async () => {
      const phone = freshPhone();
      const code = await requestCode(phone, 'register');
      const response = await post(REGISTER, validBody(phone, code, { username: 'Pacific_01', companyName: 'Pacific Freight 太平洋' }), { lang: 'en-US' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ success: true, message: 'Registered', result: { username: 'Pacific_01' } });
      const tenantId = body.result.tenantId as number;
      expect(tenantId).toBeGreaterThanOrEqual(1000);

      const [tenant] = await app().db.select().from(tenants).where(eq(tenants.id, tenantId));
      expect(tenant).toMatchObject({ name: 'Pacific Freight 太平洋', status: 1, language: 'en-US' });
      // the default tenant package
      const [standard] = await app().db.select({ id: tenantPackages.id }).from(tenantPackages).where(eq(tenantPackages.isDefault, true));
      expect(tenant!.packageId).toBe(standard!.id);
      const tenantRoles = await app().db.select().from(roles).where(eq(roles.tenantId, tenantId));
      expect(tenantRoles.map((r) => r.roleCode).sort()).toEqual(['merchant_admin', 'merchant_staff']);
      for (const role of tenantRoles) {
        expect((await app().db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).length, role.roleCode).toBeGreaterThan(0);
      }
      const departs = await app().db.select().from(departments).where(eq(departments.tenantId, tenantId));
      expect(departs).toHaveLength(1);
      expect(departs[0]).toMatchObject({ orgCode: 'A01', departName: 'Pacific Freight 太平洋', parentId: null });
      const [user] = await app().db.select().from(users).where(eq(users.username, 'Pacific_01'));
      expect(user).toMatchObject({ defaultTenantId: tenantId, phone, mainAccount: true, orgCode: 'A01', status: 1, superFlag: 0 });
      expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await app().db.select().from(userTenants).where(eq(userTenants.userId, user!.id))).toEqual([{ userId: user!.id, tenantId }]);
      const links = await app().db.select({ code: roles.roleCode }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, user!.id));
      expect(links).toEqual([{ code: 'merchant_admin' }]);
      // the main account leads its company's root department: "my department" is theirs from the start
      expect(await app().db.select().from(userDepartments).where(eq(userDepartments.userId, user!.id))).toEqual([{ userId: user!.id, tenantId, departmentId: departs[0]!.id, head: true }]);
      const [row] = await codeRows(phone);
      expect(row!.usedAt).not.toBeNull();

      // the new merchant signs in (name in any case), sees its menu and is the main account
      const token = await app().login('pacific_01', NEW_PASSWORD);
      const info = (await app().call({ method: 'GET', url: USER_INFO, token })).json();
      expect(info.result).toMatchObject({ username: 'Pacific_01', tenantId, mainAccount: true, phone });
      const menu = (await app().call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token })).json();
      expect(menu.result.menu.length).toBeGreaterThan(0);
      // the number is now taken
      const again = await post(REGISTER, validBody(phone, code, { username: 'Pacific_02' }));
      expect(again.statusCode).toBe(409);
    });

    it.each([
      [{ username: 'abc' }, 400, 'The username needs 4 to 32 characters: letters, digits and underscores only'],
      [{ username: 'a'.repeat(33) }, 400, 'The username needs 4 to 32 characters'],
      [{ username: 'bad name' }, 400, 'The username needs 4 to 32 characters'],
      [{ username: 'user-1' }, 400, 'The username needs 4 to 32 characters'],
      [{ username: '商家帳號一' }, 400, 'The username needs 4 to 32 characters'],
      [{ password: 'short1', confirmPassword: 'short1' }, 400, 'The new password needs 8 to 64 characters with both letters and digits'],
      [{ password: 'onlyletters', confirmPassword: 'onlyletters' }, 400, 'The new password needs 8 to 64 characters'],
      [{ confirmPassword: 'Other#2027' }, 400, 'The two passwords do not match!'],
      [{ phone: '12' }, 400, 'Invalid phone number'],
      [{ companyName: '   ' }, 400, 'Company name is required'],
      [{ companyName: 'x'.repeat(101) }, 400, 'Company name takes at most 100 characters'],
      [{ smsCode: undefined }, 400, 'SMS code is required'],
      [{ role: 'platform_admin' }, 400, 'Unknown field: role'],
      [{ username: 'MERCHANT' }, 409, 'This username is already taken'],
      [{ username: 'Staff' }, 409, 'This username is already taken'],
      [{ phone: '0912-000-002' }, 409, 'This phone number is already registered'],
      [{ phone: '+86 138 0000 0000' }, 409, 'This phone number is already registered'],
    ])('refuses %j and creates nothing', async (overrides, status, message) => {
      const phone = freshPhone();
      const code = await requestCode(phone, 'register');
      const before = await fingerprint(app().db);
      const response = await post(REGISTER, validBody(phone, code, overrides), { lang: 'en-US' });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ success: false, code: status });
      expect(response.json().message).toContain(message);
      expect(await fingerprint(app().db)).toBe(before);
      // the refusal did not spend the code: it still registers
      const [row] = await codeRows(phone);
      expect(row).toMatchObject({ attempts: 0, usedAt: null });
      expect((await post(REGISTER, validBody(phone, code))).json()).toMatchObject({ success: true });
    });

    it('gives the spec message for unequal passwords in Simplified Chinese', async () => {
      const response = await post(REGISTER, validBody(freshPhone(), '123456', { confirmPassword: 'Other#2027' }), { lang: 'zh-CN' });
      expect(response.json().message).toBe('两次输入的密码不一样！');
    });

    it('refuses a wrong, foreign or missing code as a business failure and creates nothing', async () => {
      const phone = freshPhone();
      const code = await requestCode(phone, 'register');
      const wrong = code === '424242' ? '424243' : '424242';
      const before = await fingerprint(app().db);
      for (const [target, smsCode] of [
        [phone, wrong],
        [freshPhone(), code], // another number's code
      ] as const) {
        const response = await post(REGISTER, validBody(target, smsCode), { lang: 'zh-CN' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ success: false, message: '验证码错误或已失效，请重新获取', result: null });
      }
      // a login code does not register
      const loginPhone = freshPhone();
      await post(SMS, { phone: loginPhone, purpose: 'login' });
      expect((await post(REGISTER, validBody(loginPhone, '000000'))).json().success).toBe(false);
      expect(await fingerprint(app().db)).toBe(before);
      expect((await post(REGISTER, validBody(phone, code))).json().success).toBe(true);
    });

  });

  describe('POST /api/auth/forge-password', () => {
    const FINANCE_PHONE = '13800000002';
    const passwordHashOf = async (username: string) => (await app().db.select().from(users).where(eq(users.username, username)))[0]!.passwordHash;

    it('sets the new password, signs out every session and clears the login lock', async () => {
      const tokens = [await app().login('finance'), await app().login('finance')];
      for (const token of tokens) expect((await app().call({ method: 'GET', url: USER_INFO, token })).statusCode).toBe(200);
      await app().db.insert(loginLocks).values({ usernameKey: 'finance', failCount: 5, lockedUntil: sql`now() + interval '15 minutes'` });
      const publish = vi.spyOn(app().app.accessService, 'publish');
      const code = await requestCode(FINANCE_PHONE, 'reset');
      try {
        const response = await post(FORGE, { phone: FINANCE_PHONE, smsCode: code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { lang: 'en-US' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ success: true, message: 'Password reset; every session was signed out, sign in with the new password', result: null });
        const [finance] = await app().db.select().from(users).where(eq(users.username, 'finance'));
        expect(publish).toHaveBeenCalledWith({ kind: 'user', userId: finance!.id });
      } finally {
        publish.mockRestore();
      }
      for (const token of tokens) expect((await app().call({ method: 'GET', url: USER_INFO, token })).statusCode).toBe(401);
      const live = await app().db.select().from(sessions).where(and(eq(sessions.userId, (await app().db.select().from(users).where(eq(users.username, 'finance')))[0]!.id), sql`${sessions.revokedAt} is null`));
      expect(live).toHaveLength(0);
      expect(await app().db.select().from(loginLocks).where(eq(loginLocks.usernameKey, 'finance'))).toHaveLength(0);
      expect((await post('/api/sys/login', { username: 'finance', password: DEMO_PASSWORD })).json().success).toBe(false);
      expect(await app().login('finance', NEW_PASSWORD)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await codeRows(FINANCE_PHONE)).every((row) => row.purpose !== 'reset' || row.usedAt !== null)).toBe(true);
      // the code is used up
      const again = await post(FORGE, { phone: FINANCE_PHONE, smsCode: code, password: 'Other#2028', confirmPassword: 'Other#2028' });
      expect(again.json()).toMatchObject({ success: false });
      await ageCodes(FINANCE_PHONE, 61);
    });

    it('answers an unknown number exactly like a wrong code and changes nothing', async () => {
      const before = await passwordHashOf('finance');
      const code = await requestCode(FINANCE_PHONE, 'reset');
      const wrong = code === '314159' ? '314158' : '314159';
      const unknownPhone = freshPhone();
      await post(SMS, { phone: unknownPhone, purpose: 'reset' });
      const body = (phone: string, smsCode: string) => ({ phone, smsCode, password: 'Another#2029', confirmPassword: 'Another#2029' });
      const wrongAnswer = await post(FORGE, body(FINANCE_PHONE, wrong), { lang: 'zh-TW' });
      expect(wrongAnswer.statusCode).toBe(200);
      expect(wrongAnswer.json()).toMatchObject({ success: false, code: 400, message: '驗證碼錯誤或已失效，請重新獲取' });
      for (const phone of [unknownPhone, freshPhone()]) {
        const unknown = await post(FORGE, body(phone, wrong), { lang: 'zh-TW' });
        expect(unknown.statusCode).toBe(200);
        expect(withoutTime(unknown.json())).toEqual(withoutTime(wrongAnswer.json()));
      }
      expect(await passwordHashOf('finance')).toBe(before);
      await ageCodes(FINANCE_PHONE, 61);
    });

    it('takes only reset codes, and checks the new password', async () => {
      const before = await passwordHashOf('finance');
      const loginCode = await requestCode(FINANCE_PHONE, 'login');
      const refused = await post(FORGE, { phone: FINANCE_PHONE, smsCode: loginCode, password: 'Another#2029', confirmPassword: 'Another#2029' });
      expect(refused.json()).toMatchObject({ success: false });
      await ageCodes(FINANCE_PHONE, 61);
      const code = await requestCode(FINANCE_PHONE, 'reset');
      for (const [payload, message] of [
        [{ password: 'Another#2029', confirmPassword: 'Another#2030' }, 'The two passwords do not match!'],
        [{ password: 'weakweak', confirmPassword: 'weakweak' }, 'The new password needs 8 to 64 characters with both letters and digits'],
        [{ password: '', confirmPassword: '' }, 'Password is required'],
      ] as const) {
        const response = await post(FORGE, { phone: FINANCE_PHONE, smsCode: code, ...payload }, { lang: 'en-US' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
      }
      expect(await passwordHashOf('finance')).toBe(before);
      const [row] = (await codeRows(FINANCE_PHONE)).sort((a, b) => b.id - a.id);
      expect(row).toMatchObject({ purpose: 'reset', attempts: 0, usedAt: null });
      await ageCodes(FINANCE_PHONE, 61);
    });
  });

  describe('GET /api/user/info', () => {
    it("answers the caller's user info as sign-in gives it", async () => {
      const login = (await post('/api/sys/login', { username: 'staff', password: DEMO_PASSWORD })).json();
      const response = await app().call({ method: 'GET', url: `${USER_INFO}?_t=1700000000`, token: login.result.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, code: 200 });
      expect(response.json().result).toEqual(login.result.userInfo);
      expect(response.json().result).not.toHaveProperty('passwordHash');
    });

    it('needs a session', async () => {
      const response = await app().call({ method: 'GET', url: USER_INFO });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain('Token失效');
    });
  });

  it('answers no client input with a 500', async () => {
    const bodies: unknown[] = [
      [],
      [1, 2],
      'text',
      42,
      { phone: null, purpose: null },
      { phone: {}, purpose: 'login' },
      { phone: '\u0000'.repeat(20), purpose: 'reset' },
      { mobile: ['13800000001'], captcha: { $ne: '' } },
      { mobile: '13800000001', captcha: '1'.repeat(17) },
      { companyName: 'A', username: 'abcd', phone: '13900009999', smsCode: '123456', password: 'x'.repeat(200), confirmPassword: 'x' },
      { phone: '+9'.padEnd(40, '9'), smsCode: '123456', password: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
      { phone: '13800000001', smsCode: "' or 1=1 --", password: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
    ];
    for (const url of [SMS, PHONE_LOGIN, REGISTER, FORGE]) {
      for (const payload of bodies) {
        const response = await app().call({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' }, remoteAddress: nextAddress() });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        expect(response.json().success).toBe(false);
      }
      const empty = await app().call({ method: 'POST', url, remoteAddress: nextAddress() });
      expect(empty.statusCode).toBeLessThan(500);
    }
  });
});
