import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { createAlibaba1688Client } from '../../../src/modules/purchase/platform/alibaba-1688.ts';
import { aopSignature, iopSignature } from '../../../src/modules/purchase/platform/http-signing.ts';
import { authorizeUrl, exchangeCode, refreshGrant } from '../../../src/modules/purchase/platform/oauth.ts';
import { createTaobaoGlobalClient } from '../../../src/modules/purchase/platform/taobao-global.ts';
import { PlatformError, type PurchasePlatformClient } from '../../../src/modules/purchase/platform/types.ts';
import { startPlatformStandIn, type PlatformStandIn } from '../../helpers/platform-stand-in.ts';

/*
 * The HTTP clients of Taobao's global open platform and 1688 against the stand-in (a real HTTP server that
 * checks signatures and tokens as the platforms document them): shapes, signatures and every failure kind.
 */

let standIn: PlatformStandIn;
const tokens: Record<PurchasePlatform, string> = { TAOBAO: '', '1688': '' };
const address = { name: '倉庫收貨', phone: '13800000000', province: '廣東省', city: '深圳市', district: '寶安區', street: '福永街道 1 號', postcode: '518000' };

const clientOf = (platform: PurchasePlatform, overrides: { secret?: string; timeoutMs?: number; maxRetryWaitSeconds?: number } = {}): PurchasePlatformClient => {
  const app = standIn.apps[platform];
  const options = {
    baseUrl: platform === 'TAOBAO' ? standIn.taobaoUrl : standIn.alibabaUrl,
    credentials: async () => ({ appKey: app.appKey, appSecret: overrides.secret ?? app.appSecret, accessToken: tokens[platform] }),
    timeoutMs: overrides.timeoutMs ?? 5000,
    maxRetryWaitSeconds: overrides.maxRetryWaitSeconds ?? 1,
  };
  return platform === 'TAOBAO' ? createTaobaoGlobalClient(options) : createAlibaba1688Client(options);
};

async function failure(work: Promise<unknown>): Promise<PlatformError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof PlatformError)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  standIn = await startPlatformStandIn();
});
afterAll(async () => {
  await standIn.close();
});

describe('signatures as documented', () => {
  it('IOP: HMAC-SHA256 of the API path and the sorted key+value pairs, uppercase hex, without sign itself', () => {
    // the documented example's shape: /product/item/get with app_key, sign_method, timestamp
    const params = { timestamp: '1666866769006', app_key: '113262', sign_method: 'sha256', itemId: '157432005' };
    const expected = iopSignature('secret', '/product/item/get', params);
    expect(expected).toMatch(/^[0-9A-F]{64}$/);
    // the order of the keys does not matter, the signature parameter is left out
    expect(iopSignature('secret', '/product/item/get', { itemId: '157432005', sign_method: 'sha256', app_key: '113262', timestamp: '1666866769006', sign: 'X' })).toBe(expected);
    // the path is part of it
    expect(iopSignature('secret', '/product/get', params)).not.toBe(expected);
  });

  it('AOP: HMAC-SHA1 of the URL path and the sorted key+value pairs, uppercase hex', () => {
    const path = 'param2/1/com.alibaba.trade/alibaba.trade.get.buyerView/8123456';
    const signature = aopSignature('secret', path, { webSite: '1688', orderId: '1', access_token: 't' });
    expect(signature).toMatch(/^[0-9A-F]{40}$/);
    expect(aopSignature('secret', path, { access_token: 't', orderId: '1', webSite: '1688', _aop_signature: 'X' })).toBe(signature);
  });

  it('a wrong secret is refused by both platforms as unauthorised, never as a success', async () => {
    for (const platform of ['TAOBAO', '1688'] as const) {
      tokens[platform] = standIn.grant(platform).accessToken;
      const error = await failure(clientOf(platform, { secret: 'not-the-secret' }).search({ keyword: '', page: 1, pageSize: 10 }));
      expect(error.kind).toBe('unauthorized');
      expect(error.message).not.toContain('not-the-secret');
    }
  });
});

describe('Taobao global: answers read in their shapes', () => {
  beforeAll(() => {
    tokens.TAOBAO = standIn.grant('TAOBAO').accessToken;
  });

  it('searches, reads an item with its SKUs, places and finds an order by our purchase number', async () => {
    const client = clientOf('TAOBAO');
    const page = await client.search({ keyword: '保溫杯', page: 1, pageSize: 10 });
    expect(page.records).toEqual([expect.objectContaining({ platform: 'TAOBAO', itemId: '6002', title: '保溫杯 500ml', price: 5900n, storeName: '杯子小舖' })]);

    const item = await client.product('6001');
    expect(item).toMatchObject({ itemId: '6001', sellerId: '7001', price: 3900n, minQuantity: 1 });
    expect(item?.skus).toEqual([
      expect.objectContaining({ skuId: '600101', price: 3900n, stock: 12, properties: [{ name: '顏色', value: '白' }, { name: '尺碼', value: 'M' }] }),
      expect.objectContaining({ skuId: '600102', price: 4200n, stock: 0 }),
    ]);
    expect(await client.product('404404')).toBeNull();

    const placed = await client.placeOrder({ purchaseNo: 'PO-T-1', sellerId: '7001', lines: [{ itemId: '6001', skuId: '600101', quantity: 2, unitPrice: 3900n }], address });
    expect(placed).toMatchObject({ externalPurchaseNo: 'PO-T-1', state: 'WAIT_CONFIRM', actualPaymentAmount: null });
    const sent = standIn.calls.filter((call) => call.path === '/purchase/order/create').at(-1);
    expect(sent?.params).toMatchObject({ outer_purchase_id: 'PO-T-1', purchase_amount: '7800', sign_method: 'sha256' });
    expect(JSON.parse(sent?.params.order_line_list ?? '[]')).toEqual([{ itemId: '6001', skuId: '600101', quantity: 2, price: '3900', currency: 'CNY' }]);

    expect(await client.findOrder('PO-T-1')).toMatchObject({ platformOrderId: placed.platformOrderId, state: 'WAIT_CONFIRM' });
    standIn.confirm('PO-T-1', 7480, 500, 'ZT1234567890');
    expect(await client.findOrder('PO-T-1')).toEqual({ externalPurchaseNo: 'PO-T-1', platformOrderId: placed.platformOrderId, state: 'CONFIRMED', actualPaymentAmount: 7480n, domesticExpressFee: 500n, expressCompany: '中通快遞', expressNo: 'ZT1234567890' });
    expect(await client.findOrder('PO-T-unknown')).toBeNull();
  });

  it('every call carries app_key, a millisecond timestamp, sign_method=sha256 and the access token', () => {
    const call = standIn.calls.filter((entry) => entry.platform === 'TAOBAO' && entry.path === '/traffic/item/search').at(-1);
    expect(call?.params).toMatchObject({ app_key: standIn.apps.TAOBAO.appKey, sign_method: 'sha256', access_token: tokens.TAOBAO });
    expect(call?.params.timestamp).toMatch(/^\d{13}$/);
    expect(call?.params.sign).toMatch(/^[0-9A-F]{64}$/);
  });
});

describe('1688: answers read in their shapes', () => {
  beforeAll(() => {
    tokens['1688'] = standIn.grant('1688').accessToken;
  });

  it('searches, reads an offer with its SKUs, places and finds an order by our purchase number', async () => {
    const client = clientOf('1688');
    const page = await client.search({ keyword: '帆布袋', page: 1, pageSize: 20 });
    expect(page).toEqual({ total: 1, records: [expect.objectContaining({ platform: '1688', itemId: '8001', price: 350n, sales: 321, sellerId: 'BBBseller1', storeName: '義烏帆布廠' })] });

    const offer = await client.product('8001');
    expect(offer).toMatchObject({ itemId: '8001', minQuantity: 2, price: 350n });
    expect(offer?.skus.map((sku) => [sku.skuId, sku.price, sku.stock, sku.properties])).toEqual([
      ['a1b2c3', 350n, 500, [{ name: '顏色', value: '米白' }]],
      ['d4e5f6', 380n, 80, [{ name: '顏色', value: '黑' }]],
    ]);
    expect(await client.product('9999')).toBeNull();

    const placed = await client.placeOrder({ purchaseNo: 'PO-A-1', sellerId: 'BBBseller1', lines: [{ itemId: '8001', skuId: 'a1b2c3', quantity: 10, unitPrice: 350n }], address });
    expect(placed).toMatchObject({ externalPurchaseNo: 'PO-A-1', state: 'WAIT_CONFIRM' });
    const sent = standIn.calls.filter((call) => call.path.includes('alibaba.trade.createCrossOrder')).at(-1);
    expect(sent?.path).toBe(`param2/1/com.alibaba.trade/alibaba.trade.createCrossOrder/${standIn.apps['1688'].appKey}`);
    expect(JSON.parse(sent?.params.cargoParamList ?? '[]')).toEqual([{ offerId: 8001, specId: 'a1b2c3', quantity: 10 }]);
    expect(sent?.params._aop_signature).toMatch(/^[0-9A-F]{40}$/);

    standIn.confirm('PO-A-1', 3320, 800, 'YD998877');
    expect(await client.findOrder('PO-A-1')).toMatchObject({ state: 'CONFIRMED', actualPaymentAmount: 3320n, domesticExpressFee: 800n, expressNo: 'YD998877' });
    expect(await client.findOrder('PO-A-unknown')).toBeNull();
  });
});

describe('every failure is a PlatformError of its kind', () => {
  beforeAll(() => {
    tokens.TAOBAO = standIn.grant('TAOBAO').accessToken;
    tokens['1688'] = standIn.grant('1688').accessToken;
  });

  for (const platform of ['TAOBAO', '1688'] as const) {
    const search = (client: PurchasePlatformClient) => client.search({ keyword: '', page: 1, pageSize: 10 });

    it(`${platform}: a throttle with a short hint is waited out and tried again once`, async () => {
      const before = standIn.calls.length;
      standIn.next(platform, { kind: 'throttle', hintSeconds: 1 }, 1);
      await expect(search(clientOf(platform))).resolves.toMatchObject({ records: expect.any(Array) });
      expect(standIn.calls.length - before).toBe(2);
    });

    it(`${platform}: a throttle with a long hint is "throttled" with the platform's hint`, async () => {
      standIn.next(platform, { kind: 'throttle', hintSeconds: 30 }, 1);
      const error = await failure(search(clientOf(platform)));
      expect(error).toMatchObject({ kind: 'throttled', retryAfterSeconds: 30 });
      expect(error.platformCode).toBe(platform === 'TAOBAO' ? 'ApiCallLimit' : 'gw.QpsOverLimit');
    });

    it(`${platform}: an expired access token is "unauthorized"`, async () => {
      standIn.expireTokens(platform);
      const error = await failure(search(clientOf(platform)));
      expect(error.kind).toBe('unauthorized');
      expect(error.platformCode).toBe(platform === 'TAOBAO' ? 'IllegalAccessToken' : 'gw.AccessTokenInvalid');
      expect(error.message).not.toContain(tokens[platform]);
      tokens[platform] = standIn.grant(platform).accessToken;
    });

    it(`${platform}: an unsupported API is "refused", a platform failure "unavailable"`, async () => {
      standIn.next(platform, { kind: 'unsupported' }, 1);
      expect((await failure(search(clientOf(platform)))).kind).toBe('refused');
      standIn.next(platform, { kind: 'fail' }, 1);
      expect((await failure(search(clientOf(platform)))).kind).toBe('unavailable');
    });

    it(`${platform}: a platform that does not answer is a "timeout" (outcome unknown), not a refusal`, async () => {
      standIn.next(platform, { kind: 'hang' }, 1);
      const error = await failure(clientOf(platform, { timeoutMs: 300 }).placeOrder({ purchaseNo: `PO-HANG-${platform}`, sellerId: 's', lines: [{ itemId: platform === 'TAOBAO' ? '6001' : '8001', skuId: 'x', quantity: 1, unitPrice: 100n }], address }));
      expect(error.kind).toBe('timeout');
    });

    it(`${platform}: a gateway nobody listens at is "unavailable"`, async () => {
      const app = standIn.apps[platform];
      const options = { baseUrl: 'http://127.0.0.1:9', credentials: async () => ({ ...app, accessToken: 't' }), timeoutMs: 2000 };
      const client = platform === 'TAOBAO' ? createTaobaoGlobalClient(options) : createAlibaba1688Client(options);
      expect((await failure(search(client))).kind).toBe('unavailable');
    });
  }

  it('Taobao: a refused business answer (a missing parameter) is "refused"', async () => {
    const error = await failure(clientOf('TAOBAO').placeOrder({ purchaseNo: '', sellerId: 's', lines: [], address }));
    expect(error).toMatchObject({ kind: 'refused', platformCode: 'MissingParameter' });
  });

  it('1688: a refused business answer (no goods) is "refused"', async () => {
    const error = await failure(clientOf('1688').placeOrder({ purchaseNo: 'PO-A-EMPTY', sellerId: 's', lines: [], address }));
    expect(error).toMatchObject({ kind: 'refused', platformCode: 'PARAM_ERROR' });
  });
});

describe('OAuth: authorise, exchange the code, refresh', () => {
  const urls = () => ({ TAOBAO: standIn.taobaoUrl, '1688': standIn.alibabaUrl });

  for (const platform of ['TAOBAO', '1688'] as const) {
    it(`${platform}: the authorize page sends the code and the state back; the code buys tokens once; the refresh token renews`, async () => {
      const app = { ...standIn.apps[platform], redirectUri: 'https://portal.example/api/purchase/token/callback' };
      const url = authorizeUrl(platform, urls(), { appKey: app.appKey, redirectUri: app.redirectUri, state: 'the-state' }, standIn.alibabaAuthorizeUrl);
      const response = await fetch(url, { redirect: 'manual' });
      const back = new URL(response.headers.get('location') ?? '');
      expect(back.origin + back.pathname).toBe(app.redirectUri);
      expect(back.searchParams.get('state')).toBe('the-state');
      const code = back.searchParams.get('code') ?? '';

      const grant = await exchangeCode(platform, urls(), app, code);
      expect(grant.accessToken).toMatch(/^[0-9a-f]{32}$/);
      expect(grant.refreshToken).toMatch(/^[0-9a-f]{32}$/);
      expect(grant.accessExpiresAt.getTime()).toBeGreaterThan(Date.now());
      expect(grant.refreshExpiresAt?.getTime()).toBeGreaterThan(grant.accessExpiresAt.getTime());
      expect(grant.accountName).not.toBe('');
      // a code is single use
      expect((await failure(exchangeCode(platform, urls(), app, code))).kind).toBe(platform === 'TAOBAO' ? 'refused' : 'unauthorized');

      const renewed = await refreshGrant(platform, urls(), app, grant.refreshToken ?? '');
      expect(renewed.accessToken).not.toBe(grant.accessToken);
      // the renewed token works
      tokens[platform] = renewed.accessToken;
      await expect(clientOf(platform).search({ keyword: '', page: 1, pageSize: 5 })).resolves.toBeDefined();
    });
  }
});
