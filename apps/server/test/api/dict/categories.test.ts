import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';

type Node = { id: number; parentId: number | null; code: string; title: string; name: Record<string, string>; sortOrder: number; leaf: boolean };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const names = (tw: string, cn = '', en = '') => ({ 'zh-TW': tw, 'zh-CN': cn, 'en-US': en });

describe(`the category dictionary (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { admin: '', merchant: '', staff: '' };
  const call = (who: keyof typeof tokens, request: { method: Method; url: string; query?: Record<string, string>; payload?: object; lang?: string }) =>
    t.call({ ...request, url: `/api/sys/category/${request.url}`, token: tokens[who] });
  const children = async (who: keyof typeof tokens, pid?: number, lang?: string) => ok<Node[]>(await call(who, { method: 'GET', url: 'loadTreeChildren', query: pid ? { pid: String(pid) } : {}, lang }));
  const add = async (payload: object) => ok<Node>(await call('admin', { method: 'POST', url: 'add', payload }));

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it('builds a tree loaded a level at a time, read by every signed-in user in their language', async () => {
    const root = await add({ code: 'T-APPAREL', name: names('服飾', '服饰', 'Apparel'), sortOrder: 2 });
    const other = await add({ code: 'T-BOOKS', name: names('書籍'), sortOrder: 1 });
    expect(root).toMatchObject({ parentId: null, title: '服飾', leaf: true });
    const shirts = await add({ parentId: root.id, code: 'T-APPAREL.SHIRT', name: names('襯衫', '衬衫', 'Shirts') });
    await add({ parentId: shirts.id, code: 'T-APPAREL.SHIRT.LINEN', name: names('亞麻襯衫') });

    const roots = (await children('merchant', undefined, 'en-US')).filter((n) => n.code.startsWith('T-'));
    // in their order; a name left empty falls back to zh-TW; each says whether it has children
    expect(roots.map((n) => [n.code, n.title, n.leaf])).toEqual([
      ['T-BOOKS', '書籍', true],
      ['T-APPAREL', 'Apparel', false],
    ]);
    expect((await children('staff', root.id, 'zh-CN')).map((n) => [n.code, n.title, n.leaf])).toEqual([['T-APPAREL.SHIRT', '衬衫', false]]);
    expect((await children('merchant', shirts.id)).map((n) => [n.code, n.leaf])).toEqual([['T-APPAREL.SHIRT.LINEN', true]]);
    expect(await children('merchant', other.id)).toEqual([]);
    expect(ok<Node>(await call('staff', { method: 'GET', url: 'queryById', query: { id: String(shirts.id) }, lang: 'en-US' }))).toMatchObject({ code: 'T-APPAREL.SHIRT', title: 'Shirts', leaf: false });
    refused(await call('staff', { method: 'GET', url: 'queryById', query: { id: '99999999' } }), 404);

    const found = ok<Node[]>(await call('merchant', { method: 'GET', url: 'search', query: { keyword: 'shirt' }, lang: 'en-US' }));
    expect(found.map((n) => n.code)).toEqual(['T-APPAREL.SHIRT', 'T-APPAREL.SHIRT.LINEN']);
    expect(ok<Node[]>(await call('merchant', { method: 'GET', url: 'search', query: { keyword: '亞麻' } })).map((n) => n.code)).toEqual(['T-APPAREL.SHIRT.LINEN']);
    expect(ok<Node[]>(await call('merchant', { method: 'GET', url: 'search', query: { keyword: '%' } }))).toEqual([]);
    refused(await call('merchant', { method: 'GET', url: 'search', query: { keyword: '' } }), 400);
  });

  it('refuses without a session (401), merchants and staff on writes (403), taken codes (409) and bad input (400, translated)', async () => {
    refused(await t.call({ method: 'GET', url: '/api/sys/category/loadTreeChildren' }), 401);
    for (const who of ['merchant', 'staff'] as const) {
      refused(await call(who, { method: 'POST', url: 'add', payload: { code: 'M-1', name: names('商家') } }), 403);
      refused(await call(who, { method: 'PUT', url: 'edit', payload: { id: 1, code: 'M-1', name: names('商家') } }), 403);
      refused(await call(who, { method: 'DELETE', url: 'delete', query: { id: '1' } }), 403);
    }
    expect(ok<Node[]>(await call('admin', { method: 'GET', url: 'search', query: { keyword: 'M-1' } }))).toEqual([]);

    const node = await add({ code: 'T-TOYS', name: names('玩具') });
    expect(refused(await call('admin', { method: 'POST', url: 'add', payload: { code: 't-toys', name: names('又一個') }, lang: 'en-US' }), 409)).toContain('"t-toys" is already taken');
    const second = await add({ code: 'T-GAMES', name: names('遊戲') });
    expect(refused(await call('admin', { method: 'PUT', url: 'edit', payload: { id: second.id, code: 'T-TOYS', name: names('遊戲') }, lang: 'zh-CN' }), 409)).toContain('已存在');
    expect(refused(await call('admin', { method: 'POST', url: 'add', payload: { code: '', name: names('空') }, lang: 'zh-CN' }), 400)).toContain('请填写分类编码');
    expect(refused(await call('admin', { method: 'POST', url: 'add', payload: { code: 'a b', name: names('空') }, lang: 'en-US' }), 400)).toContain('letters, digits');
    expect(refused(await call('admin', { method: 'POST', url: 'add', payload: { code: 'T-X', name: names('') }, lang: 'zh-TW' }), 400)).toContain('請填寫繁體中文名稱');
    expect(refused(await call('admin', { method: 'POST', url: 'add', payload: { parentId: 99_999_999, code: 'T-ORPHAN', name: names('孤兒') }, lang: 'en-US' }), 404)).toContain('parent category');
    refused(await call('admin', { method: 'PUT', url: 'edit', payload: { id: 99_999_999, code: 'T-NONE', name: names('無') } }), 404);

    const edited = ok<Node>(await call('admin', { method: 'PUT', url: 'edit', payload: { id: node.id, code: 'T-TOYS2', name: names('玩具', '玩具', 'Toys'), sortOrder: 5 }, lang: 'en-US' }));
    expect(edited).toMatchObject({ code: 'T-TOYS2', title: 'Toys', sortOrder: 5, parentId: null });
  });

  it('deletes a category without children only (409 otherwise), each change audited', async () => {
    const parent = await add({ code: 'T-FOOD', name: names('食品') });
    const kid = await add({ parentId: parent.id, code: 'T-FOOD.TEA', name: names('茶葉') });
    expect(refused(await call('admin', { method: 'DELETE', url: 'delete', query: { id: String(parent.id) }, lang: 'zh-TW' }), 409)).toContain('子分類');
    expect((await children('admin', parent.id)).map((n) => n.id)).toEqual([kid.id]);
    ok(await call('admin', { method: 'DELETE', url: 'delete', query: { id: String(kid.id) } }));
    expect((await children('admin', undefined)).find((n) => n.id === parent.id)?.leaf).toBe(true);
    ok(await call('admin', { method: 'DELETE', url: 'delete', query: { id: String(parent.id) } }));
    refused(await call('admin', { method: 'DELETE', url: 'delete', query: { id: String(parent.id) } }), 404);

    const lines = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'category'), eq(auditLogs.resourceId, String(parent.id)))).orderBy(desc(auditLogs.id));
    expect(lines.map((line) => line.action)).toEqual(['delete', 'create']);
    expect(lines[0]).toMatchObject({ tenantId: 0, username: 'admin', label: 'T-FOOD', before: { code: 'T-FOOD' } });
  });
});
