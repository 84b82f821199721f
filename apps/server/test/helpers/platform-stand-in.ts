import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { aopSignature, iopSignature, sameSignature } from '../../src/modules/purchase/platform/http-signing.ts';

/*
 * A stand-in for Taobao's global open platform and 1688's open API, for tests: a real HTTP server on
 * 127.0.0.1 that checks the app key, the signature and the access token as the platforms document them,
 * and answers in their shapes (docs/decisions/0025-purchase-platform-http.md). A test can make the next
 * calls throttled, hang (no answer: the client's deadline), fail (HTTP 502), or find the token expired.
 */

export type StandInMode = { kind: 'throttle'; hintSeconds: number } | { kind: 'hang' } | { kind: 'fail' } | { kind: 'unsupported' };
type App = { appKey: string; appSecret: string };
type Token = { platform: PurchasePlatform; expiresAt: number };
type Order = { platform: PurchasePlatform; outerId: string; orderId: string; amount: number; confirmed: null | { pay: number; postFee: number; expressNo: string } };
export type StandInCall = { platform: PurchasePlatform; path: string; params: Record<string, string> };

export type PlatformStandIn = {
  /** the gateways, for TAOBAO_GLOBAL_API_URL and ALIBABA_1688_API_URL */
  taobaoUrl: string;
  alibabaUrl: string;
  /** where 1688's authorize page is (it redirects with a code, as if the account owner agreed) */
  alibabaAuthorizeUrl: string;
  apps: Record<PurchasePlatform, App>;
  /** a valid access token and refresh token, as if authorised earlier */
  grant(platform: PurchasePlatform, accessSeconds?: number): { accessToken: string; refreshToken: string };
  /** a code the token endpoint takes once */
  issueCode(platform: PurchasePlatform): string;
  /** every access token of the platform now answers "expired" */
  expireTokens(platform: PurchasePlatform): void;
  /** the next `count` calls of the platform behave so */
  next(platform: PurchasePlatform, mode: StandInMode, count?: number): void;
  /** the platform confirms an order placed with outer id `purchaseNo` (amounts in fen) */
  confirm(purchaseNo: string, pay: number, postFee: number, expressNo: string): void;
  calls: StandInCall[];
  close(): Promise<void>;
};

const TAOBAO_ITEMS = [
  { item_id: 6001, title: '純棉T恤 男款', shop_id: 7001, shop_name: '棉棉旗艦店', price: 3900, skus: [{ sku_id: 600101, color: '白', size: 'M', price: 3900, quantity: 12 }, { sku_id: 600102, color: '黑', size: 'L', price: 4200, quantity: 0 }] },
  { item_id: 6002, title: '保溫杯 500ml', shop_id: 7002, shop_name: '杯子小舖', price: 5900, skus: [{ sku_id: 600201, color: '藍', size: '500ml', price: 5900, quantity: 30 }] },
];
const ALIBABA_OFFERS = [
  { offerId: 8001, subject: '批發 帆布袋', sellerOpenId: 'BBBseller1', companyName: '義烏帆布廠', minOrderQuantity: 2, skus: [{ specId: 'a1b2c3', skuId: 80011, color: '米白', price: '3.50', amountOnSale: 500 }, { specId: 'd4e5f6', skuId: 80012, color: '黑', price: '3.80', amountOnSale: 80 }] },
];

const token = () => randomBytes(16).toString('hex');

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params[key] = value;
  return params;
}

export async function startPlatformStandIn(): Promise<PlatformStandIn> {
  const apps: Record<PurchasePlatform, App> = {
    TAOBAO: { appKey: '500123', appSecret: 'taobao-stand-in-secret-0123456789abcdef' },
    '1688': { appKey: '8123456', appSecret: 'alibaba-stand-in-secret-abcdef0123456789' },
  };
  const accessTokens = new Map<string, Token>();
  const refreshTokens = new Map<string, PurchasePlatform>();
  const codes = new Map<string, PurchasePlatform>();
  const modes: Record<PurchasePlatform, { mode: StandInMode; count: number } | null> = { TAOBAO: null, '1688': null };
  const orders = new Map<string, Order>();
  const calls: StandInCall[] = [];
  let orderSeq = 900000;

  const grant = (platform: PurchasePlatform, accessSeconds = 3600) => {
    const pair = { accessToken: token(), refreshToken: token() };
    accessTokens.set(pair.accessToken, { platform, expiresAt: Date.now() + accessSeconds * 1000 });
    refreshTokens.set(pair.refreshToken, platform);
    return pair;
  };
  const takeMode = (platform: PurchasePlatform) => {
    const current = modes[platform];
    if (!current) return null;
    current.count -= 1;
    if (current.count <= 0) modes[platform] = null;
    return current.mode;
  };
  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const tokenValid = (platform: PurchasePlatform, value: string | undefined) => {
    const found = value ? accessTokens.get(value) : undefined;
    return found !== undefined && found.platform === platform && found.expiresAt > Date.now();
  };

  // ---- Taobao (IOP) ----
  const iopError = (response: ServerResponse, status: number, type: string, code: string, message: string) => send(response, status, { type, code, message, request_id: token().slice(0, 13) });
  const iopOk = (response: ServerResponse, body: Record<string, unknown>) => send(response, 200, { code: '0', request_id: token().slice(0, 13), ...body });

  function taobao(path: string, params: Record<string, string>, response: ServerResponse) {
    const app = apps.TAOBAO;
    if (params.app_key !== app.appKey) return iopError(response, 200, 'ISV', 'InvalidAppKey', 'The specified app key is invalid');
    if (params.sign_method !== 'sha256' || !/^\d{13}$/.test(params.timestamp ?? '') || !params.sign) return iopError(response, 200, 'ISV', 'IncompleteSignature', 'The request signature does not conform to platform standards');
    if (!sameSignature(params.sign, iopSignature(app.appSecret, path, params))) return iopError(response, 200, 'ISV', 'IncompleteSignature', 'The request signature does not conform to platform standards');
    const mode = takeMode('TAOBAO');
    if (mode?.kind === 'hang') return; // no answer: the client's deadline decides
    if (mode?.kind === 'throttle') return iopError(response, 200, 'ISV', 'ApiCallLimit', `The request has exceeded the limit. This ban will last ${mode.hintSeconds} more seconds`);
    if (mode?.kind === 'fail') return iopError(response, 502, 'SYSTEM', 'InternalError', 'The request processing has failed due to some unknown error');
    if (mode?.kind === 'unsupported') return iopError(response, 200, 'ISV', 'InvalidApiPath', 'The specified API path is invalid');

    if (path === '/auth/token/create' || path === '/auth/token/refresh') {
      const owner = path === '/auth/token/create' ? codes.get(params.code ?? '') : refreshTokens.get(params.refresh_token ?? '');
      if (owner !== 'TAOBAO') return iopError(response, 200, 'ISV', path.endsWith('create') ? 'InvalidCode' : 'IllegalRefreshToken', 'The specified code or refresh token is invalid or expired');
      if (path.endsWith('create')) codes.delete(params.code ?? '');
      else refreshTokens.delete(params.refresh_token ?? '');
      const pair = grant('TAOBAO', 86400);
      return iopOk(response, { access_token: pair.accessToken, refresh_token: pair.refreshToken, expires_in: 86400, refresh_expires_in: 2592000, account: 'buyer@stand-in', account_platform: 'taobao' });
    }
    if (!params.access_token) return iopError(response, 200, 'ISV', 'MissingAccessToken', 'The access token is required');
    if (!tokenValid('TAOBAO', params.access_token)) return iopError(response, 200, 'ISV', 'IllegalAccessToken', 'The specified access token is invalid or expired');

    if (path === '/traffic/item/search') {
      const found = TAOBAO_ITEMS.filter((item) => item.title.includes(params.keyword ?? ''));
      return iopOk(response, { data: { page_no: Number(params.page_no ?? 1), page_size: Number(params.page_size ?? 10), data: found.map((item) => ({ item_id: item.item_id, title: item.title, main_image_url: `https://img.stand-in/${item.item_id}.jpg`, price: (item.price / 100).toFixed(2), inventory: 42, shop_name: item.shop_name, tags: [] })) } });
    }
    if (path === '/product/get') {
      const item = TAOBAO_ITEMS.find((entry) => String(entry.item_id) === params.item_id);
      if (params.item_resource !== 'taobao') return iopOk(response, { success: false, biz_error_code: 'PARAM_ERROR', biz_error_msg: 'item_resource is required' });
      if (!item) return iopOk(response, { success: false, biz_error_code: 'ITEM_NOT_FOUND', biz_error_msg: 'The item does not exist' });
      return iopOk(response, {
        data: {
          item_resource: 'taobao', item_id: item.item_id, title: item.title, pic_urls: [`https://img.stand-in/${item.item_id}.jpg`], shop_name: item.shop_name, shop_id: item.shop_id, price: item.price, promotion_price: item.price,
          sku_list: item.skus.map((sku) => ({ sku_id: sku.sku_id, quantity: sku.quantity, price: sku.price, promotion_price: sku.price, pic_url: '', properties: [{ prop_id: 1627207, prop_name: '顏色', value_id: 1, value_name: sku.color }, { prop_id: 20509, prop_name: '尺碼', value_id: 2, value_name: sku.size }] })),
        },
      });
    }
    if (path === '/purchase/order/create') {
      if (!params.outer_purchase_id || !params.order_line_list || !params.receiver) return iopError(response, 200, 'ISV', 'MissingParameter', 'outer_purchase_id, order_line_list and receiver are required');
      const existing = orders.get(params.outer_purchase_id) ?? { platform: 'TAOBAO' as const, outerId: params.outer_purchase_id, orderId: String(orderSeq++), amount: Number(params.purchase_amount), confirmed: null };
      orders.set(existing.outerId, existing);
      return iopOk(response, { data: { success: true, outer_purchase_id: existing.outerId, order_list: [{ purchase_id: Number(existing.orderId), estimate_amount: existing.amount, estimate_currency: 'CNY' }] } });
    }
    if (path === '/purchase/orders/query') {
      const order = orders.get(params.outer_purchase_id ?? '');
      const found = order && order.platform === 'TAOBAO' ? [order] : [];
      return iopOk(response, {
        data: {
          results_total: found.length,
          purchase_orders: found.map((o) => ({
            purchase_id: Number(o.orderId), outer_purchase_id: o.outerId, status: o.confirmed ? 'WAIT_BUYER_CONFIRM_GOODS' : 'WAIT_BUYER_P', purchase_amount: o.amount, purchase_currency: 'CNY',
            pay_amount: o.confirmed?.pay ?? 0, domestic_post_fee: o.confirmed?.postFee ?? 0,
            sub_purchase_orders: [{ sub_purchase_order_id: 1, logistic_orders: o.confirmed ? [{ logistic_company_name: '中通快遞', logistic_number: o.confirmed.expressNo }] : [] }],
          })),
        },
      });
    }
    return iopError(response, 200, 'ISV', 'InvalidApiPath', 'The specified API path is invalid');
  }

  // ---- 1688 (AOP) ----
  const gwError = (response: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) => send(response, status, { error_code: code, error_message: message, request_id: token().slice(0, 13) }, headers);

  function alibaba(path: string, params: Record<string, string>, response: ServerResponse) {
    const app = apps['1688'];
    const match = /^(http|param2)\/1\/([\w.]+)\/([\w.]+)\/(\w+)$/.exec(path);
    if (!match) return gwError(response, 400, 'gw.APIUnsupported', 'The API is not supported');
    const [, protocol, namespace, name, appKey] = match;
    if (appKey !== app.appKey) return gwError(response, 400, 'gw.IsvNotExists', 'The app key does not exist');
    const mode = takeMode('1688');
    if (mode?.kind === 'hang') return;
    if (mode?.kind === 'throttle') return gwError(response, 429, 'gw.QpsOverLimit', 'The request has exceeded the QPS limit', { 'retry-after': String(mode.hintSeconds) });
    if (mode?.kind === 'fail') return gwError(response, 503, 'isp.ServiceUnavailable', 'The service is temporarily unavailable');
    if (mode?.kind === 'unsupported') return gwError(response, 400, 'gw.APIUnsupported', 'The API is not supported');
    if (namespace === 'system.oauth2' && name === 'getToken') {
      if (params.client_id !== app.appKey || params.client_secret !== app.appSecret) return send(response, 401, { error: 'invalid_client', error_description: 'client_id or client_secret is wrong' });
      const owner = protocol === 'http' && params.grant_type === 'authorization_code' ? codes.get(params.code ?? '') : protocol === 'param2' && params.grant_type === 'refresh_token' ? refreshTokens.get(params.refresh_token ?? '') : undefined;
      if (owner !== '1688') return send(response, 401, { error: 'invalid_grant', error_description: 'the code or refresh token is invalid or expired' });
      if (params.grant_type === 'authorization_code') {
        codes.delete(params.code ?? '');
        const pair = grant('1688', 36000);
        return send(response, 200, { aliId: '2208000000001', resource_owner: 'stand-in-buyer', memberId: 'b2b-22080000', expires_in: '36000', access_token: pair.accessToken, refresh_token: pair.refreshToken, refresh_token_timeout: '20991231235959+0800' });
      }
      // a refresh answers a new access token and keeps the refresh token
      const pair = grant('1688', 36000);
      refreshTokens.delete(pair.refreshToken);
      return send(response, 200, { aliId: '2208000000001', resource_owner: 'stand-in-buyer', memberId: 'b2b-22080000', expires_in: '36000', access_token: pair.accessToken });
    }
    if (protocol !== 'param2' || !params._aop_signature || !sameSignature(params._aop_signature, aopSignature(app.appSecret, path, params))) return gwError(response, 400, 'gw.SignatureInvalid', 'The request signature is invalid');
    if (!params.access_token) return gwError(response, 401, '401', 'Request need user authorized');
    if (!tokenValid('1688', params.access_token)) return gwError(response, 401, 'gw.AccessTokenInvalid', 'The access token is invalid or expired');

    const parse = (text: string | undefined): Record<string, unknown> => {
      try {
        return JSON.parse(text ?? '') as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    if (name === 'product.search.keywordQuery') {
      const query = parse(params.offerQueryParam);
      if (typeof query.keyword !== 'string' || !query.country) return send(response, 200, { result: { success: false, code: 'PARAM_ERROR', message: 'keyword and country are required' } });
      const found = ALIBABA_OFFERS.filter((offer) => offer.subject.includes(query.keyword as string));
      return send(response, 200, { result: { success: true, code: '200', message: '', result: { totalRecords: found.length, totalPage: 1, pageSize: query.pageSize, currentPage: query.beginPage, data: found.map((offer) => ({ offerId: offer.offerId, subject: offer.subject, imageUrl: `https://cbu01.stand-in/${offer.offerId}.jpg`, priceInfo: { price: offer.skus[0]!.price }, monthSold: 321, sellerOpenId: offer.sellerOpenId, companyName: offer.companyName })) } } });
    }
    if (name === 'product.search.queryProductDetail') {
      const query = parse(params.offerDetailParam);
      const offer = ALIBABA_OFFERS.find((entry) => entry.offerId === query.offerId);
      if (!offer) return send(response, 200, { result: { success: false, code: '500_004', message: 'offer not found' } });
      return send(response, 200, {
        result: {
          success: true, code: '200', message: '',
          result: {
            offerId: offer.offerId, subject: offer.subject, sellerOpenId: offer.sellerOpenId, companyName: offer.companyName, minOrderQuantity: offer.minOrderQuantity, soldOut: 1200,
            productImage: { images: [`https://cbu01.stand-in/${offer.offerId}.jpg`] },
            productSaleInfo: { amountOnSale: 580, priceRangeList: [{ startQuantity: 2, price: offer.skus[0]!.price }] },
            productSkuInfos: offer.skus.map((sku) => ({ skuId: sku.skuId, specId: sku.specId, price: sku.price, amountOnSale: sku.amountOnSale, skuAttributes: [{ attributeId: 3216, attributeName: '顏色', value: sku.color, skuImageUrl: '' }] })),
          },
        },
      });
    }
    if (name === 'alibaba.trade.createCrossOrder') {
      const cargo = parse(`{"list":${params.cargoParamList ?? 'null'}}`).list;
      if (!Array.isArray(cargo) || cargo.length === 0 || !params.addressParam) return send(response, 200, { success: false, errorCode: 'PARAM_ERROR', errorMessage: 'addressParam and cargoParamList are required' });
      const outerId = params.outOrderId ?? token();
      const existing = orders.get(outerId) ?? { platform: '1688' as const, outerId, orderId: String(orderSeq++), amount: 0, confirmed: null };
      orders.set(outerId, existing);
      return send(response, 200, { success: true, result: { success: true, orderId: existing.orderId, totalSuccessAmount: existing.amount, postFee: 0 } });
    }
    if (name === 'alibaba.trade.get.buyerView') {
      const order = orders.get(params.outOrderId ?? '');
      if (!order || order.platform !== '1688') return send(response, 200, { success: false, errorCode: 'ORDER_NOT_EXIST', errorMessage: 'The order does not exist' });
      const yuan = (fen: number) => (fen / 100).toFixed(2);
      return send(response, 200, {
        success: true,
        result: {
          baseInfo: { id: Number(order.orderId), idOfStr: order.orderId, status: order.confirmed ? 'waitbuyerreceive' : 'waitbuyerpay', totalAmount: yuan(order.confirmed?.pay ?? 0), shippingFee: yuan(order.confirmed?.postFee ?? 0) },
          nativeLogistics: { logisticsItems: order.confirmed ? [{ logisticsCompanyName: '韻達快遞', logisticsBillNo: order.confirmed.expressNo }] : [] },
        },
      });
    }
    return gwError(response, 400, 'gw.APIUnsupported', 'The API is not supported');
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'GET' && url.pathname.endsWith('/oauth/authorize')) {
        // the account owner agrees at once: back to the redirect URI with a code and the state
        const platform: PurchasePlatform = url.pathname.startsWith('/1688') ? '1688' : 'TAOBAO';
        if (url.searchParams.get('client_id') !== apps[platform].appKey) return send(response, 400, { error: 'invalid_client' });
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', issueCode(platform));
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      const params = await readForm(request);
      if (url.pathname.startsWith('/taobao/rest/')) {
        const path = url.pathname.slice('/taobao/rest'.length);
        calls.push({ platform: 'TAOBAO', path, params });
        return taobao(path, params, response);
      }
      if (url.pathname.startsWith('/1688/openapi/')) {
        const path = url.pathname.slice('/1688/openapi/'.length);
        calls.push({ platform: '1688', path, params });
        return alibaba(path, params, response);
      }
      send(response, 404, { error: 'not found' });
    })();
  });
  const issueCode = (platform: PurchasePlatform) => {
    const code = `code-${token()}`;
    codes.set(code, platform);
    return code;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    taobaoUrl: `${origin}/taobao/rest`,
    alibabaUrl: `${origin}/1688/openapi`,
    alibabaAuthorizeUrl: `${origin}/1688/oauth/authorize`,
    apps,
    grant,
    issueCode,
    expireTokens(platform) {
      for (const entry of accessTokens.values()) if (entry.platform === platform) entry.expiresAt = 0;
    },
    next(platform, mode, count = 1) {
      modes[platform] = { mode, count };
    },
    confirm(purchaseNo, pay, postFee, expressNo) {
      const order = orders.get(purchaseNo);
      if (!order) throw new Error(`stand-in: no order ${purchaseNo}`);
      order.confirmed = { pay, postFee, expressNo };
    },
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
