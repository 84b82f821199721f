import type { PurchasePlatform } from '@portal/shared/purchase';
import { PURCHASE_CURRENCY } from '@portal/shared/purchase';
import { currencyFromMinor } from '@portal/shared/money';
import { PLATFORM_NAMES } from '@portal/shared/messages-product';
import type { ProductDetailRecord, ProductSearchResult, ProductSort, ProductSummaryRecord } from '@portal/shared/product-schemas';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { toSimplified } from '../../../lib/chinese-script.ts';
import { parseProductLink } from '../link/parse.ts';
import type { PurchasePlatforms } from '../platform/registry.ts';
import { PlatformError, type ProductDetail, type ProductSummary, type PurchasePlatformClient } from '../platform/types.ts';
import { demoImageSvg } from './model.ts';

/*
 * Product search and the product page over the platform clients. A pasted link
 * answers the item to open; a share code needs the platform; a keyword answers a page. Every platform
 * failure becomes a translated 429/502/503, never a 500.
 */

/**
 * A client that can turn a share code or short link into an item. The interface of the platform clients
 * does not require it (the demo cannot); an HTTP client that can, offers it and is used.
 */
type ShareCodeResolver = { resolveShareCode(code: string): Promise<{ itemId: string } | null> };
const resolves = (client: PurchasePlatformClient): client is PurchasePlatformClient & ShareCodeResolver =>
  typeof (client as Partial<ShareCodeResolver>).resolveShareCode === 'function';

const fen = (amount: bigint) => currencyFromMinor(amount, PURCHASE_CURRENCY);

const summaryRecord = (product: ProductSummary): ProductSummaryRecord => ({
  platform: product.platform,
  itemId: product.itemId,
  title: product.title,
  imageUrl: product.imageUrl,
  price: fen(product.price),
  currency: PURCHASE_CURRENCY,
  sales: product.sales,
  sellerId: product.sellerId,
  storeName: product.storeName,
  itemUrl: product.itemUrl,
});

const detailRecord = (product: ProductDetail, demo: boolean): ProductDetailRecord => ({
  ...summaryRecord(product),
  expressFee: fen(product.expressFee),
  images: product.images,
  skus: product.skus.map((sku) => ({ skuId: sku.skuId, properties: sku.properties, price: fen(sku.price), stock: sku.stock, imageUrl: sku.imageUrl })),
  minQuantity: product.minQuantity,
  demo,
});

/** A platform's refusal as the caller's message: throttled 429, our credentials or its refusal 502, unreachable 503. */
function platformFailure(error: unknown, platform: PurchasePlatform): unknown {
  if (!(error instanceof PlatformError)) return error;
  const name = PLATFORM_NAMES[platform];
  switch (error.kind) {
    case 'throttled':
      return new AppError(429, 'productPlatformThrottled', { platform: name });
    case 'unauthorized':
      return new AppError(502, 'productPlatformUnauthorized', { platform: name });
    case 'timeout':
      return new AppError(503, 'productPlatformTimeout', { platform: name });
    case 'unavailable':
      return new AppError(503, 'productPlatformUnavailable', { platform: name });
    case 'not_found':
      return notFound();
    case 'refused':
      return new AppError(502, 'productPlatformRefused', { platform: name, reason: (error.platformCode || error.message).slice(0, 120) });
  }
}

async function calling<T>(platform: PurchasePlatform, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw platformFailure(error, platform);
  }
}

export type SearchInput = { platform: PurchasePlatform; keyword: string; pageNo: number; pageSize: number; sort: ProductSort };

export async function searchProducts(platforms: PurchasePlatforms, input: SearchInput): Promise<ProductSearchResult> {
  const parsed = parseProductLink(input.keyword);
  if (parsed.kind === 'item') {
    return { resolved: { platform: parsed.platform, itemId: parsed.itemId, ...(parsed.skuId ? { skuId: parsed.skuId } : {}) }, demo: platforms.get(parsed.platform).demo };
  }
  if (parsed.kind === 'share-code') {
    const client = platforms.get(parsed.platform);
    const name = PLATFORM_NAMES[parsed.platform];
    if (client.demo) throw badRequest('productShareCodeDemo', { platform: name });
    if (!resolves(client)) throw badRequest('productShareCodeUnresolved', { platform: name });
    const item = await calling(parsed.platform, () => client.resolveShareCode(parsed.code));
    if (!item) throw badRequest('productShareCodeExpired', { platform: name });
    return { resolved: { platform: parsed.platform, itemId: item.itemId }, demo: false };
  }
  const client = platforms.get(input.platform);
  // Taobao's and 1688's titles are in Simplified Chinese: a keyword typed in Traditional finds them too
  const keyword = toSimplified(input.keyword.trim());
  const found = await calling(input.platform, () => client.search({ keyword, page: input.pageNo, pageSize: input.pageSize, sort: input.sort }));
  return {
    records: found.records.map(summaryRecord),
    total: found.total,
    current: input.pageNo,
    size: input.pageSize,
    pages: Math.ceil(found.total / input.pageSize),
    demo: client.demo,
  };
}

async function findProduct(platforms: PurchasePlatforms, platform: PurchasePlatform, itemId: string): Promise<{ product: ProductDetail; client: PurchasePlatformClient }> {
  const client = platforms.get(platform);
  const product = await calling(platform, () => client.product(itemId));
  if (!product) throw notFound('productNotFound', { platform: PLATFORM_NAMES[platform], itemId });
  return { product, client };
}

export async function productDetail(platforms: PurchasePlatforms, platform: PurchasePlatform, itemId: string): Promise<ProductDetailRecord> {
  const { product, client } = await findProduct(platforms, platform, itemId);
  return detailRecord(product, client.demo);
}

/** The demo catalogue's picture of an item (`<itemId>.svg`); 404 when the platform's client is not the demo. */
export async function demoImage(platforms: PurchasePlatforms, platform: PurchasePlatform, file: string): Promise<string> {
  const itemId = /^(\d{5,20})\.svg$/.exec(file)?.[1];
  if (!itemId || !platforms.get(platform).demo) throw notFound();
  const { product } = await findProduct(platforms, platform, itemId);
  return demoImageSvg(product);
}
