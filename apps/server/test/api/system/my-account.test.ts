import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { users } from '../../../src/db/schema/sys.ts';

const UPDATE = '/api/sys/user/updatePassword';

describe(`own account: password, departments, main account (${testDbKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const passwordHash = async (username: string) => (await t.db.select().from(users).where(eq(users.username, username)))[0]!.passwordHash;

  it.each([
    [{ username: 'staff' }, '请输入旧密码!'],
    [{ username: 'staff', oldpassword: 'Portal#2026' }, '请输入新密码!'],
    [{ username: 'staff', oldpassword: 'Portal#2026', password: 'Newpass#2027' }, '请确认新密码!'],
    [{ username: 'staff', oldpassword: 'Portal#2026', password: 'Newpass#2027', confirmpassword: 'Other#2027x' }, '两次输入的密码不一样！'],
    [{ oldpassword: 'Portal#2026', password: 'Newpass#2027', confirmpassword: 'Newpass#2027' }, '当前系统无登录用户!'],
    [{ username: 'staff', oldpassword: '', password: 'Newpass#2027', confirmpassword: 'Newpass#2027' }, '请输入旧密码!'],
  ])('answers %j with the spec message and changes nothing', async (payload, message) => {
    const token = await t.login('staff');
    const before = await passwordHash('staff');
    const response = await t.call({ method: 'POST', url: UPDATE, token, lang: 'zh-CN', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await passwordHash('staff')).toBe(before);
  });

  it('gives the spec messages in Traditional Chinese by default', async () => {
    const token = await t.login('staff');
    const response = await t.call({ method: 'POST', url: UPDATE, token, payload: { username: 'staff', oldpassword: 'a', password: 'Newpass#2027', confirmpassword: 'x' } });
    expect(response.json().message).toBe('兩次輸入的密碼不一樣！');
  });

  it("refuses to change someone else's password", async () => {
    const token = await t.login('staff');
    const before = await passwordHash('merchant');
    const response = await t.call({ method: 'POST', url: UPDATE, token, lang: 'en-US', payload: { username: 'merchant', oldpassword: 'Portal#2026', password: 'Newpass#2027', confirmpassword: 'Newpass#2027' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You can only change your own password');
    expect(await passwordHash('merchant')).toBe(before);
  });

  it('answers a wrong old password as a business failure and a weak one as 400', async () => {
    const token = await t.login('staff');
    const wrong = await t.call({ method: 'POST', url: UPDATE, token, lang: 'zh-CN', payload: { username: 'staff', oldpassword: 'Wrong#2026', password: 'Newpass#2027', confirmpassword: 'Newpass#2027' } });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ success: false, message: '旧密码输入错误' });
    const weak = await t.call({ method: 'POST', url: UPDATE, token, lang: 'en-US', payload: { username: 'staff', oldpassword: 'Portal#2026', password: 'short', confirmpassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('8 to 64 characters');
  });

  it('changes the password and signs out the other sessions only', async () => {
    const other = await t.login('merchant2');
    const current = await t.login('merchant2');
    const url = '/api/sys/user/getCurrentUserDeparts';
    expect((await t.call({ method: 'GET', url, token: other })).statusCode).toBe(200);
    const response = await t.call({ method: 'POST', url: UPDATE, token: current, payload: { username: 'merchant2', oldpassword: 'Portal#2026', password: 'Newpass#2027', confirmpassword: 'Newpass#2027' } });
    expect(response.json()).toMatchObject({ success: true });
    expect((await t.call({ method: 'GET', url, token: other })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url, token: current })).statusCode).toBe(200);
    await expect(t.login('merchant2')).rejects.toThrow();
    await expect(t.login('merchant2', 'Newpass#2027')).resolves.toMatch(/.{43}/);
  });

  it("lists the caller's departments in the tenant and the current one", async () => {
    const token = await t.login('merchant');
    const body = (await t.call({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token })).json();
    expect(body.result.orgCode).toBe('A01A01');
    expect(body.result.list.map((d: { orgCode: string; departName: string }) => [d.orgCode, d.departName])).toEqual([
      ['A01A01', '營運部 Operations'],
      ['A01A02', '財務部 Finance'],
    ]);
  });

  it('switches department, and refuses departments of others', async () => {
    const token = await t.login('merchant');
    const ok = await t.call({ method: 'POST', url: '/api/sys/selectDepart', token, payload: { orgCode: 'A01A02', username: 'merchant' } });
    expect(ok.json()).toMatchObject({ success: true, result: { userInfo: { username: 'merchant', orgCode: 'A01A02' } } });
    // A01A03 belongs to tenant 2; A01 exists in tenant 1 but merchant is not in it
    for (const orgCode of ['A01A03', 'A01', "A01' or '1'='1"]) {
      const response = await t.call({ method: 'POST', url: '/api/sys/selectDepart', token, payload: { orgCode, username: 'merchant' } });
      expect(response.statusCode).toBe(404);
    }
    const empty = await t.call({ method: 'POST', url: '/api/sys/selectDepart', token, lang: 'zh-CN', payload: { orgCode: '', username: 'merchant' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('请选择部门');
    const someoneElse = await t.call({ method: 'POST', url: '/api/sys/selectDepart', token, payload: { orgCode: 'A01A01', username: 'staff' } });
    expect(someoneElse.statusCode).toBe(403);
    const current = (await t.db.select().from(users).where(eq(users.username, 'merchant')))[0]!;
    expect(current.orgCode).toBe('A01A02');
  });

  it('says when the user has no department', async () => {
    const token = await t.login('finance');
    const response = await t.call({ method: 'POST', url: '/api/sys/selectDepart', token, lang: 'zh-CN', payload: { orgCode: 'A01', username: 'finance' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('您尚未设置部门信息!');
  });

  it('tells the main account apart', async () => {
    const main = (await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: await t.login('merchant') })).json();
    const staff = (await t.call({ method: 'GET', url: '/api/sys/user/isMainAccount', token: await t.login('staff') })).json();
    expect(main.result).toEqual({ mainAccount: true, tenantId: 1 });
    expect(staff.result).toEqual({ mainAccount: false, tenantId: 1 });
  });

  it('works only in tenants the caller belongs to', async () => {
    const token = await t.login('merchant');
    const url = '/api/sys/user/getCurrentUserDeparts';
    expect((await t.call({ method: 'GET', url, token, tenant: 1 })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url, token, tenant: 0 })).json().result.list).toHaveLength(2);
    for (const tenant of [2, 999, -1, 'abc', '1 or 1=1']) {
      const response = await t.call({ method: 'GET', url, token, tenant, lang: 'en-US' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Access denied: you do not belong to this tenant');
    }
  });
});
