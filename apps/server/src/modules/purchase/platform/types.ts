import type { PurchasePlatform } from '@portal/shared/purchase';

/*
 * One interface in front of Taobao's global open platform and 1688's cross-border API (DESIGN §6). Two
 * implementations: HTTP (the platforms' documented requests and answers, signed, with the OAuth token of
 * the token configuration) and the embedded demo catalogue (the default, marked as demo data). Prices are
 * CNY fen as bigint; the server always takes prices from here, never from a client.
 */

export type ProductSummary = {
  platform: PurchasePlatform;
  itemId: string;
  title: string;
  imageUrl: string;
  /** the lowest SKU price, CNY fen */
  price: bigint;
  /** units sold (the platform's 30-day figure where it gives one) */
  sales: number;
  sellerId: string;
  storeName: string;
  itemUrl: string;
};

export type ProductSku = {
  skuId: string;
  /** the SKU's properties as the platform names them, in its order: [{ name: '顏色', value: '紅' }] */
  properties: { name: string; value: string }[];
  price: bigint;
  stock: number;
  imageUrl: string;
};

export type ProductDetail = ProductSummary & {
  /** the seller's domestic express fee to the warehouse, CNY fen */
  expressFee: bigint;
  images: string[];
  skus: ProductSku[];
  /** 1688: the minimum order quantity; 1 on Taobao */
  minQuantity: number;
};

export type SearchQuery = { keyword: string; page: number; pageSize: number; sort?: 'default' | 'price_asc' | 'price_desc' | 'sales_desc' };
export type SearchPage = { records: ProductSummary[]; total: number };

/** A purchase placed at the platform, as the platform answers for it. */
export type PlatformOrder = {
  externalPurchaseNo: string;
  platformOrderId: string;
  /** WAIT_PAY / PAID are "placed but not confirmed"; CONFIRMED has the amounts; CLOSED was cancelled or out of stock */
  state: 'WAIT_CONFIRM' | 'CONFIRMED' | 'CLOSED';
  /** CNY fen, once confirmed */
  actualPaymentAmount: bigint | null;
  domesticExpressFee: bigint | null;
  /** the seller's domestic express, once shipped */
  expressCompany: string | null;
  expressNo: string | null;
};

export type PlaceOrderInput = {
  /** our purchase number: the platform keeps it as the outer id, so a retry finds the first attempt */
  purchaseNo: string;
  sellerId: string;
  lines: { itemId: string; skuId: string; quantity: number; unitPrice: bigint }[];
  /** the warehouse's receiving address */
  address: { name: string; phone: string; province: string; city: string; district: string; street: string; postcode: string };
};

/**
 * A platform refused or could not be reached. `timeout` means the outcome is unknown: the order waits for
 * confirmation and the reconciliation pass, and is never refunded on that alone.
 */
export type PlatformErrorKind = 'timeout' | 'throttled' | 'unauthorized' | 'not_found' | 'refused' | 'unavailable';
export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    /** the platform's own code (Taobao's sub_code, 1688's error_code) */
    readonly platformCode = '',
    /** throttled: the seconds the platform asked to wait, when it said */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface PurchasePlatformClient {
  readonly platform: PurchasePlatform;
  /** true for the embedded demo catalogue: the screens say so */
  readonly demo: boolean;
  search(query: SearchQuery): Promise<SearchPage>;
  /** null when the item does not exist (or is off the shelf) */
  product(itemId: string): Promise<ProductDetail | null>;
  placeOrder(input: PlaceOrderInput): Promise<PlatformOrder>;
  /** by our purchase number (the outer id); null when the platform has no such order */
  findOrder(purchaseNo: string): Promise<PlatformOrder | null>;
}
