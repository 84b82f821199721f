import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyCaller, openApi } from '../../../../plugins/open-api-auth.ts';
import { openPurchaseOrder, purchaseListQuery, purchaseNoParams, purchasePage } from '../schemas.ts';
import { openPurchaseByNo, openPurchasePage } from './service.ts';

/** The open API's purchase orders (goods bought for the merchant on Taobao and 1688): /open/v1/purchase-orders. */
export const openPurchaseOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['purchase orders'];
  app.get(
    '/purchase-orders',
    {
      config: openApi('purchases:read', 'PURCHASE_QUERY'),
      schema: { tags, summary: 'List purchase orders, newest first', description: 'Of every platform; filtered by status, purchase number and creation date.', querystring: purchaseListQuery, response: { 200: purchasePage } },
    },
    async (request) => openPurchasePage(db, apiKeyCaller(request), request.query),
  );
  app.get(
    '/purchase-orders/:purchaseNo',
    {
      config: openApi('purchases:read', 'PURCHASE_QUERY'),
      schema: { tags, summary: 'One purchase order by its number', description: '404 not_found for a number your company does not have.', params: purchaseNoParams, response: { 200: openPurchaseOrder } },
    },
    async (request) => openPurchaseByNo(db, apiKeyCaller(request), request.params.purchaseNo),
  );
};
