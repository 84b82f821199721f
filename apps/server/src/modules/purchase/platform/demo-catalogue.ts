import type { PurchasePlatform } from '@portal/shared/purchase';
import { must } from '../../../lib/must.ts';
import type { PlaceOrderInput, PlatformOrder, ProductDetail, ProductSku, ProductSummary, PurchasePlatformClient, SearchPage, SearchQuery } from './types.ts';

/*
 * The embedded demo catalogue (DESIGN §6): a few hundred products per platform made from a fixed seed, so
 * every start and every test sees the same items, prices and stock. The screens mark it as demo data.
 * Orders placed here are confirmed at once at the lines' prices and kept in memory (a demo has no seller).
 */

export const DEMO_PRODUCTS_PER_PLATFORM = 300;

/** mulberry32: small, fast, and the same sequence on every machine */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = { noun: string; en: string; props: [string, string[]][]; price: [number, number] };
const KINDS: Kind[] = [
  { noun: 'T恤', en: 't-shirt', props: [['颜色', ['白色', '黑色', '灰色', '藏青']], ['尺码', ['S', 'M', 'L', 'XL']]], price: [1990, 8900] },
  { noun: '连衣裙', en: 'dress', props: [['颜色', ['米白', '雾蓝', '黑色']], ['尺码', ['S', 'M', 'L']]], price: [5900, 29900] },
  { noun: '运动鞋', en: 'sneakers', props: [['颜色', ['白色', '黑色', '红色']], ['尺码', ['38', '39', '40', '41', '42', '43']]], price: [8900, 49900] },
  { noun: '双肩包', en: 'backpack', props: [['颜色', ['黑色', '卡其', '军绿']]], price: [3900, 19900] },
  { noun: '保温杯', en: 'vacuum cup', props: [['容量', ['350ml', '500ml', '750ml']], ['颜色', ['白色', '粉色', '蓝色']]], price: [2500, 12900] },
  { noun: '蓝牙耳机', en: 'bluetooth earbuds', props: [['颜色', ['白色', '黑色']]], price: [4900, 39900] },
  { noun: '手机壳', en: 'phone case', props: [['型号', ['iPhone 16', 'iPhone 17', 'Galaxy S26']], ['颜色', ['透明', '黑色']]], price: [990, 4900] },
  { noun: '收纳盒', en: 'storage box', props: [['规格', ['小号', '中号', '大号']]], price: [1290, 6900] },
  { noun: '茶具套装', en: 'tea set', props: [['款式', ['青花', '白瓷', '粗陶']]], price: [6900, 39900] },
  { noun: '台灯', en: 'desk lamp', props: [['颜色', ['白色', '木纹']], ['插头', ['国标', '英标']]], price: [3900, 25900] },
  { noun: '毛绒玩具', en: 'plush toy', props: [['尺寸', ['30cm', '45cm', '60cm']]], price: [2900, 15900] },
  { noun: '瑜伽垫', en: 'yoga mat', props: [['颜色', ['紫色', '绿色', '灰色']], ['厚度', ['6mm', '8mm']]], price: [3500, 12900] },
];
const ADJECTIVES = ['2026新款', '纯棉', '轻薄', '加厚', '简约', '复古', 'ins风', '大容量', '便携', '日系', '韩版', '国潮'];
const CITIES = ['杭州', '广州', '深圳', '义乌', '上海', '苏州', '泉州', '东莞'];
const SHOP_KINDS = ['旗舰店', '专营店', '工厂店', '优品店', '源头厂家'];

function make(platform: PurchasePlatform): ProductDetail[] {
  const next = random(platform === 'TAOBAO' ? 20261127 : 16881127);
  const pick = <T>(list: readonly T[]): T => must(list[Math.floor(next() * list.length)], 'demo pick');
  const sellers = Array.from({ length: 40 }, (_, index) => ({
    sellerId: String((platform === 'TAOBAO' ? 2_200_000_000 : 3_300_000_000) + index * 7919),
    storeName: `${pick(CITIES)}${pick(['晨光', '优选', '锦程', '百纳', '木子', '星河', '拾光', '万家'])}${pick(SHOP_KINDS)}`,
  }));
  return Array.from({ length: DEMO_PRODUCTS_PER_PLATFORM }, (_, index) => {
    const kind = pick(KINDS);
    const seller = pick(sellers);
    const itemId = String((platform === 'TAOBAO' ? 680_000_000_000 : 710_000_000_000) + index * 104_729);
    const base = kind.price[0] + Math.floor(next() * (kind.price[1] - kind.price[0]));
    const price = BigInt(base - (base % 10));
    const combinations = kind.props.reduce<{ name: string; value: string }[][]>((all, [name, values]) => all.flatMap((chosen) => values.map((value) => [...chosen, { name, value }])), [[]]);
    const imageUrl = demoImageUrl(platform, itemId);
    const skus: ProductSku[] = combinations.map((properties, skuIndex) => ({
      skuId: String(Number(itemId.slice(-9)) * 100 + skuIndex + 1),
      properties,
      // a larger size or capacity costs a little more
      price: price + BigInt(skuIndex % 3) * 500n,
      stock: next() < 0.1 ? 0 : Math.floor(next() * 500) + 1,
      imageUrl,
    }));
    const first = pick(ADJECTIVES);
    const title = `${first} ${pick(ADJECTIVES.filter((word) => word !== first))} ${kind.noun} ${kind.en}`;
    return {
      platform,
      itemId,
      title,
      imageUrl,
      price: skus.reduce((low, sku) => (sku.price < low ? sku.price : low), must(skus[0], 'demo sku').price),
      sales: Math.floor(next() * 20_000),
      sellerId: seller.sellerId,
      storeName: seller.storeName,
      itemUrl: platform === 'TAOBAO' ? `https://item.taobao.com/item.htm?id=${itemId}` : `https://detail.1688.com/offer/${itemId}.html`,
      expressFee: next() < 0.4 ? 0n : BigInt(500 + Math.floor(next() * 11) * 100),
      images: [imageUrl],
      skus,
      minQuantity: platform === '1688' ? pick([1, 2, 5, 10]) : 1,
    };
  });
}

/** The demo's picture of an item: drawn by the server (no image leaves or enters the machine). */
export const demoImageUrl = (platform: PurchasePlatform, itemId: string): string => `/api/purchase/product/demo-image/${platform}/${itemId}.svg`;

const summaryOf = ({ platform, itemId, title, imageUrl, price, sales, sellerId, storeName, itemUrl }: ProductDetail): ProductSummary => ({
  platform,
  itemId,
  title,
  imageUrl,
  price,
  sales,
  sellerId,
  storeName,
  itemUrl,
});

const catalogues = new Map<PurchasePlatform, ProductDetail[]>();
/** The products of one platform's demo catalogue (made once per process). */
export function demoProducts(platform: PurchasePlatform): readonly ProductDetail[] {
  let products = catalogues.get(platform);
  if (!products) catalogues.set(platform, (products = make(platform)));
  return products;
}

export function createDemoClient(platform: PurchasePlatform): PurchasePlatformClient {
  const products = demoProducts(platform);
  const byId = new Map(products.map((product) => [product.itemId, product]));
  const orders = new Map<string, PlatformOrder>();
  let serial = 0;
  return {
    platform,
    demo: true,
    async search(query: SearchQuery): Promise<SearchPage> {
      const words = query.keyword.toLowerCase().split(/\s+/).filter(Boolean);
      const found = products.filter((product) => words.every((word) => product.title.toLowerCase().includes(word) || product.storeName.includes(word)));
      const sorted = [...found];
      if (query.sort === 'price_asc') sorted.sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : 0));
      if (query.sort === 'price_desc') sorted.sort((a, b) => (a.price > b.price ? -1 : a.price < b.price ? 1 : 0));
      if (query.sort === 'sales_desc') sorted.sort((a, b) => b.sales - a.sales);
      const start = (query.page - 1) * query.pageSize;
      return { records: sorted.slice(start, start + query.pageSize).map(summaryOf), total: sorted.length };
    },
    async product(itemId: string): Promise<ProductDetail | null> {
      return byId.get(itemId) ?? null;
    },
    async placeOrder(input: PlaceOrderInput): Promise<PlatformOrder> {
      const known = orders.get(input.purchaseNo);
      if (known) return known;
      const seller = products.find((product) => product.sellerId === input.sellerId);
      const express = input.lines.reduce((high, line) => {
        const fee = byId.get(line.itemId)?.expressFee ?? 0n;
        return fee > high ? fee : high;
      }, 0n);
      serial += 1;
      const order: PlatformOrder = {
        externalPurchaseNo: `DEMO${platform}${String(serial).padStart(8, '0')}`,
        platformOrderId: String(4_000_000_000_000 + serial * 97 + (seller ? Number(seller.sellerId) % 97 : 0)),
        state: 'CONFIRMED',
        actualPaymentAmount: input.lines.reduce((sum, line) => sum + line.unitPrice * BigInt(line.quantity), 0n) + express,
        domesticExpressFee: express,
        expressCompany: null,
        expressNo: null,
      };
      orders.set(input.purchaseNo, order);
      return order;
    },
    async findOrder(purchaseNo: string): Promise<PlatformOrder | null> {
      return orders.get(purchaseNo) ?? null;
    },
  };
}
