import type { ProductDetailRecord, ProductSkuRecord, ProductSummaryRecord } from '@portal/shared/product-schemas';

const sku = (skuId: string, colour: string, size: string, stock: number, price = '19.90'): ProductSkuRecord => ({
  skuId,
  properties: [
    { name: '颜色', value: colour },
    { name: '尺码', value: size },
  ],
  price,
  stock,
  imageUrl: '/api/purchase/product/demo-image/TAOBAO/680000000000.svg',
});

/** White comes in S and M; black only in M (black S is sold out, black L is not sold at all). */
export const SKUS: ProductSkuRecord[] = [sku('1', '白色', 'S', 10), sku('2', '白色', 'M', 3, '24.90'), sku('3', '黑色', 'S', 0), sku('4', '黑色', 'M', 7), sku('5', '白色', 'L', 2)];

export const summary = (itemId: string, title: string): ProductSummaryRecord => ({
  platform: 'TAOBAO',
  itemId,
  title,
  imageUrl: `/api/purchase/product/demo-image/TAOBAO/${itemId}.svg`,
  price: '19.90',
  currency: 'CNY',
  sales: 1234,
  sellerId: '2200000000',
  storeName: '杭州晨光旗舰店',
  itemUrl: `https://item.taobao.com/item.htm?id=${itemId}`,
});

export const DETAIL: ProductDetailRecord = {
  ...summary('680000000000', '2026新款 纯棉 T恤 t-shirt'),
  expressFee: '8.00',
  images: ['/api/purchase/product/demo-image/TAOBAO/680000000000.svg'],
  skus: SKUS,
  minQuantity: 2,
  demo: true,
};
