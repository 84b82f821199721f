import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { DICT_VERSION_HEADER } from '@portal/shared/dict-codes';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';

type Texts = { 'zh-TW': string; 'zh-CN': string; 'en-US': string };
type Dict = { id: number; dictCode: string; dictName: Texts; description: string; builtIn: boolean; itemCount: number };
type Item = { id: number; dictId: number; itemValue: string; itemText: Texts; color: string | null; sortOrder: number; status: number };
type Page<T> = { records: T[]; total: number };
type Option = { value: string; text: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const texts = (tw: string, cn = '', en = ''): Texts => ({ 'zh-TW': tw, 'zh-CN': cn, 'en-US': en });

describe(`dictionary administration (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { admin: '', merchant: '', staff: '' };
  const call = (who: keyof typeof tokens, request: { method: Method; url: string; query?: Record<string, string>; payload?: object; lang?: string }) =>
    t.call({ ...request, url: `/api${request.url}`, token: tokens[who] });
  const dictList = async (query: Record<string, string> = {}) => ok<Page<Dict>>(await call('admin', { method: 'GET', url: '/sys/dict/list', query }));
  const builtIn = async (code: string) => (await dictList({ dictCode: code })).records.find((d) => d.dictCode === code)!;
  const items = async (dictId: number) => ok<Page<Item>>(await call('admin', { method: 'GET', url: '/sys/dictItem/list', query: { dictId: String(dictId) } })).records;
  const options = async (code: string, lang = 'en-US') => ok<Option[]>(await call('merchant', { method: 'GET', url: `/sys/dict/getDictItems/${code}`, lang }));
  const allOptions = async (lang = 'en-US') => ok<Record<string, Option[]>>(await call('merchant', { method: 'GET', url: '/sys/dict/queryAllDictItems', lang }));
  const version = (response: LightMyRequestResponse) => String(response.headers[DICT_VERSION_HEADER] ?? '');
  const auditOf = async (resource: string, resourceId: number) =>
    t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, resource), eq(auditLogs.resourceId, String(resourceId)))).orderBy(desc(auditLogs.id));

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it("gives a picker every dictionary's code and name: any of the platform's staff, no merchant", async () => {
    const warehouse = await t.login('warehouse');
    refused(await t.call({ method: 'GET', url: '/api/sys/dict/names' }), 401);
    // the warehouse operator administers no dictionary, and may still pick one
    refused(await t.call({ method: 'GET', url: '/api/sys/dict/list', token: warehouse }), 403);
    const names = ok<{ dictCode: string; dictName: Texts }[]>(await t.call({ method: 'GET', url: '/api/sys/dict/names', token: warehouse }));
    const all = await dictList({ pageSize: '200' });
    expect(names).toEqual([...all.records].sort((a, b) => (a.dictCode < b.dictCode ? -1 : 1)).map(({ dictCode, dictName }) => ({ dictCode, dictName })));
    refused(await call('merchant', { method: 'GET', url: '/sys/dict/names' }), 403);
  });

  it('refuses every call without a session (401), and the merchant admin and staff (403), changing nothing', async () => {
    const writes: { method: Method; url: string; query?: Record<string, string>; payload?: object }[] = [
      { method: 'GET', url: '/sys/dict/list' },
      { method: 'POST', url: '/sys/dict/add', payload: { dictCode: 'MerchantDict', dictName: texts('商家') } },
      { method: 'PUT', url: '/sys/dict/edit', payload: { id: 1, dictCode: 'OrderStatus', dictName: texts('x') } },
      { method: 'DELETE', url: '/sys/dict/delete', query: { id: '1' } },
      { method: 'GET', url: '/sys/dictItem/list', query: { dictId: '1' } },
      { method: 'POST', url: '/sys/dictItem/add', payload: { dictId: 1, itemValue: 'X', itemText: texts('x') } },
      { method: 'PUT', url: '/sys/dictItem/edit', payload: { id: 1, itemValue: 'X', itemText: texts('x') } },
      { method: 'PUT', url: '/sys/dictItem/status', payload: { id: 1, status: 0 } },
      { method: 'PUT', url: '/sys/dictItem/sort', payload: { dictId: 1, ids: [1] } },
      { method: 'DELETE', url: '/sys/dictItem/delete', query: { id: '1' } },
    ];
    const before = await allOptions();
    for (const request of writes) {
      refused(await t.call({ ...request, url: `/api${request.url}` }), 401);
      refused(await call('merchant', request), 403);
      refused(await call('staff', request), 403);
    }
    expect(await allOptions()).toEqual(before);
    expect((await dictList({ dictCode: 'MerchantDict' })).total).toBe(0);
  });

  it('lists dictionaries filtered by code and by a name in any language, sorted by an allow-list only', async () => {
    const page = await dictList({ pageSize: '100' });
    expect(page.total).toBeGreaterThanOrEqual(14);
    const orderStatus = page.records.find((d) => d.dictCode === 'OrderStatus')!;
    expect(orderStatus).toMatchObject({ builtIn: true });
    expect(orderStatus.itemCount).toBe(11);
    expect((await dictList({ dictCode: 'orderstatus' })).records.map((d) => d.dictCode).sort()).toEqual(['COLOrderStatusEnum', 'OrderStatus']);
    expect((await dictList({ dictName: orderStatus.dictName['en-US'] })).records.map((d) => d.id)).toContain(orderStatus.id);
    expect((await dictList({ dictCode: '%' })).total).toBe(0);
    expect((await dictList({ pageSize: '2' })).records).toHaveLength(2);
    refused(await call('admin', { method: 'GET', url: '/sys/dict/list', query: { column: 'id; drop table sys_dict' } }), 400);
  });

  it('refuses bad input with a translated message (400), the spec\'s 字典Code不能为空! first', async () => {
    const add = (payload: object, lang: string) => call('admin', { method: 'POST', url: '/sys/dict/add', payload, lang });
    expect(refused(await add({ dictCode: '', dictName: texts('空') }, 'zh-CN'), 400)).toContain('字典Code不能为空!');
    expect(refused(await add({ dictCode: '  ', dictName: texts('空') }, 'zh-TW'), 400)).toContain('字典Code不能為空!');
    expect(refused(await add({ dictCode: '', dictName: texts('空') }, 'en-US'), 400)).toContain('The dictionary code must not be empty!');
    expect(refused(await add({ dictCode: 'bad code!', dictName: texts('x') }, 'en-US'), 400)).toContain('letters, digits and underscores');
    expect(refused(await add({ dictCode: 'NoName', dictName: texts('') }, 'zh-CN'), 400)).toContain('请填写繁体中文名称');
    expect(refused(await add({ dictCode: 'NoName', dictName: texts('') }, 'en-US'), 400)).toContain('Traditional Chinese');
    expect(refused(await add({ dictCode: 'NoName', dictName: texts('') }, 'zh-TW'), 400)).toContain('請填寫繁體中文名稱');
    expect((await dictList({ dictCode: 'NoName' })).total).toBe(0);
  });

  it('adds, edits and deletes a dictionary and its items, each change audited and refused on a taken code or value', async () => {
    const dict = ok<Dict>(await call('admin', { method: 'POST', url: '/sys/dict/add', payload: { dictCode: 'PackingType', dictName: texts('包裝方式', '', 'Packing'), description: 'how goods are packed' } }));
    expect(dict).toMatchObject({ dictCode: 'PackingType', builtIn: false, itemCount: 0, dictName: texts('包裝方式', '', 'Packing') });
    expect(refused(await call('admin', { method: 'POST', url: '/sys/dict/add', payload: { dictCode: 'packingtype', dictName: texts('重複') }, lang: 'en-US' }), 409)).toContain('"packingtype" is already taken');
    expect(refused(await call('admin', { method: 'PUT', url: '/sys/dict/edit', payload: { id: dict.id, dictCode: 'OrderStatus', dictName: texts('x') }, lang: 'zh-CN' }), 409)).toContain('已存在');
    // a new dictionary is served at once, empty
    expect(await options('PackingType')).toEqual([]);

    const box = ok<Item>(await call('admin', { method: 'POST', url: '/sys/dictItem/add', payload: { dictId: dict.id, itemValue: 'BOX', itemText: texts('紙箱', '纸箱', 'Carton'), color: 'blue', sortOrder: 2 } }));
    const bag = ok<Item>(await call('admin', { method: 'POST', url: '/sys/dictItem/add', payload: { dictId: dict.id, itemValue: 'BAG', itemText: texts('袋裝'), sortOrder: 1 } }));
    expect(refused(await call('admin', { method: 'POST', url: '/sys/dictItem/add', payload: { dictId: dict.id, itemValue: 'BOX', itemText: texts('又一個') }, lang: 'zh-TW' }), 409)).toContain('「BOX」');
    expect(refused(await call('admin', { method: 'PUT', url: '/sys/dictItem/edit', payload: { id: bag.id, itemValue: 'BOX', itemText: texts('袋裝') }, lang: 'en-US' }), 409)).toContain('"BOX"');
    expect(refused(await call('admin', { method: 'POST', url: '/sys/dictItem/add', payload: { dictId: dict.id, itemValue: 'RED', itemText: texts('紅'), color: 'red;x' }, lang: 'en-US' }), 400)).toContain('preset name');
    expect(refused(await call('admin', { method: 'POST', url: '/sys/dictItem/add', payload: { dictId: dict.id, itemValue: '', itemText: texts('空') }, lang: 'zh-CN' }), 400)).toContain('请填写数据值');
    refused(await call('admin', { method: 'POST', url: '/sys/dictItem/add', payload: { dictId: 99_999_999, itemValue: 'X', itemText: texts('x') } }), 404);
    // in their order; an empty text falls back to zh-TW
    expect(await options('PackingType')).toMatchObject([
      { value: 'BAG', text: '袋裝' },
      { value: 'BOX', text: 'Carton', color: 'blue' },
    ]);

    // the order, every item once
    refused(await call('admin', { method: 'PUT', url: '/sys/dictItem/sort', payload: { dictId: dict.id, ids: [box.id] } }), 400);
    refused(await call('admin', { method: 'PUT', url: '/sys/dictItem/sort', payload: { dictId: dict.id, ids: [box.id, box.id] } }), 400);
    ok(await call('admin', { method: 'PUT', url: '/sys/dictItem/sort', payload: { dictId: dict.id, ids: [box.id, bag.id] } }));
    expect((await items(dict.id)).map((i) => i.itemValue)).toEqual(['BOX', 'BAG']);
    expect((await options('PackingType')).map((o) => o.value)).toEqual(['BOX', 'BAG']);

    // disabled: listed for the administrator, gone for everyone else
    ok(await call('admin', { method: 'PUT', url: '/sys/dictItem/status', payload: { id: bag.id, status: 0 } }));
    expect((await items(dict.id)).find((i) => i.id === bag.id)?.status).toBe(0);
    expect((await options('PackingType')).map((o) => o.value)).toEqual(['BOX']);
    ok(await call('admin', { method: 'PUT', url: '/sys/dictItem/status', payload: { id: bag.id, status: 1 } }));
    expect((await options('PackingType')).map((o) => o.value)).toEqual(['BOX', 'BAG']);

    const edited = ok<Item>(await call('admin', { method: 'PUT', url: '/sys/dictItem/edit', payload: { id: bag.id, itemValue: 'SACK', itemText: texts('麻袋', '麻袋', 'Sack'), color: '#aa3300', sortOrder: 30 } }));
    expect(edited).toMatchObject({ itemValue: 'SACK', color: '#aa3300', status: 1 });
    expect(await options('PackingType')).toMatchObject([{ value: 'BOX' }, { value: 'SACK', text: 'Sack' }]);

    ok(await call('admin', { method: 'DELETE', url: '/sys/dictItem/delete', query: { id: String(box.id) } }));
    expect((await options('PackingType')).map((o) => o.value)).toEqual(['SACK']);
    refused(await call('admin', { method: 'DELETE', url: '/sys/dictItem/delete', query: { id: String(box.id) } }), 404);

    const renamed = ok<Dict>(await call('admin', { method: 'PUT', url: '/sys/dict/edit', payload: { id: dict.id, dictCode: 'PackingKind', dictName: texts('包裝種類') } }));
    expect(renamed).toMatchObject({ dictCode: 'PackingKind', itemCount: 1, description: '' });
    refused(await call('merchant', { method: 'GET', url: '/sys/dict/getDictItems/PackingType' }), 404);
    expect((await options('PackingKind')).map((o) => o.value)).toEqual(['SACK']);

    ok(await call('admin', { method: 'DELETE', url: '/sys/dict/delete', query: { id: String(dict.id) } }));
    refused(await call('merchant', { method: 'GET', url: '/sys/dict/getDictItems/PackingKind' }), 404);
    expect((await items(dict.id))).toEqual([]);
    refused(await call('admin', { method: 'DELETE', url: '/sys/dict/delete', query: { id: String(dict.id) } }), 404);

    // one line per change, by the platform admin, with what was and what became
    const dictLines = await auditOf('dict', dict.id);
    expect(dictLines.map((line) => line.action)).toEqual(['delete', 'update', 'sort-items', 'create']);
    expect(dictLines[1]).toMatchObject({ tenantId: 0, username: 'admin', before: { dictCode: 'PackingType' }, after: { dictCode: 'PackingKind' } });
    expect((await auditOf('dict-item', bag.id)).map((line) => line.action)).toEqual(['update', 'enable', 'disable', 'create']);
    expect((await auditOf('dict-item', bag.id))[0]).toMatchObject({ before: { itemValue: 'BAG' }, after: { itemValue: 'SACK' } });
    expect((await auditOf('dict-item', box.id)).map((line) => line.action)).toEqual(['delete', 'create']);
  });

  it('keeps a dictionary the code relies on: no delete, no code or value change, no disabling (409, translated); its texts, colours and order change', async () => {
    const orderStatus = await builtIn('OrderStatus');
    const all = await items(orderStatus.id);
    const created = all.find((i) => i.itemValue === 'CREATED')!;
    const lost = all.find((i) => i.itemValue === 'LOST')!;

    expect(refused(await call('admin', { method: 'DELETE', url: '/sys/dict/delete', query: { id: String(orderStatus.id) }, lang: 'zh-CN' }), 409)).toBe('字典「OrderStatus」为系统使用，不能删除');
    expect(refused(await call('admin', { method: 'DELETE', url: '/sys/dict/delete', query: { id: String(orderStatus.id) }, lang: 'en-US' }), 409)).toContain('cannot be deleted');
    refused(await call('admin', { method: 'PUT', url: '/sys/dict/edit', payload: { id: orderStatus.id, dictCode: 'OrderState', dictName: orderStatus.dictName } }), 409);
    expect(refused(await call('admin', { method: 'PUT', url: '/sys/dictItem/edit', payload: { ...created, itemValue: 'NEW', id: created.id, dictId: undefined }, lang: 'zh-TW' }), 409)).toContain('不能新增、修改或刪除');
    refused(await call('admin', { method: 'POST', url: '/sys/dictItem/add', payload: { dictId: orderStatus.id, itemValue: 'HELD', itemText: texts('暫扣') } }), 409);
    refused(await call('admin', { method: 'DELETE', url: '/sys/dictItem/delete', query: { id: String(lost.id) } }), 409);
    expect(refused(await call('admin', { method: 'PUT', url: '/sys/dictItem/status', payload: { id: lost.id, status: 0 }, lang: 'en-US' }), 409)).toContain('cannot be disabled');
    refused(await call('admin', { method: 'PUT', url: '/sys/dictItem/edit', payload: { id: lost.id, itemValue: 'LOST', itemText: lost.itemText, status: 0 } }), 409);
    expect(await items(orderStatus.id)).toEqual(all);
    expect((await options('OrderStatus')).map((o) => o.value)).toContain('LOST');

    // the name may change, the code stays
    ok(await call('admin', { method: 'PUT', url: '/sys/dict/edit', payload: { id: orderStatus.id, dictCode: 'OrderStatus', dictName: { ...orderStatus.dictName, 'en-US': 'Order states' }, description: orderStatus.description } }));
    expect((await builtIn('OrderStatus')).dictName['en-US']).toBe('Order states');
  });

  it('serves an edited text at once on getDictItems and queryAllDictItems, and changes the version mark every answer carries', async () => {
    const serviceType = await builtIn('ServiceType');
    const base = (await items(serviceType.id)).find((i) => i.itemValue === 'BASE')!;
    const first = await call('merchant', { method: 'GET', url: '/sys/permission/getUserPermissionByToken' });
    const before = version(first);
    expect(before).toMatch(/^[\w-]{16,}$/);
    // the same on the sign-in answer, whose dictionaries the client stores
    expect(version(await t.call({ method: 'POST', url: '/api/sys/login', payload: { username: 'staff', password: 'Portal#2026' } }))).toBe(before);

    ok(await call('admin', { method: 'PUT', url: '/sys/dictItem/edit', payload: { id: base.id, itemValue: 'BASE', itemText: texts('基本方案', '基本方案', 'Essential'), color: base.color, sortOrder: base.sortOrder, status: 1 } }));
    expect((await options('ServiceType')).find((o) => o.value === 'BASE')?.text).toBe('Essential');
    expect((await allOptions('zh-CN')).ServiceType!.find((o) => o.value === 'BASE')?.text).toBe('基本方案');
    const after = version(await call('merchant', { method: 'GET', url: '/sys/permission/getUserPermissionByToken' }));
    expect(after).not.toBe(before);
    // the mark follows the content: putting the text back brings the first mark back
    ok(await call('admin', { method: 'PUT', url: '/sys/dictItem/edit', payload: { ...base, dictId: undefined } }));
    expect(version(await call('staff', { method: 'GET', url: '/sys/dict/queryAllDictItems' }))).toBe(before);
    // refusals carry none
    expect(version(await t.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems' }))).toBe('');
  });
});
