import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, or } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PasswordResetResult, UserRecord } from '@portal/shared/system-users';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { png } from '../../helpers/png.ts';
import { voucherUpload } from '../../helpers/wallet-client.ts';
import { departments, permissions, rolePermissions, roles, userRoles, users } from '../../../src/db/schema/sys.ts';

/*
 * User management: /sys/user/* on the caller's tenant, with the rules of delegation.
 * Every answer body is kept and searched at the end for a password hash or a token.
 */

const U = '/api/sys/user';
const PASSWORD = 'Welcome2026x';
type Page = { records: UserRecord[]; total: number };

describe(`user management (${testDbKind()})`, () => {
  let t: TestApp;
  const sent: { phone: string; text: string }[] = [];
  const bodies: string[] = [];
  const tokens = { merchant: '', merchant2: '', staff: '', admin: '' };
  let roleIds: { admin: number; staff: number };
  let departIds: { A01A01: number; A01A02: number };

  const call = async (request: Parameters<TestApp['call']>[0]): Promise<LightMyRequestResponse> => {
    const response = await t.call(request);
    bodies.push(response.body);
    return response;
  };
  const as = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: Record<string, unknown>, lang = 'en-US') =>
    method === 'GET'
      ? call({ method, url: `${U}/${path}`, token, lang, query: Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)])) })
      : call({ method, url: `${U}/${path}`, token, lang, payload: data ?? {} });
  const list = async (token: string, query: Record<string, unknown> = {}) => ok<Page>(await as(token, 'GET', 'list', { pageSize: 100, ...query }));
  // users that act at once: the first sign-in's password change has its own file (auth/password-change-required)
  const add = (token: string, fields: Record<string, unknown>, lang?: string) =>
    as(token, 'POST', 'add', { password: PASSWORD, passwordChangeRequired: false, realname: 'Test user', departIds: [departIds.A01A01], roleIds: [roleIds.staff], ...fields }, lang);

  beforeAll(async () => {
    t = await createTestApp({ smsGateway: { send: async (phone, text) => void sent.push({ phone, text }) } });
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await t.login(name);
    const tenantRoles = await t.db.select().from(roles).where(eq(roles.tenantId, 1));
    roleIds = { admin: tenantRoles.find((r) => r.roleCode === 'merchant_admin')!.id, staff: tenantRoles.find((r) => r.roleCode === 'merchant_staff')!.id };
    const departs = await t.db.select().from(departments).where(eq(departments.tenantId, 1));
    departIds = { A01A01: departs.find((d) => d.orgCode === 'A01A01')!.id, A01A02: departs.find((d) => d.orgCode === 'A01A02')!.id };
  });
  afterAll(() => t.close());

  it('lists the tenant\'s users with their departments and roles, and only them', async () => {
    const page = await list(tokens.merchant);
    const names = page.records.map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['merchant', 'staff']));
    expect(names).not.toContain('merchant2');
    expect(names).not.toContain('admin');
    const merchant = page.records.find((u) => u.username === 'merchant')!;
    expect(merchant).toMatchObject({ top: true, mainAccount: true, status: 1 });
    expect(merchant.departs.map((d) => d.orgCode).sort()).toEqual(['A01A01', 'A01A02']);
    expect(merchant.roles.map((r) => r.id)).toEqual([roleIds.admin]);
    // the platform administers its own tenant
    expect((await list(tokens.admin)).records.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'warehouse']));
  });

  it('filters by username, real name, phone, status, department and role, sorts and pages', async () => {
    expect((await list(tokens.merchant, { username: 'STAF' })).records.map((u) => u.username)).toEqual(['staff']);
    expect((await list(tokens.merchant, { realname: '張小' })).records.map((u) => u.username)).toEqual(['staff']);
    expect((await list(tokens.merchant, { phone: '2000001' })).records.map((u) => u.username)).toEqual(['merchant']);
    expect((await list(tokens.merchant, { departId: departIds.A01A02 })).records.map((u) => u.username)).toEqual(['merchant']);
    expect((await list(tokens.merchant, { roleId: roleIds.staff })).records.map((u) => u.username)).toEqual(['staff']);
    expect((await list(tokens.merchant, { status: 2 })).records).toEqual([]);
    const asc = (await list(tokens.merchant, { column: 'username', order: 'asc' })).records.map((u) => u.username);
    expect(asc).toEqual([...asc].sort());
    const first = ok<Page>(await as(tokens.merchant, 'GET', 'list', { pageNo: 1, pageSize: 1, column: 'username', order: 'asc' }));
    expect(first.records).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(2);
  });

  it('binds every filter and sorts only by its allow-list: SQL text finds nothing and is never a 500', async () => {
    const injected = ["' or '1'='1", "x%' or 1=1 --", '%', '_', "'; drop table sys_user; --"];
    for (const text of injected) {
      for (const field of ['username', 'realname', 'phone']) {
        const page = await list(tokens.merchant, { [field]: text });
        expect(page.records, `${field}=${text}`).toEqual([]);
      }
    }
    for (const query of [{ column: 'username; drop table sys_user' }, { column: 'password_hash' }, { order: 'asc, password_hash' }, { status: '1 or 1=1' }, { departId: '1 or 1=1' }, { roleId: "1'" }]) {
      const response = await as(tokens.merchant, 'GET', 'list', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await list(tokens.merchant)).total).toBeGreaterThanOrEqual(2);
  });

  it('refuses without a session (401) and without the codes (403 for staff)', async () => {
    const staffUser = (await list(tokens.merchant, { username: 'staff' })).records[0]!;
    const calls: [method: 'GET' | 'POST' | 'PUT', path: string, data: Record<string, unknown>][] = [
      ['GET', 'list', {}],
      ['POST', 'add', { username: 'nobody1', password: PASSWORD, realname: 'x' }],
      ['PUT', 'edit', { id: staffUser.id, realname: 'x' }],
      ['GET', 'checkOnlyUser', { username: 'someone' }],
      ['GET', 'queryUserRole', { userid: staffUser.id }],
      ['PUT', 'frozenBatch', { ids: [staffUser.id], status: 2 }],
      ['PUT', 'changePassword', { id: staffUser.id, mode: 'show' }],
      ['GET', 'queryUserByDepId', { id: departIds.A01A01 }],
    ];
    for (const [method, path, data] of calls) {
      expect((await as('', method, path, data)).statusCode, path).toBe(401);
      expect((await as(tokens.staff, method, path, data)).statusCode, path).toBe(403);
    }
    expect((await call({ method: 'POST', url: `${U}/avatar`, token: tokens.staff, ...voucherUpload(png()) })).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's user or department, and changes nothing", async () => {
    const staffUser = (await list(tokens.merchant, { username: 'staff' })).records[0]!;
    const m2 = tokens.merchant2;
    refused(await as(m2, 'PUT', 'edit', { id: staffUser.id, realname: 'Taken over' }), 404);
    refused(await as(m2, 'GET', 'queryUserRole', { userid: staffUser.id }), 404);
    refused(await as(m2, 'PUT', 'frozenBatch', { ids: [staffUser.id], status: 2 }), 404);
    refused(await as(m2, 'PUT', 'changePassword', { id: staffUser.id, mode: 'show' }), 404);
    refused(await as(m2, 'GET', 'checkOnlyUser', { username: 'freeName1', dataId: staffUser.id }), 404);
    refused(await as(m2, 'GET', 'queryUserByDepId', { id: departIds.A01A01 }), 404);
    // a department or role of tenant 1 given to a user of tenant 2
    refused(await add(m2, { username: 'crossTenant1', departIds: [departIds.A01A01], roleIds: [] }), 404);
    refused(await add(m2, { username: 'crossTenant2', departIds: [], roleIds: [roleIds.staff] }), 404);
    expect((await list(tokens.merchant, { username: 'staff' })).records[0]).toEqual(staffUser);
    expect(sent).toEqual([]);
  });

  it('adds a user of the tenant who signs in with their departments and roles', async () => {
    const created = ok<UserRecord>(await add(tokens.merchant, { username: 'newClerk', phone: '+886 912 345 678', email: 'clerk@example.com', workNo: 'E-007', departIds: [departIds.A01A01, departIds.A01A02], orgCode: 'A01A02' }));
    expect(created).toMatchObject({ username: 'newClerk', phone: '0912345678', workNo: 'E-007', orgCode: 'A01A02', status: 1, top: false });
    expect(created.departs.map((d) => d.orgCode).sort()).toEqual(['A01A01', 'A01A02']);
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ defaultTenantId: 1, createdBy: expect.any(Number) });
    const token = await t.login('newclerk', PASSWORD);
    expect(ok<number[]>(await as(tokens.merchant, 'GET', 'queryUserRole', { userid: created.id }))).toEqual([roleIds.staff]);
    expect(ok<{ id: number }[]>(await as(tokens.merchant, 'GET', 'queryUserByDepId', { id: departIds.A01A02 })).map((u) => u.id)).toContain(created.id);
    expect(token.length).toBeGreaterThan(20);
  });

  it('an edit that sends the record back as the form shows it changes nothing, and one that leaves lists out empties them', async () => {
    const made = ok<UserRecord>(
      await add(tokens.merchant, { username: 'roundTrip', phone: '+886 912 345 600', email: 'round@example.com', workNo: 'E-600', departIds: [departIds.A01A01, departIds.A01A02], orgCode: 'A01A02' }),
    );
    const before = (await list(tokens.merchant, { username: 'roundTrip' })).records[0]!;
    // the record's fields as the user form sends them (apps/web/src/features/system/components/user-form-drawer.tsx)
    const unchanged = {
      id: before.id,
      realname: before.realname,
      phone: before.phone ?? '',
      email: before.email ?? '',
      workNo: before.workNo,
      avatar: before.avatar,
      departIds: before.departs.map((d) => d.id),
      orgCode: before.orgCode ?? '',
      positionIds: before.positions.map((p) => p.id),
      roleIds: before.roles.map((r) => r.id),
    };
    ok(await as(tokens.merchant, 'PUT', 'edit', unchanged));
    expect((await list(tokens.merchant, { username: 'roundTrip' })).records[0]).toEqual(before);
    // the edit replaces the user: what a body leaves out is emptied, not kept (a client must send every field)
    ok(await as(tokens.merchant, 'PUT', 'edit', { id: made.id, realname: before.realname }));
    expect((await list(tokens.merchant, { username: 'roundTrip' })).records[0]).toMatchObject({ phone: null, email: null, workNo: '', departs: [], roles: [], orgCode: null });
  });

  it('checks usernames as the form types them (case-insensitive), and refuses a taken name or phone with 409', async () => {
    const taken = await as(tokens.merchant, 'GET', 'checkOnlyUser', { username: 'MERCHANT2' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ success: false, code: 409, message: 'This username is already taken' });
    expect((await as(tokens.merchant, 'GET', 'checkOnlyUser', { username: 'x y' })).json()).toMatchObject({ success: false, code: 400 });
    ok(await as(tokens.merchant, 'GET', 'checkOnlyUser', { username: 'freeName9' }));
    const staffUser = (await list(tokens.merchant, { username: 'staff' })).records[0]!;
    ok(await as(tokens.merchant, 'GET', 'checkOnlyUser', { username: 'Staff', dataId: staffUser.id }));

    const messages = { 'zh-TW': '該帳號已被使用', 'zh-CN': '该用户名已被使用', 'en-US': 'This username is already taken' };
    for (const [lang, message] of Object.entries(messages)) expect(refused(await add(tokens.merchant, { username: 'Merchant2' }, lang), 409)).toBe(message);
    const phones = { 'zh-TW': '該手機號碼已註冊', 'zh-CN': '该手机号码已注册', 'en-US': 'This phone number is already registered' };
    for (const [lang, message] of Object.entries(phones)) expect(refused(await add(tokens.merchant, { username: 'phoneTwin', phone: '+886912000002' }, lang), 409)).toBe(message);
    expect(refused(await as(tokens.merchant, 'PUT', 'edit', { id: staffUser.id, realname: 'x', phone: '0912000001', departIds: [departIds.A01A01], roleIds: [roleIds.staff] }), 409)).toBe(phones['en-US']);
  });

  it('refuses a weak password, a bad phone, a bad username and a current department outside the chosen ones (400, three languages)', async () => {
    const weak = { 'zh-TW': '新密碼需 8 至 64 個字元，並同時包含字母與數字', 'zh-CN': '新密码需 8 至 64 个字符，并同时包含字母与数字', 'en-US': 'The new password needs 8 to 64 characters with both letters and digits' };
    for (const [lang, message] of Object.entries(weak)) expect(refused(await add(tokens.merchant, { username: 'weakOne', password: 'password' }, lang), 400)).toBe(message);
    const phone = { 'zh-TW': '手機號碼格式不正確', 'zh-CN': '手机号码格式不正确', 'en-US': 'Invalid phone number' };
    for (const [lang, message] of Object.entries(phone)) expect(refused(await add(tokens.merchant, { username: 'badPhone', phone: '12345' }, lang), 400)).toContain(message);
    expect(refused(await add(tokens.merchant, { username: 'no' }), 400)).toContain('4 to 32 characters');
    const outside = { 'zh-TW': '目前部門須是所選部門之一', 'zh-CN': '当前部门须是所选部门之一', 'en-US': 'The current department must be one of the chosen departments' };
    for (const [lang, message] of Object.entries(outside)) expect(refused(await add(tokens.merchant, { username: 'outsider', orgCode: 'A01A02' }, lang), 400)).toBe(message);
    expect(refused(await add(tokens.merchant, { username: 'farAvatar', avatar: 'https://tracker.example/pixel.png' }), 400)).toBe('The avatar must be an uploaded image');
    expect(await t.db.select().from(users).where(or(like(users.username, 'weakOne'), like(users.username, 'badPhone'), like(users.username, 'outsider')))).toEqual([]);
  });

  describe('rules of delegation', () => {
    let deputy: UserRecord;
    let deputyToken: string;
    let userAdminToken: string;
    let staffId: number;
    let merchantId: number;

    beforeAll(async () => {
      // a second administrator of tenant 1: the same role as the main account, but not a top administrator
      deputy = ok<UserRecord>(await add(tokens.merchant, { username: 'deputyAdmin', roleIds: [roleIds.admin] }));
      deputyToken = await t.login('deputyAdmin', PASSWORD);
      // a role holding only user management: it may not hand out the administrator's role
      const [role] = await t.db.insert(roles).values({ tenantId: 1, roleCode: 'user_admin', roleName: 'User admin' }).returning({ id: roles.id });
      const entries = await t.db.select({ id: permissions.id }).from(permissions).where(or(like(permissions.perms, 'system:user:%'), eq(permissions.perms, 'system:module:view')));
      await t.db.insert(rolePermissions).values(entries.map((p) => ({ tenantId: 1, roleId: role!.id, permissionId: p.id })));
      const userAdmin = ok<UserRecord>(await add(tokens.merchant, { username: 'userAdmin', roleIds: [role!.id] }));
      userAdminToken = await t.login('userAdmin', PASSWORD);
      expect(userAdmin.roles.map((r) => r.name)).toEqual(['User admin']);
      const page = await list(tokens.merchant);
      staffId = page.records.find((u) => u.username === 'staff')!.id;
      merchantId = page.records.find((u) => u.username === 'merchant')!.id;
    });

    it('nobody freezes themselves, resets their own password here or changes their own roles (notOnYourself)', async () => {
      const messages = { 'zh-TW': '您不能凍結、刪除自己或變更自己的角色', 'zh-CN': '您不能冻结、删除自己或变更自己的角色', 'en-US': 'You cannot freeze or delete yourself, or change your own roles' };
      for (const [lang, message] of Object.entries(messages)) expect(refused(await as(tokens.merchant, 'PUT', 'frozenBatch', { ids: [merchantId], status: 2 }, lang), 403)).toBe(message);
      refused(await as(tokens.merchant, 'PUT', 'changePassword', { id: merchantId, mode: 'show' }), 403);
      refused(await as(deputyToken, 'PUT', 'edit', { id: deputy.id, realname: 'Deputy', departIds: [departIds.A01A01], roleIds: [] }), 403);
      // editing one's own name is no act on oneself
      expect(ok<UserRecord>(await as(deputyToken, 'PUT', 'edit', { id: deputy.id, realname: 'Deputy', departIds: [departIds.A01A01], roleIds: [roleIds.admin] })).realname).toBe('Deputy');
    });

    it('only a top administrator touches the main account (topAdminOnly)', async () => {
      const messages = {
        'zh-TW': '只有超級管理員或主帳號能變更超級管理員或主帳號',
        'zh-CN': '只有超级管理员或主账号能变更超级管理员或主账号',
        'en-US': 'Only a super user or the main account can change a super user or the main account',
      };
      for (const [lang, message] of Object.entries(messages)) expect(refused(await as(deputyToken, 'PUT', 'edit', { id: merchantId, realname: 'Renamed' }, lang), 403)).toBe(message);
      refused(await as(deputyToken, 'PUT', 'frozenBatch', { ids: [staffId, merchantId], status: 2 }), 403);
      refused(await as(deputyToken, 'PUT', 'changePassword', { id: merchantId, mode: 'show' }), 403);
      // all or none: staff, named with the main account, was not frozen
      expect((await list(tokens.merchant, { username: 'staff' })).records[0]!.status).toBe(1);
    });

    it('a role is given or taken away only by someone holding all it grants (roleBeyondOwn)', async () => {
      const messages = { 'zh-TW': '您不能指派或移除擁有您所沒有權限的角色', 'zh-CN': '您不能分配或移除拥有您所没有权限的角色', 'en-US': 'You cannot give or take away a role that holds permissions you do not hold' };
      for (const [lang, message] of Object.entries(messages)) expect(refused(await add(userAdminToken, { username: 'promoted', roleIds: [roleIds.admin] }, lang), 403)).toBe(message);
      refused(await as(userAdminToken, 'PUT', 'edit', { id: deputy.id, realname: 'Deputy', departIds: [departIds.A01A01], roleIds: [] }), 403);
      expect(await t.db.select().from(userRoles).where(and(eq(userRoles.userId, deputy.id), eq(userRoles.roleId, roleIds.admin)))).toHaveLength(1);
    });

    it('freezing ends the user\'s open session at its next request and refuses their sign-in; unfreezing lets them in again', async () => {
      const victim = ok<UserRecord>(await add(tokens.merchant, { username: 'soonFrozen' }));
      const token = await t.login('soonFrozen', PASSWORD);
      ok(await t.call({ method: 'GET', url: '/api/user/info', token }));
      const frozen = await as(tokens.merchant, 'PUT', 'frozenBatch', { ids: [victim.id], status: 2 });
      expect(frozen.json().message).toBe('Frozen; their sessions ended at once');
      expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
      const signIn = await t.call({ method: 'POST', url: '/api/sys/login', lang: 'en-US', payload: { username: 'soonFrozen', password: PASSWORD } });
      expect(signIn.json()).toMatchObject({ success: false, message: 'This account is frozen, please contact your administrator' });
      expect((await list(tokens.merchant, { status: 2 })).records.map((u) => u.id)).toEqual([victim.id]);
      ok(await as(tokens.merchant, 'PUT', 'frozenBatch', { ids: [victim.id], status: 1 }));
      // the old session stays ended; a new sign-in works
      expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
      await t.login('soonFrozen', PASSWORD);
    });

    it("resets a user's password: shown once, or sent by SMS; their sessions end", async () => {
      const user = ok<UserRecord>(await add(tokens.merchant, { username: 'forgetful', phone: '0912777888' }));
      const token = await t.login('forgetful', PASSWORD);
      const shown = ok<PasswordResetResult>(await as(tokens.merchant, 'PUT', 'changePassword', { id: user.id, mode: 'show' }));
      expect(shown.mode).toBe('show');
      expect(shown.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12,}$/);
      expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
      await t.login('forgetful', shown.password!);

      const bySms = ok<PasswordResetResult>(await as(tokens.merchant, 'PUT', 'changePassword', { id: user.id, mode: 'sms' }, 'zh-TW'));
      expect(bySms).toMatchObject({ mode: 'sms', password: null, phone: '09****7888' });
      expect(sent.at(-1)?.phone).toBe('0912777888');
      const password = /新密碼是 (\S+?)，/.exec(sent.at(-1)!.text)?.[1];
      await t.login('forgetful', password!);

      const phoneless = ok<UserRecord>(await add(tokens.merchant, { username: 'noPhone' }));
      const messages = { 'zh-TW': '此使用者沒有手機號碼，無法以簡訊發送新密碼', 'zh-CN': '此用户没有手机号码，无法以短信发送新密码', 'en-US': 'This user has no mobile number: the new password cannot be sent by SMS' };
      for (const [lang, message] of Object.entries(messages)) expect(refused(await as(tokens.merchant, 'PUT', 'changePassword', { id: phoneless.id, mode: 'sms' }, lang), 400)).toBe(message);
    });
  });

  it('keeps an uploaded avatar (an image by its bytes) and serves it by the URL the user record keeps', async () => {
    const uploaded = ok<{ url: string }>(await call({ method: 'POST', url: `${U}/avatar`, token: tokens.merchant, ...voucherUpload(png(2, 2)) }));
    expect(uploaded.url).toMatch(/^\/api\/sys\/user\/avatar\/[0-9a-f]{32}\.png$/);
    const image = await t.call({ method: 'GET', url: uploaded.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const user = ok<UserRecord>(await add(tokens.merchant, { username: 'withFace', avatar: uploaded.url }));
    expect(user.avatar).toBe(uploaded.url);
    const text = await call({ method: 'POST', url: `${U}/avatar`, token: tokens.merchant, lang: 'zh-CN', ...voucherUpload(Buffer.from('<svg onload=alert(1)>'), 'a.png') });
    expect(refused(text, 400)).toBe('头像只接受 PNG、JPEG 或 WebP 图片');
    expect((await t.call({ method: 'GET', url: `${U}/avatar/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${U}/avatar/..%2F..%2Fetc%2Fpasswd` })).statusCode).toBe(400);
  });

  it("refuses an avatar past its own limit, or none, in the avatar's words (not an import's)", async () => {
    const big = Buffer.concat([png(2, 2), Buffer.alloc(2 * 1024 * 1024)]);
    expect(refused(await call({ method: 'POST', url: `${U}/avatar`, token: tokens.merchant, lang: 'zh-TW', ...voucherUpload(big) }), 413)).toBe('頭像不可超過 2 MB');
    expect(refused(await call({ method: 'POST', url: `${U}/avatar`, token: tokens.merchant, lang: 'en-US', ...voucherUpload(png(2, 2), 'a.png', 'upload') }), 400)).toBe('Choose an avatar image');
  });

  it('never answers a password hash or a token', () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      for (const secret of ['passwordHash', 'password_hash', '$argon2', 'token', 'tokenHash']) expect(body).not.toContain(secret);
    }
  });
});
