import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PurchasePlatformSettings } from './platform/settings.ts';
import { productRoutes } from './product/routes.ts';
import { preOrderRoutes } from './pre-order/routes.ts';
import { purchaseQueueRoutes } from './queue/routes.ts';
import { purchasingOrderRoutes } from './purchase-order/routes.ts';
import { purchaseTokenRoutes } from './token/routes.ts';
import { purchaseStockRoutes } from './stock/routes.ts';

/** Purchasing at Taobao and 1688: products, the basket and pre-orders, the purchasers' queue and orders, the platforms' tokens, the merchant's stock. Registered by the app as one unit. */
export const purchaseArea: FastifyPluginAsyncZod<{ settings: PurchasePlatformSettings }> = async (app, options) => {
  await app.register(productRoutes);
  await app.register(preOrderRoutes);
  await app.register(purchaseQueueRoutes);
  await app.register(purchasingOrderRoutes);
  await app.register(purchaseTokenRoutes, { settings: options.settings });
  await app.register(purchaseStockRoutes);
};
