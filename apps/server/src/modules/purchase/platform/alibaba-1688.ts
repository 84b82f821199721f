import { aopSignature, arr, int, obj, postForm, retryHintSeconds, str, yuanToFen, fenToYuan, type HttpAnswer, type Params } from './http-signing.ts';
import { DEFAULT_TIMEOUT_MS, json, withThrottleRetry, type HttpClientOptions } from './platform-http.ts';
import { PlatformError, type PlaceOrderInput, type PlatformOrder, type ProductDetail, type ProductSummary, type PurchasePlatformClient, type SearchPage, type SearchQuery } from './types.ts';

/*
 * 1688's open API (open.1688.com, the AOP protocol, cross-border "XunYuanTong" solution): every call is a form
 * POST to <gateway>/param2/<version>/<namespace>/<api>/<appKey> with access_token and _aop_signature
 * (aopSignature over the path from "param2"). The gateway's refusals answer { error_code, error_message,
 * request_id } (gw.QpsOverLimit, gw.APIUnsupported, isv.*, isp.*); an API's own failure answers
 * success: false with errorCode/errorMessage, or result.success false with code/message.
 * Sources: docs/decisions/0025-purchase-platform-http.md.
 */

export const ALIBABA_1688_API_URL = 'https://gw.open.1688.com/openapi';
export const ALIBABA_APIS = {
  search: { namespace: 'com.alibaba.fenxiao.crossborder', name: 'product.search.keywordQuery' },
  product: { namespace: 'com.alibaba.fenxiao.crossborder', name: 'product.search.queryProductDetail' },
  createOrder: { namespace: 'com.alibaba.trade', name: 'alibaba.trade.createCrossOrder' },
  buyerView: { namespace: 'com.alibaba.trade', name: 'alibaba.trade.get.buyerView' },
} as const;

/** The path the signature covers: param2/1/<namespace>/<api>/<appKey> (no leading slash). */
export const aopPath = (api: { namespace: string; name: string }, appKey: string) => `param2/1/${api.namespace}/${api.name}/${appKey}`;

const THROTTLED = /QpsOverLimit|FrequencyLimit|AppCallLimit|ApiCallLimit|CallLimited|TooManyRequests/i;
const UNAUTHORIZED = /AccessToken|Authorized|Authorization|Authentication|Signature|AppKey|IsvNotExists|^401$/i;
const NOT_FOUND = /not[_ ]?(found|exist)|OFFER_NOT|ORDER_NOT|NO_DATA|offline/i;

/** A gateway refusal (error_code) or an API failure (errorCode / result.success false) as a PlatformError; null on success. */
export function aopFailure(answer: HttpAnswer): PlatformError | null {
  const body = obj(answer.body);
  const gateway = str(body.error_code);
  if (gateway) {
    const message = str(body.error_message);
    if (THROTTLED.test(gateway) || answer.status === 429) return new PlatformError('throttled', '1688 throttled the call', gateway, retryHintSeconds(answer.retryAfter, message));
    if (UNAUTHORIZED.test(gateway) || answer.status === 401) return new PlatformError('unauthorized', '1688 refused the app or its access token', gateway);
    if (gateway.startsWith('isp.') || gateway.startsWith('gw.Service') || answer.status >= 500) return new PlatformError('unavailable', `1688 could not serve the call (${gateway})`, gateway);
    if (NOT_FOUND.test(gateway) || NOT_FOUND.test(message)) return new PlatformError('not_found', `1688: ${message.slice(0, 200)}`, gateway);
    // gw.APIUnsupported, isv.* (bad parameters, no permission for the API)
    return new PlatformError('refused', `1688 refused the call: ${message.slice(0, 200)}`, gateway);
  }
  if (answer.status === 429) return new PlatformError('throttled', '1688 throttled the call', '', retryHintSeconds(answer.retryAfter, ''));
  if (answer.status >= 500) return new PlatformError('unavailable', `1688 answered HTTP ${answer.status}`);
  const result = obj(body.result);
  const failed = body.success === false || body.success === 'false' || result.success === false || result.success === 'false';
  if (!failed) return null;
  const code = str(body.errorCode) || str(result.code) || str(body.code) || 'FAILED';
  const message = str(body.errorMessage) || str(result.message) || str(body.message) || code;
  if (NOT_FOUND.test(code) || NOT_FOUND.test(message)) return new PlatformError('not_found', `1688: ${message.slice(0, 200)}`, code);
  return new PlatformError('refused', `1688 refused the call: ${message.slice(0, 200)}`, code);
}

export async function callAop(baseUrl: string, api: { namespace: string; name: string }, fields: Params, app: { appKey: string; appSecret: string; accessToken: string }, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Record<string, unknown>> {
  const path = aopPath(api, app.appKey);
  const params: Params = { ...fields, access_token: app.accessToken, _aop_timestamp: String(Date.now()) };
  params._aop_signature = aopSignature(app.appSecret, path, params);
  const answer = await postForm(`${baseUrl}/${path}`, params, timeoutMs);
  const failure = aopFailure(answer);
  if (failure) throw failure;
  return obj(answer.body);
}

const SORTS = { default: null, price_asc: { price: 'asc' }, price_desc: { price: 'desc' }, sales_desc: { monthSold: 'desc' } } as const;
const offerUrl = (offerId: string) => `https://detail.1688.com/offer/${encodeURIComponent(offerId)}.html`;
const ORDER_STATES: Record<string, PlatformOrder['state']> = {
  waitbuyerpay: 'WAIT_CONFIRM',
  waitsellersend: 'CONFIRMED',
  waitlogisticstakein: 'CONFIRMED',
  waitbuyerreceive: 'CONFIRMED',
  waitbuyersign: 'CONFIRMED',
  signinsuccess: 'CONFIRMED',
  confirm_goods: 'CONFIRMED',
  success: 'CONFIRMED',
  cancel: 'CLOSED',
  terminated: 'CLOSED',
};

/** Offer prices: the cross-border answers carry yuan as text ("12.50"). */
const priceOf = (value: unknown) => yuanToFen(value) ?? 0n;

export function createAlibaba1688Client(options: HttpClientOptions): PurchasePlatformClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const call = (api: { namespace: string; name: string }, fields: Params) => withThrottleRetry(options, async () => callAop(options.baseUrl, api, fields, await options.credentials(), timeoutMs));
  /** the cross-border product APIs answer { result: { success, code, message, result } } */
  const inner = (body: Record<string, unknown>) => obj(obj(body.result).result);

  return {
    platform: '1688',
    demo: false,

    async search(query: SearchQuery): Promise<SearchPage> {
      const sort = SORTS[query.sort ?? 'default'];
      const body = await call(ALIBABA_APIS.search, { offerQueryParam: json({ keyword: query.keyword, beginPage: query.page, pageSize: query.pageSize, country: 'en', ...(sort ? { sort: json(sort) } : {}) }) });
      const page = inner(body);
      const records = arr(page.data).map((entry): ProductSummary => {
        const offer = obj(entry);
        const offerId = str(offer.offerId);
        return { platform: '1688', itemId: offerId, title: str(offer.subject), imageUrl: str(offer.imageUrl), price: priceOf(obj(offer.priceInfo).price), sales: int(offer.monthSold), sellerId: str(offer.sellerOpenId), storeName: str(offer.companyName), itemUrl: offerUrl(offerId) };
      });
      return { records, total: int(page.totalRecords) };
    },

    async product(itemId: string): Promise<ProductDetail | null> {
      if (!/^\d{1,20}$/.test(itemId)) return null;
      let body: Record<string, unknown>;
      try {
        body = await call(ALIBABA_APIS.product, { offerDetailParam: json({ offerId: Number(itemId), country: 'en' }) });
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'not_found') return null;
        throw error;
      }
      const offer = inner(body);
      if (!str(offer.offerId)) return null;
      const images = arr(obj(offer.productImage).images).map(str).filter(Boolean);
      const skus = arr(offer.productSkuInfos).map((entry) => {
        const sku = obj(entry);
        const attributes = arr(sku.skuAttributes).map(obj);
        return {
          skuId: str(sku.specId) || str(sku.skuId),
          properties: attributes.map((a) => ({ name: str(a.attributeName), value: str(a.value) })),
          price: priceOf(sku.price ?? sku.consignPrice),
          stock: int(sku.amountOnSale),
          imageUrl: attributes.map((a) => str(a.skuImageUrl)).find(Boolean) ?? images[0] ?? '',
        };
      });
      const saleInfo = obj(offer.productSaleInfo);
      const ranges = arr(saleInfo.priceRangeList).map(obj);
      const lowest = skus.length > 0 ? skus.reduce((low, sku) => (sku.price < low ? sku.price : low), skus[0]?.price ?? 0n) : priceOf(ranges[0]?.price);
      const offerId = str(offer.offerId);
      return {
        platform: '1688',
        itemId: offerId,
        title: str(offer.subject),
        imageUrl: images[0] ?? '',
        price: lowest,
        sales: int(offer.soldOut),
        sellerId: str(offer.sellerOpenId),
        storeName: str(offer.companyName),
        itemUrl: offerUrl(offerId),
        // the detail has no freight: productFreightEstimate would; the actual one comes with the order
        expressFee: yuanToFen(obj(offer.productShippingInfo).freight) ?? 0n,
        images,
        skus,
        minQuantity: Math.max(1, int(offer.minOrderQuantity)),
      };
    },

    async placeOrder(input: PlaceOrderInput): Promise<PlatformOrder> {
      const { address } = input;
      const body = await call(ALIBABA_APIS.createOrder, {
        flow: 'general',
        outOrderId: input.purchaseNo,
        addressParam: json({ fullName: address.name, mobile: address.phone, phone: address.phone, postCode: address.postcode, provinceText: address.province, cityText: address.city, areaText: address.district, address: address.street }),
        cargoParamList: json(input.lines.map((line) => ({ offerId: Number(line.itemId), specId: line.skuId, quantity: line.quantity }))),
        message: `purchase ${input.purchaseNo}; expected ${fenToYuan(input.lines.reduce((sum, line) => sum + line.unitPrice * BigInt(line.quantity), 0n))} CNY`,
      });
      const result = obj(body.result);
      return { externalPurchaseNo: input.purchaseNo, platformOrderId: str(result.orderId), state: 'WAIT_CONFIRM', actualPaymentAmount: null, domesticExpressFee: null, expressCompany: null, expressNo: null };
    },

    async findOrder(purchaseNo: string): Promise<PlatformOrder | null> {
      let body: Record<string, unknown>;
      try {
        // buyerView finds an order by the outer id it was created with (outOrderId)
        body = await call(ALIBABA_APIS.buyerView, { webSite: '1688', outOrderId: purchaseNo });
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'not_found') return null;
        throw error;
      }
      const info = obj(obj(body.result).baseInfo);
      if (!str(info.idOfStr) && !str(info.id)) return null;
      const state = ORDER_STATES[str(info.status)] ?? 'WAIT_CONFIRM';
      const item = arr(obj(obj(body.result).nativeLogistics).logisticsItems).map(obj).find((entry) => str(entry.logisticsBillNo));
      return {
        externalPurchaseNo: purchaseNo,
        platformOrderId: str(info.idOfStr) || str(info.id),
        state,
        actualPaymentAmount: state === 'CONFIRMED' ? yuanToFen(info.totalAmount) : null,
        domesticExpressFee: state === 'CONFIRMED' ? yuanToFen(info.shippingFee) : null,
        expressCompany: item ? str(item.logisticsCompanyName) : null,
        expressNo: item ? str(item.logisticsBillNo) : null,
      };
    },
  };
}
