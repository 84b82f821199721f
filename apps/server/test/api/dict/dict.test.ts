import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dictItems, dicts } from '../../../src/db/schema/dict.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';
import { COUNTRY_CODES, EXCEPTION_RESOLUTIONS, EXCEPTION_TYPES, PARCEL_STATUSES, WAREHOUSE_CODES } from '@portal/shared/logistics';
import { CURRENCY_CODES } from '@portal/shared/money';

// the spec's values, written out here rather than imported, so that the seed is checked against the spec
const ORDER_STATUSES = ['CREATED', 'WAIT_COLLECT', 'WHIN', 'WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY', 'DONE', 'CANCEL', 'RETURN', 'LOST'];
const ALL_CODES = [
  'ApiTypeEnum',
  'LOGOrderStateEnum',
  'PushTypeEnum',
  'CountryType',
  'COLOrderStatusEnum',
  'CollectionOrderExceptionConstant',
  'OrderStatus',
  'ServiceType',
  'Currency',
  'LogisticsWarehouse',
  'ParcelStatus',
  'CollectionExceptionType',
  'ExceptionResolution',
  'TrackingSource',
  'UserStatus',
];

type Option = { value: string; text: string; label: string; title: string; color: string | null };

describe(`dictionaries (${testDbKind()})`, () => {
  let t: TestApp;
  let token: string;
  // refleshCache reloads the servers for a holder of system:dict:refresh only (the platform admin)
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('merchant');
    adminToken = await t.login('admin');
  });
  afterAll(() => t.close());

  const items = (code: string, lang?: string, query?: Record<string, string>) =>
    t.call({ method: 'GET', url: `/api/sys/dict/getDictItems/${code}`, token, lang, query });

  describe('getDictItems', () => {
    it('answers OrderStatus in zh-TW by default, in the spec order', async () => {
      const response = await items('OrderStatus');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ success: true, code: 200 });
      expect(typeof body.timestamp).toBe('number');
      const list = body.result as Option[];
      expect(list.map((o) => o.value)).toEqual(ORDER_STATUSES);
      expect(list[0]).toEqual({ value: 'CREATED', text: '已建立', label: '已建立', title: '已建立', color: 'blue' });
      expect(list.find((o) => o.value === 'LOST')?.text).toBe('已遺失');
    });

    it('answers zh-CN and en-US texts for the same values', async () => {
      const cn = (await items('OrderStatus', 'zh-CN')).json().result as Option[];
      expect(cn.map((o) => o.value)).toEqual(ORDER_STATUSES);
      expect(cn.find((o) => o.value === 'LOST')).toMatchObject({ text: '已丢失', label: '已丢失', title: '已丢失' });
      expect(cn.find((o) => o.value === 'WAIT_COLLECT')?.text).toBe('待揽收');

      const en = (await items('OrderStatus', 'en-US')).json().result as Option[];
      expect(en.map((o) => o.value)).toEqual(ORDER_STATUSES);
      expect(en.find((o) => o.value === 'DONE')).toMatchObject({ text: 'Completed', label: 'Completed', title: 'Completed' });
    });

    it('answers ServiceType BASE, FULL_LINK, HALF_LINK in each language', async () => {
      const tw = (await items('ServiceType')).json().result as Option[];
      expect(tw.map((o) => [o.value, o.text])).toEqual([
        ['BASE', '基礎服務'],
        ['FULL_LINK', '全鏈路'],
        ['HALF_LINK', '半鏈路'],
      ]);
      const cn = (await items('ServiceType', 'zh-CN')).json().result as Option[];
      expect(cn.map((o) => [o.value, o.text])).toEqual([
        ['BASE', '基础服务'],
        ['FULL_LINK', '全链路'],
        ['HALF_LINK', '半链路'],
      ]);
      const en = (await items('ServiceType', 'en-US')).json().result as Option[];
      expect(en.map((o) => [o.value, o.text])).toEqual([
        ['BASE', 'Basic'],
        ['FULL_LINK', 'Full link'],
        ['HALF_LINK', 'Half link'],
      ]);
    });

    it('picks the language by Accept-Language q-values', async () => {
      const list = (await items('ServiceType', 'fr;q=1, en-US;q=0.9, zh-CN;q=0.5')).json().result as Option[];
      expect(list[0]?.text).toBe('Basic');
    });

    it('answers an unknown code with a translated 404', async () => {
      const response = await items('NoSuchDictionary', 'en-US');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 404, message: 'Dictionary NoSuchDictionary does not exist', result: null });
      const cn = await items('NoSuchDictionary', 'zh-CN');
      expect(cn.statusCode).toBe(404);
      expect(cn.json().message).toBe('字典 NoSuchDictionary 不存在');
    });

    it('does not match codes case-insensitively', async () => {
      expect((await items('orderstatus')).statusCode).toBe(404);
    });

    it.each([
      ['a table dictionary', 'sys_user,username,id'],
      ['a quoted SQL condition', "OrderStatus' or '1'='1"],
      ['a blank inside', 'a b'],
      ['an encoded quote', '%27'],
      ['a semicolon', 'OrderStatus;drop table sys_dict'],
      ['a comment', 'OrderStatus--'],
      ['a 65-character code', `A${'b'.repeat(64)}`],
    ])('refuses %s with 400 and changes nothing', async (_, code) => {
      const before = await fingerprint(t.db);
      const response = await items(encodeURIComponent(code), 'en-US');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 400,
        message: 'Invalid dictionary code: letters, digits and underscores only',
      });
      expect(await fingerprint(t.db)).toBe(before);
    });

    it('refuses a raw quote in the path and a double-encoded one with 400', async () => {
      for (const url of ["/api/sys/dict/getDictItems/OrderStatus'", '/api/sys/dict/getDictItems/%2527']) {
        const response = await t.call({ method: 'GET', url, token });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().success).toBe(false);
      }
    });

    it('refuses a 300-character code with 400, not 404 or 500', async () => {
      const before = await fingerprint(t.db);
      const response = await items('a'.repeat(300), 'en-US');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 400, result: null });
      expect(typeof response.json().message).toBe('string');
      expect(await fingerprint(t.db)).toBe(before);
    });

    it('refuses a malformed percent-encoding with 400 in the envelope', async () => {
      const response = await t.call({ method: 'GET', url: '/api/sys/dict/getDictItems/%E0%A4%A', token, lang: 'en-US' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 400, result: null });
    });

    it('answers an empty code with exactly the spec message', async () => {
      for (const url of ['/api/sys/dict/getDictItems/', '/api/sys/dict/getDictItems', '/api/sys/dict/getDictItems/%20']) {
        const response = await t.call({ method: 'GET', url, token, lang: 'zh-CN' });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ success: false, code: 400, message: '字典Code不能为空!', result: null });
      }
      const tw = await t.call({ method: 'GET', url: '/api/sys/dict/getDictItems/', token });
      expect(tw.json().message).toBe('字典Code不能為空!');
    });

    it('needs a token', async () => {
      for (const url of ['/api/sys/dict/getDictItems/OrderStatus', '/api/sys/dict/getDictItems/', '/api/sys/dict/queryAllDictItems', '/api/sys/dict/refleshCache']) {
        const response = await t.call({ method: 'GET', url, lang: 'zh-CN' });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().success).toBe(false);
        expect(response.json().message).toContain('Token失效');
      }
      const bad = await t.call({ method: 'GET', url: '/api/sys/dict/getDictItems/OrderStatus', token: 'x'.repeat(43) });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().message).toContain('Token失效');
    });

    it('accepts the _t cache-buster and refuses any other query parameter', async () => {
      const withT = await items('ServiceType', undefined, { _t: '1700000000' });
      expect(withT.statusCode).toBe(200);
      expect((withT.json().result as Option[]).map((o) => o.value)).toEqual(['BASE', 'FULL_LINK', 'HALF_LINK']);

      const extra = await items('ServiceType', 'en-US', { dictTable: 'sys_user' });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toMatchObject({ success: false, code: 400, message: 'Unknown field: dictTable' });
    });
  });

  describe('queryAllDictItems', () => {
    it('holds exactly the fifteen dictionaries, every item complete', async () => {
      const response = await t.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', token, query: { _t: '1700000000' } });
      expect(response.statusCode).toBe(200);
      const all = response.json().result as Record<string, Option[]>;
      expect(Object.keys(all).sort()).toEqual([...ALL_CODES].sort());
      for (const [code, list] of Object.entries(all)) {
        expect(list.length, code).toBeGreaterThan(0);
        for (const option of list) {
          expect(typeof option.value, code).toBe('string');
          expect(option.text, `${code}.${option.value}`).toMatch(/\S/);
          expect(option.label).toBe(option.text);
          expect(option.title).toBe(option.text);
        }
      }
      expect(all.OrderStatus!.map((o) => o.value)).toEqual(ORDER_STATUSES);
      expect(all.LOGOrderStateEnum!.map((o) => o.value)).toEqual(ORDER_STATUSES);
      expect(all.ServiceType!.map((o) => o.value)).toEqual(['BASE', 'FULL_LINK', 'HALF_LINK']);
      expect(all.COLOrderStatusEnum!.map((o) => o.value)).toEqual(['WAIT_PREPARE_GOODS', 'WAIT_TAKE_GOODS', 'WAIT_CONFIRM_TAKE', 'FINISH_TAKE_GOODS']);
      expect(all.Currency!.map((o) => o.value)).toContain('CNY');
      // the shared constants and their dictionaries name the same values
      expect(all.LogisticsWarehouse!.map((o) => o.value)).toEqual([...WAREHOUSE_CODES]);
      expect(all.ParcelStatus!.map((o) => o.value)).toEqual([...PARCEL_STATUSES]);
      expect(all.CollectionExceptionType!.map((o) => o.value)).toEqual([...EXCEPTION_TYPES]);
      expect(all.ExceptionResolution!.map((o) => o.value)).toEqual([...EXCEPTION_RESOLUTIONS]);
      expect(all.CountryType!.map((o) => o.value)).toEqual([...COUNTRY_CODES]);
      expect(all.Currency!.map((o) => o.value).sort()).toEqual([...CURRENCY_CODES].sort());
    });

    it('renders in the caller language', async () => {
      const en = (await t.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', token, lang: 'en-US' })).json().result as Record<string, Option[]>;
      expect(en.ServiceType!.map((o) => o.text)).toEqual(['Basic', 'Full link', 'Half link']);
      const cn = (await t.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', token, lang: 'zh-CN' })).json().result as Record<string, Option[]>;
      expect(cn.CountryType!.find((o) => o.value === 'AU')?.text).toBe('澳大利亚');
    });

    it('refuses an unknown query parameter', async () => {
      const response = await t.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', token, query: { code: 'x' } });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('refleshCache', () => {
    it('serves the cached text until the cache is refreshed', async () => {
      const [row] = await t.db
        .select({ id: dictItems.id, text: dictItems.itemText })
        .from(dictItems)
        .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
        .where(and(eq(dicts.dictCode, 'ServiceType'), eq(dictItems.itemValue, 'BASE')));
      expect(row).toBeDefined();
      const original = row!.text;
      const textOf = async (lang?: string) => ((await items('ServiceType', lang)).json().result as Option[]).find((o) => o.value === 'BASE')?.text;

      expect(await textOf('zh-CN')).toBe('基础服务');
      try {
        await t.db
          .update(dictItems)
          .set({ itemText: { 'zh-TW': '基本方案', 'zh-CN': '基本方案', 'en-US': 'Essential' } })
          .where(eq(dictItems.id, row!.id));

        // the in-memory copy still answers, in every language
        expect(await textOf('zh-CN')).toBe('基础服务');
        expect(await textOf('en-US')).toBe('Basic');

        // a merchant's "clear cache" answers alike but reloads nothing: every change through the API reloads already
        const asked = await t.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token, lang: 'zh-CN' });
        expect(asked.json()).toMatchObject({ success: true, code: 200, message: '刷新缓存完成！', result: null });
        expect(await textOf('zh-CN')).toBe('基础服务');

        const refresh = await t.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token: adminToken, lang: 'zh-CN', query: { _t: '1700000000' } });
        expect(refresh.statusCode).toBe(200);
        expect(refresh.json()).toMatchObject({ success: true, code: 200, message: '刷新缓存完成！', result: null });

        expect(await textOf('zh-CN')).toBe('基本方案');
        expect(await textOf('en-US')).toBe('Essential');
        const all = (await t.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', token })).json().result as Record<string, Option[]>;
        expect(all.ServiceType!.find((o) => o.value === 'BASE')?.text).toBe('基本方案');
      } finally {
        await t.db.update(dictItems).set({ itemText: original }).where(eq(dictItems.id, row!.id));
        await t.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token: adminToken });
      }
      expect(await textOf()).toBe('基礎服務');
    });

    it('drops disabled items and shows new ones after a refresh', async () => {
      const [dict] = await t.db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'ServiceType'));
      await t.db.update(dictItems).set({ status: 0 }).where(and(eq(dictItems.dictId, dict!.id), eq(dictItems.itemValue, 'HALF_LINK')));
      await t.db.insert(dictItems).values({ dictId: dict!.id, itemValue: 'EXPRESS', itemText: { 'zh-TW': '快遞', 'zh-CN': '快递', 'en-US': 'Express' }, sortOrder: 99 });
      try {
        await t.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token: adminToken });
        const list = (await items('ServiceType', 'en-US')).json().result as Option[];
        expect(list.map((o) => [o.value, o.text])).toEqual([
          ['BASE', 'Basic'],
          ['FULL_LINK', 'Full link'],
          ['EXPRESS', 'Express'],
        ]);
      } finally {
        await t.db.delete(dictItems).where(and(eq(dictItems.dictId, dict!.id), eq(dictItems.itemValue, 'EXPRESS')));
        await t.db.update(dictItems).set({ status: 1 }).where(and(eq(dictItems.dictId, dict!.id), eq(dictItems.itemValue, 'HALF_LINK')));
        await t.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token: adminToken });
      }
      expect(((await items('ServiceType')).json().result as Option[]).map((o) => o.value)).toEqual(['BASE', 'FULL_LINK', 'HALF_LINK']);
    });

    it('answers the refresh message in each language', async () => {
      const tw = await t.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token });
      expect(tw.json().message).toBe('刷新快取完成！');
      const en = await t.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token, lang: 'en-US' });
      expect(en.json().message).toBe('Cache refreshed!');
      const extra = await t.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token, query: { all: '1' } });
      expect(extra.statusCode).toBe(400);
    });
  });

  it('keeps the database unchanged over reads', async () => {
    const before = await fingerprint(t.db);
    await items('OrderStatus');
    await t.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', token });
    expect(await fingerprint(t.db)).toBe(before);
    // the helper really sees a change
    await t.db.execute(sql`update sys_dict set description = description || '!' where dict_code = 'Currency'`);
    expect(await fingerprint(t.db)).not.toBe(before);
    await t.db.execute(sql`update sys_dict set description = left(description, length(description) - 1) where dict_code = 'Currency'`);
    expect(await fingerprint(t.db)).toBe(before);
  });
});
