import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ProductDetailRecord, ProductSummaryRecord } from '@portal/shared/product-schemas';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { permissions, rolePermissions, roles, users } from '../../../src/db/schema/sys.ts';
import { demoProducts } from '../../../src/modules/purchase/platform/demo-catalogue.ts';
import { PlatformError, type PlatformErrorKind, type PurchasePlatformClient } from '../../../src/modules/purchase/platform/types.ts';

type SearchPage = { records: ProductSummaryRecord[]; total: number; current: number; size: number; pages: number; demo: boolean };
type Resolved = { resolved: { platform: string; itemId: string; skuId?: string }; demo: boolean };

const P = '/api/purchase/product';

/** A platform client whose every call fails as the platform would: the error path of the routes. */
const failing = (kind: PlatformErrorKind): PurchasePlatformClient => {
  const fail = () => Promise.reject(new PlatformError(kind, `platform says ${kind}`, 'isv.some-code'));
  return { platform: 'TAOBAO', demo: false, search: fail, product: fail, placeOrder: fail, findOrder: fail };
};

describe(`product search and the product page (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { merchant: '', staff: '', merchant2: '', admin: '', purchaser: '' };
  const call = (who: keyof typeof tokens | null, url: string, query: Record<string, string> = {}, lang = 'en-US'): Promise<LightMyRequestResponse> =>
    t.call({ method: 'GET', url, query, lang, ...(who ? { token: tokens[who] } : {}) });
  const search = async (query: Record<string, string>, who: keyof typeof tokens = 'merchant') => ok<SearchPage>(await call(who, `${P}/search`, query));

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it('searches the demo catalogue by keyword, paged, with CNY decimal prices and the demo mark', async () => {
    const all = await search({ platform: 'TAOBAO' });
    expect(all).toMatchObject({ total: 300, current: 1, size: 20, pages: 15, demo: true });
    expect(all.records).toHaveLength(20);
    const first = all.records[0]!;
    expect(first).toMatchObject({ platform: 'TAOBAO', currency: 'CNY', imageUrl: `${P}/demo-image/TAOBAO/${first.itemId}.svg` });
    expect(first.price).toMatch(/^\d+(\.\d{1,2})?$/);
    const expected = demoProducts('TAOBAO').filter((p) => p.title.toLowerCase().includes('t-shirt'));
    const shirts = await search({ platform: 'TAOBAO', keyword: 'T-shirt', pageSize: '50' });
    expect(shirts.total).toBe(expected.length);
    expect(shirts.records.every((r) => r.title.toLowerCase().includes('t-shirt'))).toBe(true);
    // the second page continues the first, and the last page holds the rest
    const page2 = await search({ platform: '1688', pageNo: '2', pageSize: '7' });
    const page1 = await search({ platform: '1688', pageNo: '1', pageSize: '7' });
    expect(page2.records.map((r) => r.itemId)).not.toContain(page1.records[0]!.itemId);
    expect(page2.records.every((r) => r.platform === '1688')).toBe(true);
    const last = await search({ platform: '1688', pageNo: '43', pageSize: '7' });
    expect(last.records).toHaveLength(300 - 42 * 7);
    expect((await search({ platform: 'TAOBAO', keyword: 'no such thing anywhere' })).total).toBe(0);
  });

  it('finds the Simplified titles of Taobao and 1688 from a keyword typed in Traditional Chinese', async () => {
    const simplified = await search({ platform: 'TAOBAO', keyword: '运动鞋', pageSize: '50' });
    expect(simplified.total).toBeGreaterThan(0);
    const traditional = await search({ platform: 'TAOBAO', keyword: '運動鞋', pageSize: '50' });
    expect(traditional.records.map((r) => r.itemId)).toEqual(simplified.records.map((r) => r.itemId));
    expect((await search({ platform: '1688', keyword: '瑜伽墊' })).total).toBe((await search({ platform: '1688', keyword: '瑜伽垫' })).total);
  });

  it('sorts by price and by sales', async () => {
    const prices = (page: SearchPage) => page.records.map((r) => Number(r.price) * 100);
    const ascending = prices(await search({ platform: 'TAOBAO', sort: 'price_asc', pageSize: '50' }));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = prices(await search({ platform: 'TAOBAO', sort: 'price_desc', pageSize: '50' }));
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThan(ascending[0]!);
    const sales = (await search({ platform: '1688', sort: 'sales_desc', pageSize: '50' })).records.map((r) => r.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    refused(await call('merchant', `${P}/search`, { platform: 'TAOBAO', sort: 'price; drop table x' }), 400);
  });

  it('answers a pasted link or share text with the item to open, whatever platform is chosen', async () => {
    const resolved = ok<Resolved>(await call('merchant', `${P}/search`, { platform: 'TAOBAO', keyword: '【1688】保温杯 https://detail.1688.com/offer/710000104729.html 复制打开' }));
    expect(resolved).toEqual({ resolved: { platform: '1688', itemId: '710000104729' }, demo: true });
    const tmall = ok<Resolved>(await call('merchant', `${P}/search`, { platform: '1688', keyword: 'https://detail.tmall.com/item.htm?id=680000000000&skuId=68000000001' }));
    expect(tmall.resolved).toEqual({ platform: 'TAOBAO', itemId: '680000000000', skuId: '68000000001' });
    // a look-alike host is a keyword like any other
    expect((await search({ platform: 'TAOBAO', keyword: 'https://item.taobao.com.evil.example/item.htm?id=680000000000' })).total).toBe(0);
  });

  it('explains in three languages that a share code needs the platform, which the demo cannot ask', async () => {
    expect(refused(await call('merchant', `${P}/search`, { platform: 'TAOBAO', keyword: '￥AbCd1234￥' }), 400)).toContain('demo catalogue');
    expect(refused(await call('merchant', `${P}/search`, { platform: 'TAOBAO', keyword: 'https://m.tb.cn/h.gQ7n3Zc' }, 'zh-TW'), 400)).toContain('示範商品庫');
    expect(refused(await call('merchant', `${P}/search`, { platform: '1688', keyword: '(7Wsq2hJQ5Ys) 打开淘宝' }, 'zh-CN'), 400)).toContain('淘宝平台解析');
  });

  it('shows a product with its SKUs, express fee and minimum quantity; an unknown item is 404 in the caller language', async () => {
    const known = demoProducts('1688')[3]!;
    const detail = ok<ProductDetailRecord>(await call('merchant', `${P}/detail`, { platform: '1688', itemId: known.itemId }));
    expect(detail).toMatchObject({ platform: '1688', itemId: known.itemId, title: known.title, storeName: known.storeName, minQuantity: known.minQuantity, demo: true, currency: 'CNY' });
    expect(detail.skus).toHaveLength(known.skus.length);
    expect(detail.skus[0]).toEqual({
      skuId: known.skus[0]!.skuId,
      properties: known.skus[0]!.properties,
      price: `${known.skus[0]!.price / 100n}.${String(known.skus[0]!.price % 100n).padStart(2, '0')}`,
      stock: known.skus[0]!.stock,
      imageUrl: known.skus[0]!.imageUrl,
    });
    expect(detail.expressFee).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(refused(await call('merchant', `${P}/detail`, { platform: 'TAOBAO', itemId: '99999999999' }), 404)).toBe('Product not found: Taobao item 99999999999 does not exist or is off the shelf');
    expect(refused(await call('merchant', `${P}/detail`, { platform: 'TAOBAO', itemId: '99999999999' }, 'zh-TW'), 404)).toContain('淘寶 商品 99999999999');
    // an item of one platform is not one of the other
    refused(await call('merchant', `${P}/detail`, { platform: 'TAOBAO', itemId: known.itemId }), 404);
    expect(refused(await call('merchant', `${P}/detail`, { platform: 'TAOBAO', itemId: '12ab' }), 400)).toContain('Item ID');
    refused(await call('merchant', `${P}/detail`, { platform: 'AMAZON', itemId: known.itemId }), 400);
  });

  it('draws the demo pictures without a session, as a locked-down SVG, cacheable; unknown items are 404', async () => {
    const known = demoProducts('TAOBAO')[0]!;
    const image = await call(null, `${P}/demo-image/TAOBAO/${known.itemId}.svg`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(image.headers['cache-control']).toContain('max-age=86400');
    expect(image.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(image.body).not.toMatch(/<script|href=|on\w+=/i);
    // deterministic: the same item, the same picture; another item, another colour
    expect((await call(null, `${P}/demo-image/TAOBAO/${known.itemId}.svg`)).body).toBe(image.body);
    expect((await call(null, `${P}/demo-image/TAOBAO/${demoProducts('TAOBAO')[1]!.itemId}.svg`)).body).not.toBe(image.body);
    refused(await call(null, `${P}/demo-image/TAOBAO/99999999999.svg`), 404);
    refused(await call(null, `${P}/demo-image/TAOBAO/${known.itemId}.png`), 404);
    refused(await call(null, `${P}/demo-image/1688/${known.itemId}.svg`), 404);
    refused(await call(null, `${P}/demo-image/EVIL/${known.itemId}.svg`), 400);
  });

  it('turns platform failures into translated 429/502/503 answers, never a 500; a live client has no demo pictures', async () => {
    const platforms = t.app.purchasePlatforms;
    const original = platforms.get;
    const cases: [PlatformErrorKind, number, string][] = [
      ['throttled', 429, 'Taobao is receiving too many requests'],
      ['unauthorized', 502, 'token configuration'],
      ['unavailable', 503, 'Taobao cannot be reached'],
      ['timeout', 503, 'did not answer in time'],
      ['refused', 502, 'isv.some-code'],
    ];
    try {
      for (const [kind, status, text] of cases) {
        platforms.get = () => failing(kind);
        expect(refused(await call('merchant', `${P}/search`, { platform: 'TAOBAO', keyword: 'cup' }), status)).toContain(text);
        expect(refused(await call('merchant', `${P}/detail`, { platform: 'TAOBAO', itemId: '680000000000' }), status)).toContain(text);
      }
      platforms.get = () => failing('throttled');
      expect(refused(await call('merchant', `${P}/search`, { platform: 'TAOBAO', keyword: '￥AbCd1234￥' }, 'zh-TW'), 400)).toContain('目前的平台連線不支援解析');
      refused(await call(null, `${P}/demo-image/TAOBAO/680000000000.svg`), 404);
    } finally {
      platforms.get = original;
    }
  });

  it('is for merchants: anonymous 401, platform users 403 with the reason, a role without the code 403; merchant2 reads the same public catalogue', async () => {
    refused(await call(null, `${P}/search`, { platform: 'TAOBAO' }), 401);
    for (const who of ['admin', 'purchaser'] as const) {
      expect(refused(await call(who, `${P}/search`, { platform: 'TAOBAO' }), 403)).toContain('merchant function');
      refused(await call(who, `${P}/detail`, { platform: 'TAOBAO', itemId: '680000000000' }), 403);
    }
    // the catalogue is the platform's, not a tenant's: merchant2 finds the same products
    expect((await search({ platform: 'TAOBAO' }, 'merchant2')).records).toEqual((await search({ platform: 'TAOBAO' })).records);
    // staff hold both codes; without product:search:detail the page is refused and the search is not
    ok(await call('staff', `${P}/detail`, { platform: 'TAOBAO', itemId: '680000000000' }));
    const staffRole = (await t.db.select().from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff'))))[0]!.id;
    const detailCode = (await t.db.select().from(permissions).where(eq(permissions.perms, 'product:search:detail')))[0]!.id;
    const staffId = (await t.db.select().from(users).where(eq(users.username, 'staff')))[0]!.id;
    const removed = await t.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, staffRole), eq(rolePermissions.permissionId, detailCode))).returning();
    expect(removed).toHaveLength(1);
    await t.app.accessService.publish({ kind: 'user', userId: staffId });
    try {
      refused(await call('staff', `${P}/detail`, { platform: 'TAOBAO', itemId: '680000000000' }), 403);
      ok(await call('staff', `${P}/search`, { platform: 'TAOBAO' }));
    } finally {
      await t.db.insert(rolePermissions).values(removed);
      await t.app.accessService.publish({ kind: 'user', userId: staffId });
    }
  });
});
