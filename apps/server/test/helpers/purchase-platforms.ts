import type { PurchasePlatform } from '@portal/shared/purchase';
import { createDemoPlatforms, type PurchasePlatforms } from '../../src/modules/purchase/platform/registry.ts';
import { demoProducts } from '../../src/modules/purchase/platform/demo-catalogue.ts';
import type { ProductDetail } from '../../src/modules/purchase/platform/types.ts';

/*
 * The demo catalogue with a hand on it: a test changes what the platform says of an item (a SKU's price
 * or stock, the express fee, the item gone) to see what the server does when the platform changed
 * between adding to the basket and submitting. Everything else is the real demo client.
 */

export type Change = { price?: bigint; stock?: number; expressFee?: bigint; gone?: boolean };

export type SteerablePlatforms = PurchasePlatforms & {
  /** changes every SKU of the item (or the one named) until `reset` */
  change(platform: PurchasePlatform, itemId: string, change: Change, skuId?: string): void;
  reset(): void;
};

export function steerablePlatforms(): SteerablePlatforms {
  const demo = createDemoPlatforms();
  const changes = new Map<string, { change: Change; skuId?: string }>();
  const changed = (platform: PurchasePlatform, product: ProductDetail): ProductDetail | null => {
    const entry = changes.get(`${platform}:${product.itemId}`);
    if (!entry) return product;
    const { change, skuId } = entry;
    if (change.gone) return null;
    return {
      ...product,
      expressFee: change.expressFee ?? product.expressFee,
      skus: product.skus.map((sku) => (skuId && sku.skuId !== skuId ? sku : { ...sku, price: change.price ?? sku.price, stock: change.stock ?? sku.stock })),
    };
  };
  return {
    get(platform) {
      const client = demo.get(platform);
      return {
        ...client,
        platform: client.platform,
        demo: client.demo,
        async product(itemId) {
          const product = await client.product(itemId);
          return product ? changed(platform, product) : null;
        },
      };
    },
    change(platform, itemId, change, skuId) {
      changes.set(`${platform}:${itemId}`, { change, skuId });
    },
    reset() {
      changes.clear();
    },
  };
}

/** Demo products to buy: in stock, of two sellers, with and without an express fee. */
export function demoPicks(platform: PurchasePlatform) {
  const products = demoProducts(platform).filter((product) => product.minQuantity === 1 && product.skus.length > 1 && product.skus.every((sku) => sku.stock >= 50));
  const withExpress = products.filter((product) => product.expressFee > 0n);
  const first = withExpress[0];
  if (!first) throw new Error('the demo has no product with an express fee');
  const sameSeller = withExpress.find((product) => product.sellerId === first.sellerId && product.itemId !== first.itemId && product.expressFee !== first.expressFee);
  const other = withExpress.find((product) => product.sellerId !== first.sellerId);
  if (!other) throw new Error('the demo has no second seller');
  return { first, sameSeller, other, all: products };
}
