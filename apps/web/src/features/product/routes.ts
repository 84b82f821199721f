import type { PurchasePlatform } from '@portal/shared/purchase';

/** The product page's menu path (a hidden menu entry, product/product-detail): each product opens in a tab of its own. */
export const PRODUCT_DETAIL_PATH = '/product-search/product';

export function productDetailPath(platform: PurchasePlatform, itemId: string, skuId?: string): string {
  const query = new URLSearchParams({ platform, itemId, ...(skuId ? { skuId } : {}) });
  return `${PRODUCT_DETAIL_PATH}?${query.toString()}`;
}

/** Where the pre-purchase orders of a platform are listed (the basket is the draft there). */
export const preOrderPath = (platform: PurchasePlatform) => (platform === 'TAOBAO' ? '/purchase/taobao/pre-order' : '/purchase/1688/pre-order');

/** The path segment of a platform in the purchase API. */
export const platformSegment = (platform: PurchasePlatform) => (platform === 'TAOBAO' ? 'taobao' : '1688');
