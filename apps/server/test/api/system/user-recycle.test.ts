import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { RecycledUserRecord } from '@portal/shared/system-user-data';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { hashPassword } from '../../../src/lib/passwords.ts';
import { orders } from '../../../src/db/schema/logistics.ts';
import { roles, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';

/*
 * The users' recycle bin: delete to the bin, its list, restore, purge, in the caller's
 * tenant only and under the rules of delegation. Every answer body is kept and searched at the end for a
 * password hash or a token.
 */

const U = '/api/sys/user';
const PASSWORD = 'Recycle2026x';
type Page = { records: RecycledUserRecord[]; total: number };
type Method = 'GET' | 'PUT' | 'DELETE';

describe(`the users' recycle bin (${testDbKind()})`, () => {
  let t: TestApp;
  const bodies: string[] = [];
  const tokens = { merchant: '', merchant2: '', staff: '', admin: '' };
  let passwordHash = '';
  let serial = 0;

  const call = async (token: string | undefined, method: Method, path: string, data: Record<string, unknown> = {}, lang = 'en-US'): Promise<LightMyRequestResponse> => {
    const response =
      method === 'PUT'
        ? await t.call({ method, url: `${U}/${path}`, token, lang, payload: data })
        : await t.call({ method, url: `${U}/${path}`, token, lang, query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])) });
    bodies.push(response.body);
    return response;
  };
  const bin = async (token: string, query: Record<string, unknown> = {}) => ok<Page>(await call(token, 'GET', 'recycleBin', { pageSize: 100, ...query }));

  /** A user of the tenant, signed in once (sessions must end at the delete). */
  async function makeUser(tenantId: number, options: { role?: string; phone?: string } = {}) {
    serial += 1;
    const username = `bin_user_${tenantId}_${serial}`;
    const [row] = await t.db
      .insert(users)
      .values({ username, realname: `Bin ${serial}`, passwordHash, phone: options.phone ?? null, email: `${username}@example.com`, defaultTenantId: tenantId })
      .returning({ id: users.id });
    const id = row!.id;
    await t.db.insert(userTenants).values({ userId: id, tenantId });
    if (options.role) {
      const [role] = await t.db.select().from(roles).where(sql`${roles.tenantId} = ${tenantId} and ${roles.roleCode} = ${options.role}`);
      await t.db.insert(userRoles).values({ userId: id, tenantId, roleId: role!.id });
    }
    return { id, username, token: await t.login(username, PASSWORD) };
  }
  const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    passwordHash = await hashPassword(PASSWORD);
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await t.login(name);
  });
  afterAll(() => t.close());

  it.each([
    ['DELETE', 'delete', { id: 1 }],
    ['DELETE', 'deleteBatch', { ids: '1' }],
    ['GET', 'recycleBin', {}],
    ['PUT', 'putRecycleBin', { userIds: '1' }],
    ['DELETE', 'deleteRecycleBin', { userIds: '1' }],
  ] as const)('%s %s: 401 without a session, 403 for staff', async (method, path, data) => {
    refused(await call(undefined, method, path, data), 401);
    expect(refused(await call(tokens.staff, method, path, data, 'zh-TW'), 403)).toBe('拒絕訪問：您沒有此操作的權限');
  });

  it('deletes to the bin: the sessions end at once, the user cannot sign in, the bin lists them', async () => {
    const user = await makeUser(1);
    const outcome = await call(tokens.merchant, 'DELETE', 'delete', { id: user.id }, 'zh-TW');
    expect(ok(outcome)).toEqual({ count: 1 });
    expect(outcome.json().message).toBe('已將 1 位使用者移至回收站，可從回收站還原');
    // the open session is refused at its next request
    refused(await t.call({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token: user.token }), 401);
    await expect(t.login(user.username, PASSWORD)).rejects.toThrow();
    expect(await row(user.id)).toMatchObject({ delFlag: 1 });
    expect((await row(user.id)).deletedAt).toBeInstanceOf(Date);
    const page = await bin(tokens.merchant);
    expect(page.records.find((r) => r.id === user.id)).toMatchObject({ username: user.username, realname: expect.any(String) });
    expect(page.records.map((r) => r.username)).not.toContain('merchant2');
    // nor another tenant's bin
    expect((await bin(tokens.merchant2)).records.map((r) => r.id)).not.toContain(user.id);
  });

  it('deletes in batch, all or nothing', async () => {
    const [a, b] = [await makeUser(1), await makeUser(1)];
    const foreign = await makeUser(2);
    const refusedBatch = await call(tokens.merchant, 'DELETE', 'deleteBatch', { ids: `${a.id},${foreign.id}` });
    refused(refusedBatch, 404);
    expect((await row(a.id)).delFlag).toBe(0);
    expect((await row(foreign.id)).delFlag).toBe(0);
    const done = await call(tokens.merchant, 'DELETE', 'deleteBatch', { ids: `${a.id},${b.id}` }, 'en-US');
    expect(ok(done)).toEqual({ count: 2 });
    expect(done.json().message).toBe('Moved to the recycle bin (users: 2); they can be restored from there');
  });

  it.each([
    ['zh-TW', '您不能凍結、刪除自己或變更自己的角色'],
    ['zh-CN', '您不能冻结、删除自己或变更自己的角色'],
    ['en-US', 'You cannot freeze or delete yourself, or change your own roles'],
  ])('nobody deletes themselves (%s)', async (lang, message) => {
    const [me] = await t.db.select().from(users).where(eq(users.username, 'merchant'));
    expect(refused(await call(tokens.merchant, 'DELETE', 'delete', { id: me!.id }, lang), 403)).toBe(message);
    expect((await row(me!.id)).delFlag).toBe(0);
  });

  it('only a top administrator deletes a top one', async () => {
    const deputy = await makeUser(1, { role: 'merchant_admin' });
    const [main] = await t.db.select().from(users).where(eq(users.username, 'merchant'));
    expect(refused(await call(deputy.token, 'DELETE', 'delete', { id: main!.id }, 'zh-CN'), 403)).toBe('只有超级管理员或主账号能变更超级管理员或主账号');
    expect((await row(main!.id)).delFlag).toBe(0);
    // the deputy may delete a plain user
    const plain = await makeUser(1);
    ok(await call(deputy.token, 'DELETE', 'delete', { id: plain.id }));
  });

  it.each([
    ['zh-TW', (name: string) => `使用者 ${name} 已在回收站中`],
    ['zh-CN', (name: string) => `用户 ${name} 已在回收站中`],
    ['en-US', (name: string) => `User ${name} is already in the recycle bin`],
  ])('409 for a user already in the bin, and for one not in it (%s)', async (lang, message) => {
    const user = await makeUser(1);
    const notInBin = refused(await call(tokens.merchant, 'PUT', 'putRecycleBin', { userIds: String(user.id) }, lang), 409);
    expect(notInBin).toContain(user.username);
    ok(await call(tokens.merchant, 'DELETE', 'delete', { id: user.id }));
    expect(refused(await call(tokens.merchant, 'DELETE', 'delete', { id: user.id }, lang), 409)).toBe(message(user.username));
  });

  it('409 for the purge of a user not in the bin, in three languages', async () => {
    const user = await makeUser(1);
    const texts = await Promise.all(['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => refused(await call(tokens.merchant, 'DELETE', 'deleteRecycleBin', { userIds: String(user.id) }, lang), 409)));
    expect(texts).toEqual([
      `使用者 ${user.username} 不在回收站中：只有回收站中的使用者可以還原或徹底刪除`,
      `用户 ${user.username} 不在回收站中：只有回收站中的用户可以还原或彻底删除`,
      `User ${user.username} is not in the recycle bin: only users in the recycle bin can be restored or deleted for good`,
    ]);
    expect((await row(user.id)).delFlag).toBe(0);
  });

  it('refuses to delete a user who also belongs to another tenant (409)', async () => {
    const user = await makeUser(1);
    await t.db.insert(userTenants).values({ userId: user.id, tenantId: 2 });
    expect(refused(await call(tokens.merchant, 'DELETE', 'delete', { id: user.id }, 'en-US'), 409)).toBe(`User ${user.username} also belongs to another company and cannot be deleted here`);
    expect((await row(user.id)).delFlag).toBe(0);
  });

  it('restores: back as they were, able to sign in', async () => {
    const user = await makeUser(1, { role: 'merchant_staff' });
    ok(await call(tokens.merchant, 'DELETE', 'delete', { id: user.id }));
    const restored = await call(tokens.merchant, 'PUT', 'putRecycleBin', { userIds: String(user.id) }, 'zh-CN');
    expect(ok(restored)).toEqual({ count: 1 });
    expect(restored.json().message).toBe('已还原 1 位用户');
    expect(await row(user.id)).toMatchObject({ delFlag: 0, deletedAt: null });
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, user.id))).length).toBe(1);
    expect(await t.login(user.username, PASSWORD)).toMatch(/^[\w-]{43}$/);
    expect((await bin(tokens.merchant)).records.map((r) => r.id)).not.toContain(user.id);
  });

  it("another tenant's id answers 404 and changes nothing", async () => {
    const user = await makeUser(1);
    ok(await call(tokens.merchant, 'DELETE', 'delete', { id: user.id }));
    refused(await call(tokens.merchant2, 'PUT', 'putRecycleBin', { userIds: String(user.id) }), 404);
    refused(await call(tokens.merchant2, 'DELETE', 'deleteRecycleBin', { userIds: String(user.id) }), 404);
    refused(await call(tokens.merchant2, 'DELETE', 'delete', { id: user.id }), 404);
    expect(await row(user.id)).toMatchObject({ delFlag: 1, username: user.username });
    const live = await makeUser(1);
    refused(await call(tokens.merchant2, 'DELETE', 'deleteBatch', { ids: String(live.id) }), 404);
    expect((await row(live.id)).delFlag).toBe(0);
  });

  it('purges a user that records name: the records stay, the person is gone (decision 0014)', async () => {
    const user = await makeUser(1, { role: 'merchant_staff', phone: '0911222333' });
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.tenantId, 1)).limit(1);
    await t.db.update(orders).set({ createdBy: user.id }).where(eq(orders.id, order!.id));
    ok(await call(tokens.merchant, 'DELETE', 'delete', { id: user.id }));
    const purged = await call(tokens.merchant, 'DELETE', 'deleteRecycleBin', { userIds: String(user.id) }, 'zh-TW');
    expect(ok(purged)).toEqual({ count: 1 });
    expect(purged.json().message).toBe('已徹底刪除 1 位使用者');
    const [still] = await t.db.select({ createdBy: orders.createdBy }).from(orders).where(eq(orders.id, order!.id));
    expect(still!.createdBy).toBe(user.id);
    const gone = await row(user.id);
    expect(gone).toMatchObject({ username: `#purged-${user.id}`, realname: '', phone: null, email: null, delFlag: 2, passwordHash: '!' });
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(userTenants).where(eq(userTenants.userId, user.id))).toEqual([]);
    expect((await bin(tokens.merchant)).records.map((r) => r.id)).not.toContain(user.id);
    // gone from the tenant: a second purge or a restore finds nobody
    refused(await call(tokens.merchant, 'DELETE', 'deleteRecycleBin', { userIds: String(user.id) }), 404);
    refused(await call(tokens.merchant, 'PUT', 'putRecycleBin', { userIds: String(user.id) }), 404);
    // the username and the phone are free again
    const again = await t.db.insert(users).values({ username: user.username, passwordHash: '!', phone: '0911222333', defaultTenantId: 1 }).returning({ id: users.id });
    expect(again).toHaveLength(1);
  });

  it('finds by keyword, and SQL text in it is only text', async () => {
    const user = await makeUser(1);
    ok(await call(tokens.merchant, 'DELETE', 'delete', { id: user.id }));
    expect((await bin(tokens.merchant, { keyword: user.username })).records.map((r) => r.id)).toEqual([user.id]);
    for (const keyword of ["' or 1=1 --", '%', "x'); drop table sys_user; --", 'bin\\_user']) {
      expect((await bin(tokens.merchant, { keyword })).records).toEqual([]);
    }
    // a LIKE wildcard is a character like any other
    const underscored = (await bin(tokens.merchant, { keyword: '_' })).records;
    expect(underscored.length).toBeGreaterThan(0);
    expect(underscored.every((r) => r.username.includes('_') || r.realname.includes('_'))).toBe(true);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBeGreaterThan(5);
  });

  it.each([
    ['zh-TW', '編號須為以逗號分隔的編號（最多 200 個），例如 12,15'],
    ['zh-CN', '编号须为以逗号分隔的编号（最多 200 个），例如 12,15'],
    ['en-US', 'IDs must be ids separated by commas (at most 200), such as 12,15'],
  ])('refuses ids that are not ids with a translated 400 (%s)', async (lang, message) => {
    for (const ids of ['abc', '1;drop', '0', '1,,x', "1' or '1'='1"]) {
      expect(refused(await call(tokens.merchant, 'DELETE', 'deleteBatch', { ids }, lang), 400)).toBe(message);
    }
    expect(refused(await call(tokens.merchant, 'PUT', 'putRecycleBin', { userIds: 'x' }, 'en-US'), 400)).toBe('User IDs must be ids separated by commas (at most 200), such as 12,15');
  });

  it('works for the platform in its own tenant', async () => {
    const user = await makeUser(0);
    ok(await call(tokens.admin, 'DELETE', 'delete', { id: user.id }));
    expect((await bin(tokens.admin)).records.map((r) => r.id)).toContain(user.id);
    expect((await bin(tokens.merchant)).records.map((r) => r.id)).not.toContain(user.id);
    ok(await call(tokens.admin, 'PUT', 'putRecycleBin', { userIds: String(user.id) }));
  });

  it('no answer carries a password hash or a token', () => {
    const all = bodies.join('\n');
    for (const secret of ['passwordHash', 'password_hash', '$argon2', 'token']) expect(all).not.toContain(secret);
  });
});
