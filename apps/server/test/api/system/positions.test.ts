import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';

type Position = { id: number; code: string; name: string; rank: number; createdAt: string };
type Page<T> = { records: T[]; total: number };

const P = '/api/sys/position';

describe(`positions (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { merchant: '', staff: '', merchant2: '', admin: '' };
  const bodies: string[] = [];
  const call = async (who: keyof typeof tokens, request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; query?: Record<string, string>; payload?: object; lang?: string }) => {
    const response: LightMyRequestResponse = await t.call({ ...request, token: tokens[who] });
    bodies.push(response.body);
    return response;
  };
  const list = async (who: keyof typeof tokens, query: Record<string, string> = {}) => ok<Page<Position>>(await call(who, { method: 'GET', url: `${P}/list`, query }));

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it('lists the tenant positions by rank, filtered and sorted by an allow-list only', async () => {
    const page = await list('merchant');
    expect(page.records.map((p) => p.code).sort()).toEqual(['clerk', 'manager']);
    const added = ok<Position>(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { code: 'director', name: '總監 Director', rank: 1 } }));
    await call('merchant', { method: 'PUT', url: `${P}/edit`, payload: { id: page.records.find((p) => p.code === 'clerk')!.id, code: 'clerk', name: '專員 Clerk', rank: 5 } });
    expect((await list('merchant')).records.map((p) => [p.code, p.rank])).toEqual([
      ['manager', 1],
      ['director', 1],
      ['clerk', 5],
    ]);
    expect((await list('merchant', { column: 'rank', order: 'desc' })).records[0]!.code).toBe('clerk');
    expect((await list('merchant', { code: 'dir' })).records.map((p) => p.id)).toEqual([added.id]);
    expect((await list('merchant', { name: '總監' })).records.map((p) => p.id)).toEqual([added.id]);
    // a filter is bound text, a LIKE wildcard is literal, a sort column outside the allow-list is refused
    expect((await list('merchant', { code: "x' or '1'='1" })).total).toBe(0);
    expect((await list('merchant', { code: '%' })).total).toBe(0);
    refused(await call('merchant', { method: 'GET', url: `${P}/list`, query: { column: 'code; drop table sys_position' } }), 400);
    expect((await list('merchant')).total).toBe(3);
    // the other tenant and the platform see their own only
    expect((await list('merchant2')).records.map((p) => p.id)).not.toContain(added.id);
    expect((await list('admin')).records.map((p) => p.id)).not.toContain(added.id);
  });

  it('refuses without a session (401) and without the codes (403: staff)', async () => {
    refused(await t.call({ method: 'GET', url: `${P}/list` }), 401);
    refused(await call('staff', { method: 'GET', url: `${P}/list` }), 403);
    refused(await call('staff', { method: 'POST', url: `${P}/add`, payload: { code: 'staffpos', name: 'x', rank: 1 } }), 403);
    refused(await call('staff', { method: 'DELETE', url: `${P}/delete`, query: { id: '1' } }), 403);
    refused(await call('staff', { method: 'GET', url: `${P}/exportXls` }), 403);
    expect((await list('merchant', { code: 'staffpos' })).total).toBe(0);
  });

  it('answers a taken code with 409 in three languages, on add, edit and checkCode; the edited position keeps its own', async () => {
    const manager = (await list('merchant', { code: 'manager' })).records[0]!;
    const messages = await Promise.all(
      ['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => refused(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { code: 'MANAGER', name: 'x', rank: 2 }, lang }), 409)),
    );
    expect(messages).toEqual(['職務編碼「MANAGER」已存在', '职务编码「MANAGER」已存在', 'The position code "MANAGER" is already taken']);
    refused(await call('merchant', { method: 'GET', url: `${P}/checkCode`, query: { code: 'manager' } }), 409);
    ok(await call('merchant', { method: 'GET', url: `${P}/checkCode`, query: { code: 'manager', id: String(manager.id) } }));
    ok(await call('merchant', { method: 'GET', url: `${P}/checkCode`, query: { code: 'free-code' } }));
    // the same code is free in another tenant
    ok(await call('merchant2', { method: 'GET', url: `${P}/checkCode`, query: { code: 'director' } }));
    const clerk = (await list('merchant', { code: 'clerk' })).records[0]!;
    refused(await call('merchant', { method: 'PUT', url: `${P}/edit`, payload: { id: clerk.id, code: 'manager', name: 'x', rank: 2 } }), 409);
    expect((await list('merchant', { code: 'clerk' })).records[0]).toEqual(clerk);
  });

  it('refuses bad input with 400 naming the field in three languages', async () => {
    const rank = await Promise.all(
      ['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => refused(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { code: 'r0', name: 'x', rank: 0 }, lang }), 400)),
    );
    expect(rank).toEqual(['職級不可小於 1', '职级不可小于 1', 'Rank must be at least 1']);
    const code = await Promise.all(
      ['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => refused(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { code: "a'; drop", name: 'x', rank: 1 }, lang }), 400)),
    );
    expect(code).toEqual(['職務編碼只能包含英文字母、數字、底線與連字號', '职务编码只能包含英文字母、数字、下划线与连字符', 'A position code may hold only letters, digits, underscores and hyphens']);
    refused(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { code: 'big', name: 'x', rank: 11 }, lang: 'en-US' }), 400);
    refused(await call('merchant', { method: 'DELETE', url: `${P}/deleteBatch`, query: { ids: '1,x' } }), 400);
  });

  it("answers another tenant's position with 404 and changes nothing", async () => {
    const manager = (await list('merchant', { code: 'manager' })).records[0]!;
    refused(await call('merchant2', { method: 'PUT', url: `${P}/edit`, payload: { id: manager.id, code: 'taken', name: 'x', rank: 3 } }), 404);
    refused(await call('merchant2', { method: 'DELETE', url: `${P}/delete`, query: { id: String(manager.id) } }), 404);
    const own = (await list('merchant2')).records[0]!;
    // all or nothing: one foreign id fails the batch and leaves the caller's own
    refused(await call('merchant2', { method: 'DELETE', url: `${P}/deleteBatch`, query: { ids: `${own.id},${manager.id}` } }), 404);
    expect((await list('merchant2')).records.map((p) => p.id)).toContain(own.id);
    expect((await list('merchant', { code: 'manager' })).records[0]).toEqual(manager);
  });

  it('deletes one and several positions', async () => {
    const a = ok<Position>(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { code: 'tmp-a', name: 'A', rank: 9 } }));
    const b = ok<Position>(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { code: 'tmp-b', name: 'B', rank: 9 } }));
    const c = ok<Position>(await call('merchant', { method: 'POST', url: `${P}/add`, payload: { code: 'tmp-c', name: 'C', rank: 9 } }));
    ok(await call('merchant', { method: 'DELETE', url: `${P}/delete`, query: { id: String(a.id) } }));
    ok(await call('merchant', { method: 'DELETE', url: `${P}/deleteBatch`, query: { ids: `${b.id},${c.id}` } }));
    expect((await list('merchant', { code: 'tmp-' })).total).toBe(0);
    refused(await call('merchant', { method: 'DELETE', url: `${P}/delete`, query: { id: String(a.id) } }), 404);
  });

  it("exports the tenant's positions in the reader's language", async () => {
    const sheet = await readXlsx(await t.call({ method: 'GET', url: `${P}/exportXls`, token: tokens.merchant, lang: 'en-US' }));
    expect(sheet.headers).toEqual(['Code', 'Position', 'Rank', 'Created at']);
    expect(sheet.rows.map((row) => row[0])).toContain('manager');
    expect(sheet.rows.map((row) => row[0])).not.toContain('clerk-of-tenant-2');
  });

  it('never answers a hash or a token', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) expect(body).not.toMatch(/passwordHash|password_hash|\$argon2|token/);
  });
});
