import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { checkRules } from '../../../src/db/schema/dict.ts';
import { roles, users } from '../../../src/db/schema/sys.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';

type Query = Record<string, string>;

describe(`duplicate check, rule check and converter (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let admin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, admin] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('admin')]);
    for (const name of ['merchant', 'merchant2', 'staff']) {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, name));
      ids[name] = row!.id;
    }
  });
  afterAll(() => t.close());

  const check = (query: Query, options: { token?: string; lang?: string } = {}) =>
    t.call({ method: 'GET', url: '/api/sys/duplicate/check', token: 'token' in options ? options.token : merchant, lang: options.lang, query });

  describe('GET /sys/duplicate/check', () => {
    it('says a taken username is not available, whatever its case', async () => {
      for (const fieldVal of ['ADMIN', 'admin', 'Merchant2']) {
        const response = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal }, { lang: 'zh-CN' });
        expect(response.statusCode, fieldVal).toBe(200);
        expect(response.json(), fieldVal).toMatchObject({ success: false, message: '该值不可用，系统中已存在！', result: null });
      }
      const tw = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'ADMIN' });
      expect(tw.json().message).toBe('該值不可用，系統中已存在！');
    });

    it('says a free username is available', async () => {
      const response = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody-here', _t: '1700000000' }, { lang: 'zh-CN' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, code: 200, message: '该值可用！', result: null });
    });

    it('checks e-mail case-insensitively and phone exactly', async () => {
      expect((await check({ tableName: 'sys_user', fieldName: 'email', fieldVal: 'MERCHANT@example.com' })).json().success).toBe(false);
      expect((await check({ tableName: 'sys_user', fieldName: 'email', fieldVal: 'someone@example.com' })).json().success).toBe(true);
      expect((await check({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '0912000003' })).json().success).toBe(false);
      expect((await check({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '0912999999' })).json().success).toBe(true);
    });

    it('takes the field name in camelCase or snake_case', async () => {
      for (const fieldName of ['roleCode', 'role_code']) {
        const taken = await check({ tableName: 'sys_role', fieldName, fieldVal: 'merchant_admin' });
        expect(taken.statusCode, fieldName).toBe(200);
        expect(taken.json().success, fieldName).toBe(false);
        const free = await check({ tableName: 'sys_role', fieldName, fieldVal: 'new_role' });
        expect(free.json().success, fieldName).toBe(true);
      }
    });

    it('searches only the caller tenant for tenant-scoped tables', async () => {
      const query = { tableName: 'sys_depart', fieldName: 'orgCode', fieldVal: 'A01A03' };
      expect((await check(query)).json()).toMatchObject({ success: true });
      expect((await check(query, { token: merchant2 })).json()).toMatchObject({ success: false });
      // and the other way round
      const ops = { tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A01A01' };
      expect((await check(ops)).json().success).toBe(false);
      expect((await check(ops, { token: merchant2 })).json().success).toBe(true);
      // roles of the platform tenant are not the merchant's
      expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'platform_admin' })).json().success).toBe(true);
      expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'platform_admin' }, { token: admin })).json().success).toBe(false);
    });

    it('leaves the record being edited out (dataId)', async () => {
      const own = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'merchant', dataId: String(ids.merchant) });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ success: true });
      // without dataId the same value is taken
      expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'merchant' })).json().success).toBe(false);
      // renaming oneself to someone else's name is still refused
      const other = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'STAFF', dataId: String(ids.merchant) });
      expect(other.json().success).toBe(false);

      const [role] = await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_admin')));
      const sameRole = await check({ tableName: 'sys_role', fieldName: 'roleCode', fieldVal: 'merchant_admin', dataId: String(role!.id) });
      expect(sameRole.json().success).toBe(true);
      const otherRole = await check({ tableName: 'sys_role', fieldName: 'roleCode', fieldVal: 'merchant_staff', dataId: String(role!.id) });
      expect(otherRole.json().success).toBe(false);
    });

    it('answers 404 for a dataId of another tenant', async () => {
      const [role] = await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, 2), eq(roles.roleCode, 'merchant_admin')));
      expect(role).toBeDefined();
      const response = await check({ tableName: 'sys_role', fieldName: 'roleCode', fieldVal: 'anything', dataId: String(role!.id) }, { lang: 'zh-CN' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
      // its owner may use it
      expect((await check({ tableName: 'sys_role', fieldName: 'roleCode', fieldVal: 'anything', dataId: String(role!.id) }, { token: merchant2 })).statusCode).toBe(200);
      // a dataId that does not exist at all answers the same
      expect((await check({ tableName: 'sys_role', fieldName: 'roleCode', fieldVal: 'anything', dataId: '99999999' })).statusCode).toBe(404);
    });

    it("answers 404 for a user of another tenant as dataId, but the platform administers every account", async () => {
      const response = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'merchant2', dataId: String(ids.merchant2) });
      expect(response.statusCode).toBe(404);
      expect(response.json().success).toBe(false);
      const colleague = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'staff', dataId: String(ids.staff) });
      expect(colleague.statusCode).toBe(200);
      expect(colleague.json().success).toBe(true);
      const platform = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'merchant2', dataId: String(ids.merchant2) }, { token: admin });
      expect(platform.statusCode).toBe(200);
      expect(platform.json().success).toBe(true);
    });

    it.each([
      ['sys_user', 'password_hash'],
      ['sys_user', 'passwordHash'],
      ['sys_session', 'token_hash'],
      ['pg_user', 'usename'],
      ['sys_user; drop table sys_user', 'username'],
      ['sys_user', "username' --"],
      ['sys_user', 'username; delete from sys_user'],
      ['information_schema.tables', 'table_name'],
      ['__proto__', 'toString'],
      ['sys_user', 'user_name'],
    ])('refuses %s.%s with a 400 naming it, changing nothing', async (tableName, fieldName) => {
      const before = await fingerprint(t.db);
      const response = await check({ tableName, fieldName, fieldVal: 'x' }, { lang: 'en-US' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 400, message: `Checking ${tableName}.${fieldName} is not supported`, result: null });
      expect(await fingerprint(t.db)).toBe(before);
      const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(row!.n).toBe(7);
    });

    it('names the table in zh-CN too', async () => {
      const response = await check({ tableName: 'sys_user', fieldName: 'password_hash', fieldVal: 'x' }, { lang: 'zh-CN' });
      expect(response.json().message).toBe('不支持检查 sys_user.password_hash');
    });

    it('refuses a request without fieldVal, naming the field', async () => {
      const response = await check({ tableName: 'sys_user', fieldName: 'username' }, { lang: 'en-US' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 400, message: 'Field fieldVal is required' });
      const cn = await check({ tableName: 'sys_user', fieldName: 'username' }, { lang: 'zh-CN' });
      expect(cn.json().message).toBe('请输入字段「fieldVal」');
      const noTable = await check({ fieldName: 'username', fieldVal: 'x' }, { lang: 'en-US' });
      expect(noTable.statusCode).toBe(400);
      expect(noTable.json().message).toBe('Field tableName is required');
    });

    it.each(['abc', '-1', '0', '1.5', '1e3x', '99999999999999999999'])('refuses dataId %s with 400', async (dataId) => {
      const response = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'x', dataId }, { lang: 'en-US' });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.json().message).toContain('dataId');
    });

    it('refuses unknown parameters and over-long values', async () => {
      const extra = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'x', order: 'id' }, { lang: 'en-US' });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().message).toBe('Unknown field: order');
      const long = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'x'.repeat(256) }, { lang: 'en-US' });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe('Field fieldVal takes at most 255 characters');
    });

    it('needs a token', async () => {
      const response = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' }, { token: undefined });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain('Token失效');
    });
  });

  describe('GET /sys/checkRule/checkByCode', () => {
    const rule = (query: Query, lang?: string) => t.call({ method: 'GET', url: '/api/sys/checkRule/checkByCode', token: merchant, lang, query });

    it.each([
      ['mobile', '0912000001'],
      ['mobile', '+886 912345678'],
      ['email', 'someone@example.com'],
      ['merchant_order_no', 'SO-2026_0001'],
      ['tracking_number', 'SF1234567890'],
    ])('passes %s %s', async (ruleCode, value) => {
      const response = await rule({ ruleCode, value, _t: '1700000000' }, 'en-US');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, code: 200, message: 'The value is valid', result: null });
    });

    it.each([
      ['mobile', '12345', 'zh-CN', '请输入正确的手机号码'],
      ['mobile', '0912000001x', 'en-US', 'Enter a valid mobile number'],
      ['email', 'not-an-email', 'zh-TW', '請輸入正確的電子郵件地址'],
      ['email', 'a@b.c', 'en-US', 'Enter a valid email address'],
      ['merchant_order_no', 'x'.repeat(65), 'zh-CN', '商家订单号长度为 1 至 64 个字符'],
      ['merchant_order_no', 'SO 1', 'en-US', 'Letters, digits, underscores and hyphens only'],
      ['tracking_number', 'SF12', undefined, '追蹤號碼為 6 至 40 位字母或數字'],
    ])('fails %s %s with its message (%s)', async (ruleCode, value, lang, message) => {
      const response = await rule({ ruleCode, value }, lang);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: false, message, result: null });
    });

    it('answers an unknown rule with a translated 404', async () => {
      const response = await rule({ ruleCode: 'no_such_rule', value: 'x' }, 'en-US');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 404, message: 'Check rule no_such_rule does not exist' });
    });

    it('runs catastrophic-backtracking patterns in linear time', async () => {
      const message = { 'zh-TW': '格式錯誤', 'zh-CN': '格式错误', 'en-US': 'Wrong format' };
      await t.db.insert(checkRules).values([
        { ruleCode: 'evil_nested', ruleName: message, rules: [{ pattern: '(a+)+$', message }] },
        { ruleCode: 'evil_alternation', ruleName: message, rules: [{ pattern: '(a|aa)+b', message }] },
        { ruleCode: 'evil_classes', ruleName: message, rules: [{ pattern: '(\\w+\\s?)*$', message }] },
      ]);
      const value = `${'a'.repeat(999)}!`;
      for (const ruleCode of ['evil_nested', 'evil_alternation', 'evil_classes']) {
        const response = await rule({ ruleCode, value }, 'en-US');
        expect(response.statusCode, ruleCode).toBe(200);
        expect(response.json(), ruleCode).toMatchObject({ success: false, message: 'Wrong format' });
      }
      // and they still work
      expect((await rule({ ruleCode: 'evil_alternation', value: 'aaab' })).json().success).toBe(true);
      expect((await rule({ ruleCode: 'evil_nested', value: 'aaaa' })).json().success).toBe(true);
    });

    it('answers a stored pattern that does not compile with a message, not HTTP 500', async () => {
      const message = { 'zh-TW': '錯誤', 'zh-CN': '错误', 'en-US': 'Wrong' };
      await t.db.insert(checkRules).values([
        { ruleCode: 'broken_paren', ruleName: message, rules: [{ pattern: '(', message }] },
        // look-behind is not RE2 syntax either
        { ruleCode: 'broken_lookbehind', ruleName: message, rules: [{ pattern: '(?<=a)b', message }] },
      ]);
      for (const ruleCode of ['broken_paren', 'broken_lookbehind']) {
        const response = await rule({ ruleCode, value: 'ab' }, 'en-US');
        expect(response.statusCode, ruleCode).toBe(200);
        expect(response.json(), ruleCode).toMatchObject({ success: false, message: `Check rule ${ruleCode} is misconfigured, please contact an administrator` });
      }
    });

    it('refuses a value over 1000 characters and missing parameters with 400', async () => {
      const long = await rule({ ruleCode: 'merchant_order_no', value: 'a'.repeat(1001) }, 'en-US');
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ success: false, code: 400, message: 'Field value takes at most 1,000 characters' });
      expect((await rule({ ruleCode: 'merchant_order_no', value: 'a'.repeat(1000) })).statusCode).toBe(200);
      const missing = await rule({ ruleCode: 'mobile' }, 'en-US');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Field value is required');
      const extra = await rule({ ruleCode: 'mobile', value: '0912000001', pattern: '.*' }, 'en-US');
      expect(extra.statusCode).toBe(400);
      expect(extra.json().message).toBe('Unknown field: pattern');
    });

    it('needs a token', async () => {
      const response = await t.call({ method: 'GET', url: '/api/sys/checkRule/checkByCode', query: { ruleCode: 'mobile', value: '0912000001' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain('Token失效');
    });
  });

  describe('POST /open/converter', () => {
    const convert = (payload: unknown, lang?: string) => t.call({ method: 'POST', url: '/api/open/converter', token: merchant, lang, payload: payload as object });

    it('converts Traditional to Simplified (sign 0) and back (sign 1)', async () => {
      const simplified = await convert({ original: '國際物流訂單', sign: 0 });
      expect(simplified.statusCode).toBe(200);
      expect(simplified.json()).toMatchObject({ success: true, code: 200, result: '国际物流订单' });
      const traditional = await convert({ original: '国际物流订单', sign: 1 });
      expect(traditional.json()).toMatchObject({ success: true, result: '國際物流訂單' });
      // the sign may come as a string; text other than Chinese passes through
      expect((await convert({ original: '包裹 ABC-123 已發貨', sign: '0' })).json().result).toBe('包裹 ABC-123 已发货');
      expect((await convert({ original: '', sign: 1 })).json().result).toBe('');
    });

    it.each([
      ['sign 2', { original: '國際', sign: 2 }, 'Field sign'],
      ['sign "2"', { original: '國際', sign: '2' }, 'Field sign'],
      ['no sign', { original: '國際' }, 'Field sign'],
      ['no original', { sign: 0 }, 'Field original is required'],
      ['original not a string', { original: 42, sign: 0 }, 'Field original'],
      ['an extra field', { original: '國際', sign: 0, table: 'sys_user' }, 'Unknown field: table'],
      ['an original over 10000 characters', { original: '國'.repeat(10_001), sign: 0 }, 'Field original takes at most 10,000 characters'],
      ['an array', [{ original: '國際', sign: 0 }], 'The request must be a group of fields'],
    ])('refuses %s with 400', async (_, payload, message) => {
      const response = await convert(payload, 'en-US');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 400, result: null });
      expect(response.json().message).toContain(message);
    });

    it('accepts exactly 10000 characters', async () => {
      const response = await convert({ original: '國'.repeat(10_000), sign: 0 });
      expect(response.statusCode).toBe(200);
      expect(response.json().result).toBe('国'.repeat(10_000));
    });

    it('answers a body over 1 MB with 413 in the envelope', async () => {
      const response = await t.call({
        method: 'POST',
        url: '/api/open/converter',
        token: merchant,
        lang: 'en-US',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ original: 'x'.repeat(1024 * 1024), sign: 0 }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ success: false, code: 413, message: 'The request body is too large (limit 1 MB)', result: null });
    });

    it('answers malformed JSON with 400', async () => {
      for (const payload of ['{"original":', '{original: 1}', "{'original':'x','sign':0}"]) {
        const response = await t.call({ method: 'POST', url: '/api/open/converter', token: merchant, lang: 'en-US', headers: { 'content-type': 'application/json' }, payload });
        expect(response.statusCode, payload).toBe(400);
        expect(response.json(), payload).toMatchObject({ success: false, code: 400, message: 'The request body is not valid JSON' });
      }
    });

    it('answers a body that is not JSON with 415', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const response = await t.call({
          method: 'POST',
          url: '/api/open/converter',
          token: merchant,
          lang: 'en-US',
          headers: { 'content-type': type },
          payload: type === 'text/plain' ? '國際物流訂單' : 'original=x&sign=0',
        });
        expect(response.statusCode, type).toBe(415);
        expect(response.json(), type).toMatchObject({ success: false, code: 415, message: `Unsupported content type: ${type}` });
      }
    });

    it('needs a token', async () => {
      const response = await t.call({ method: 'POST', url: '/api/open/converter', payload: { original: '國際', sign: 0 } });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain('Token失效');
    });
  });
});
