import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { warehouseReceiveRoutes } from './receive/routes.ts';
import { warehouseShipOutRoutes } from './ship-out/routes.ts';
import { warehouseTrackingEventRoutes } from './tracking-event/routes.ts';
import { warehousePurchaseReceiveRoutes } from './purchase-receive/routes.ts';

/** The warehouse's work: receiving parcels and purchased goods, shipping out, tracking events. Registered by the app as one unit. */
export const warehouseArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(warehouseReceiveRoutes);
  await app.register(warehouseShipOutRoutes);
  await app.register(warehouseTrackingEventRoutes);
  await app.register(warehousePurchaseReceiveRoutes);
};
