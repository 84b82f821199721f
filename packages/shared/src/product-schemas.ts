import { z } from 'zod';
import { PURCHASE_PLATFORMS } from './purchase.ts';

/*
 * Product search and the product page: what the merchant pastes or types, what
 * a link parses to, and the products as the screens show them. Prices are CNY decimal strings.
 */

export const PRODUCT_SORTS = ['default', 'price_asc', 'price_desc', 'sales_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** A pasted share text may be long (title, emoji, the link, the app's advice): this much is read. */
export const PASTE_MAX = 2000;
export const PRODUCT_PAGE_SIZE_MAX = 50;

const platform = z.enum(PURCHASE_PLATFORMS);
/** The platforms' item ids are decimal numbers; ours are 12 digits, theirs 9 to 13. */
export const ITEM_ID_PATTERN = /^\d{5,20}$/;
const itemId = z.string().regex(ITEM_ID_PATTERN);

/**
 * What a pasted text is: an item of a platform (its id, and the SKU when the link names one), a share
 * code or short link that only the platform can turn into an item (淘口令, m.tb.cn, qr.1688.com), or
 * neither (then it is a keyword).
 */
export const linkParseResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('item'), platform, itemId: z.string(), skuId: z.string().optional() }),
  z.object({ kind: z.literal('share-code'), platform, form: z.enum(['code', 'short-link']), code: z.string() }),
  z.object({ kind: z.literal('none') }),
]);
export type LinkParseResult = z.infer<typeof linkParseResult>;

export const productSearchQuery = {
  platform,
  keyword: z.string().max(PASTE_MAX).default(''),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE_MAX).default(20),
  sort: z.enum(PRODUCT_SORTS).default('default'),
};

export const productDetailQuery = { platform, itemId };

export const productSummaryRecord = z.object({
  platform,
  itemId: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  /** the lowest SKU price */
  price: z.string(),
  currency: z.literal('CNY'),
  sales: z.number().int(),
  sellerId: z.string(),
  storeName: z.string(),
  itemUrl: z.string(),
});
export type ProductSummaryRecord = z.infer<typeof productSummaryRecord>;

export const productSkuRecord = z.object({
  skuId: z.string(),
  properties: z.array(z.object({ name: z.string(), value: z.string() })),
  price: z.string(),
  stock: z.number().int(),
  imageUrl: z.string(),
});
export type ProductSkuRecord = z.infer<typeof productSkuRecord>;

export const productDetailRecord = productSummaryRecord.extend({
  expressFee: z.string(),
  images: z.array(z.string()),
  skus: z.array(productSkuRecord),
  minQuantity: z.number().int(),
  /** the embedded demo catalogue: the screen says so */
  demo: z.boolean(),
});
export type ProductDetailRecord = z.infer<typeof productDetailRecord>;

/** A keyword answers a page of products; a pasted item link answers the item to open. */
export const productSearchResult = z.union([
  z.object({ resolved: z.object({ platform, itemId: z.string(), skuId: z.string().optional() }), demo: z.boolean() }),
  z.object({ records: z.array(productSummaryRecord), total: z.number().int(), current: z.number().int(), size: z.number().int(), pages: z.number().int(), demo: z.boolean() }),
]);
export type ProductSearchResult = z.infer<typeof productSearchResult>;
