import { fenOf, iopSignature, int, obj, arr, postForm, retryHintSeconds, str, yuanToFen, type HttpAnswer, type Params } from './http-signing.ts';
import { DEFAULT_TIMEOUT_MS, json, withThrottleRetry, type HttpClientOptions } from './platform-http.ts';
import { PlatformError, type PlaceOrderInput, type PlatformOrder, type ProductDetail, type ProductSummary, type PurchasePlatformClient, type SearchPage, type SearchQuery } from './types.ts';

/*
 * Taobao's global open platform (open.taobao.global, the IOP protocol): every call is a form POST to
 * <gateway><api path> with app_key, timestamp (ms), sign_method=sha256, access_token and sign (iopSignature).
 * A success answers code "0"; a failure answers { type: ISV|ISP|SYSTEM, code, message, request_id }.
 * Sources: docs/decisions/0025-purchase-platform-http.md.
 */

export const TAOBAO_GLOBAL_API_URL = 'https://api.taobao.global/rest';
export const TAOBAO_PATHS = {
  search: '/traffic/item/search',
  product: '/product/get',
  createOrder: '/purchase/order/create',
  queryOrders: '/purchase/orders/query',
  tokenCreate: '/auth/token/create',
  tokenRefresh: '/auth/token/refresh',
} as const;

const THROTTLED = new Set(['ApiCallLimit', 'AppCallLimit', 'AccessFrequencyLimit', 'UserCallLimit']);
const UNAUTHORIZED = new Set(['IllegalAccessToken', 'MissingAccessToken', 'IncompleteSignature', 'InvalidSignature', 'MissingAppKey', 'InvalidAppKey', 'InvalidAccessToken', 'AccessTokenExpired']);
const NOT_FOUND = /not[_ ]?(found|exist)|ITEM_OFF|OFF_SHELF|NO_DATA/i;

/** The IOP answer as a PlatformError, or the answer itself when it is a success. */
export function readIopAnswer(answer: HttpAnswer): Record<string, unknown> {
  const body = obj(answer.body);
  const code = str(body.code);
  if (code === '0') return body;
  const message = str(body.message) || `HTTP ${answer.status}`;
  if (THROTTLED.has(code) || answer.status === 429) throw new PlatformError('throttled', 'Taobao throttled the call', code, retryHintSeconds(answer.retryAfter, message));
  if (UNAUTHORIZED.has(code) || answer.status === 401) throw new PlatformError('unauthorized', 'Taobao refused the app or its access token', code);
  if (code === 'ServiceTimeout') throw new PlatformError('timeout', 'Taobao timed out behind its gateway', code);
  if (str(body.type) === 'ISP' || str(body.type) === 'SYSTEM' || answer.status >= 500 || !code) throw new PlatformError('unavailable', `Taobao could not serve the call (${code || answer.status})`, code);
  throw new PlatformError('refused', `Taobao refused the call: ${message.slice(0, 200)}`, code);
}

/** A business answer (code "0" with biz_error_code / success: false) as a PlatformError. */
function bizFailure(body: Record<string, unknown>): PlatformError | null {
  const code = str(body.biz_error_code) || str(body.error_code) || (body.success === false ? 'FAILED' : '');
  if (!code) return null;
  const message = str(body.biz_error_msg) || str(body.error_msg) || code;
  return new PlatformError(NOT_FOUND.test(code) ? 'not_found' : 'refused', `Taobao: ${message.slice(0, 200)}`, code);
}

/** Signs and sends one call; `accessToken` null for the token calls themselves. */
export async function callIop(baseUrl: string, apiPath: string, api: Params, app: { appKey: string; appSecret: string; accessToken: string | null }, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Record<string, unknown>> {
  const params: Params = { ...api, app_key: app.appKey, timestamp: String(Date.now()), sign_method: 'sha256', ...(app.accessToken ? { access_token: app.accessToken } : {}) };
  params.sign = iopSignature(app.appSecret, apiPath, params);
  return readIopAnswer(await postForm(`${baseUrl}${apiPath}`, params, timeoutMs));
}

const SORTS = { default: '', price_asc: 'PRICE_ASC', price_desc: 'PRICE_DESC', sales_desc: 'SALE_QTY_DESC' } as const;
const itemUrl = (itemId: string) => `https://item.taobao.com/item.htm?id=${encodeURIComponent(itemId)}`;
const ORDER_STATES: Record<string, PlatformOrder['state']> = {
  BULIDING: 'WAIT_CONFIRM',
  WAIT_BUYER_P: 'WAIT_CONFIRM',
  WAIT_SELLER_SEND_GOODS: 'CONFIRMED',
  WAIT_BUYER_CONFIRM_GOODS: 'CONFIRMED',
  TRADE_FINISHED: 'CONFIRMED',
  TRADE_CLOSED: 'CLOSED',
};

export function createTaobaoGlobalClient(options: HttpClientOptions): PurchasePlatformClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const call = (apiPath: string, api: Params) =>
    withThrottleRetry(options, async () => {
      const credentials = await options.credentials();
      const body = await callIop(options.baseUrl, apiPath, api, credentials, timeoutMs);
      const failure = bizFailure(body);
      if (failure) throw failure;
      return obj(body.data);
    });

  return {
    platform: 'TAOBAO',
    demo: false,

    async search(query: SearchQuery): Promise<SearchPage> {
      const sort = SORTS[query.sort ?? 'default'];
      const data = await call(TAOBAO_PATHS.search, { keyword: query.keyword, page_no: String(query.page), page_size: String(query.pageSize), ...(sort ? { sort } : {}) });
      const records = arr(data.data).map((entry): ProductSummary => {
        const item = obj(entry);
        const itemId = str(item.item_id);
        return { platform: 'TAOBAO', itemId, title: str(item.title), imageUrl: str(item.main_image_url), price: yuanToFen(item.price) ?? 0n, sales: int(item.sales ?? item.sale_qty), sellerId: str(item.shop_id), storeName: str(item.shop_name), itemUrl: itemUrl(itemId) };
      });
      // the search answers no total: a full page says there may be another one
      const before = (query.page - 1) * query.pageSize;
      const total = int(data.total_count) || before + records.length + (records.length === query.pageSize ? 1 : 0);
      return { records, total };
    },

    async product(itemId: string): Promise<ProductDetail | null> {
      let data: Record<string, unknown>;
      try {
        data = await call(TAOBAO_PATHS.product, { item_resource: 'taobao', item_id: itemId });
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'not_found') return null;
        throw error;
      }
      if (!str(data.item_id)) return null;
      const priceOf = (entry: Record<string, unknown>) => fenOf(entry.promotion_price) || fenOf(entry.price) || 0n;
      const images = arr(data.pic_urls).map(str).filter(Boolean);
      const skus = arr(data.sku_list).map((entry) => {
        const sku = obj(entry);
        return {
          skuId: str(sku.sku_id),
          properties: arr(sku.properties).map((p) => ({ name: str(obj(p).prop_name), value: str(obj(p).value_name) })),
          price: priceOf(sku),
          stock: int(sku.quantity),
          imageUrl: str(sku.pic_url) || (images[0] ?? ''),
        };
      });
      const lowest = skus.length > 0 ? skus.reduce((low, sku) => (sku.price < low ? sku.price : low), skus[0]?.price ?? 0n) : priceOf(data);
      return {
        platform: 'TAOBAO',
        itemId: str(data.item_id),
        title: str(data.title),
        imageUrl: images[0] ?? '',
        price: lowest,
        sales: int(data.sales),
        sellerId: str(data.shop_id),
        storeName: str(data.shop_name),
        itemUrl: itemUrl(str(data.item_id)),
        // the item answer has no domestic express fee: it is known once the order is (domestic_post_fee)
        expressFee: fenOf(data.domestic_post_fee) ?? 0n,
        images,
        skus,
        minQuantity: 1,
      };
    },

    async placeOrder(input: PlaceOrderInput): Promise<PlatformOrder> {
      const amount = input.lines.reduce((sum, line) => sum + line.unitPrice * BigInt(line.quantity), 0n);
      const { address } = input;
      const data = await call(TAOBAO_PATHS.createOrder, {
        outer_purchase_id: input.purchaseNo,
        purchase_amount: amount.toString(),
        order_line_list: json(input.lines.map((line) => ({ itemId: line.itemId, skuId: line.skuId, quantity: line.quantity, price: line.unitPrice.toString(), currency: 'CNY' }))),
        receiver: json({ name: address.name, mobile_phone: address.phone, country: 'CN', state: address.province, city: address.city, district: address.district, address: address.street, zip: address.postcode }),
        support_partial_success: 'false',
      });
      const order = obj(arr(data.order_list)[0]);
      return { externalPurchaseNo: str(data.outer_purchase_id) || input.purchaseNo, platformOrderId: str(order.purchase_id), state: 'WAIT_CONFIRM', actualPaymentAmount: null, domesticExpressFee: null, expressCompany: null, expressNo: null };
    },

    async findOrder(purchaseNo: string): Promise<PlatformOrder | null> {
      const data = await call(TAOBAO_PATHS.queryOrders, { outer_purchase_id: purchaseNo, page_no: '1', page_size: '1' });
      const order = obj(arr(data.purchase_orders)[0]);
      if (!str(order.purchase_id)) return null;
      const state = ORDER_STATES[str(order.status)] ?? 'WAIT_CONFIRM';
      const logistic = arr(order.sub_purchase_orders)
        .flatMap((sub) => arr(obj(sub).logistic_orders))
        .map(obj)
        .find((entry) => str(entry.logistic_number));
      return {
        externalPurchaseNo: str(order.outer_purchase_id) || purchaseNo,
        platformOrderId: str(order.purchase_id),
        state,
        actualPaymentAmount: state === 'CONFIRMED' ? fenOf(order.pay_amount) : null,
        domesticExpressFee: state === 'CONFIRMED' ? fenOf(order.domestic_post_fee) : null,
        expressCompany: logistic ? str(logistic.logistic_company_name) : null,
        expressNo: logistic ? str(logistic.logistic_number) : null,
      };
    },
  };
}
