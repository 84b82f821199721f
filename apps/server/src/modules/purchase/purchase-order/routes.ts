import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import type { PermissionCode } from '@portal/shared/permissions';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { PURCHASE_ORDER_STATUS_TEXTS } from '@portal/shared/messages-purchasing';
import {
  merchantOrderKey,
  merchantOrderListQuery,
  orderCancelInput,
  orderConfirmInput,
  orderKey,
  orderShipInput,
  purchaseOrderFilters,
  purchaseOrderRecord,
  purchasingOrderFilters,
  purchasingOrderListQuery,
  reconcileResult,
} from '@portal/shared/purchasing-schemas';
import { caller, merchant, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { purchaseOrderPage } from './repository.ts';
import { cancelOrder, confirmOrder, merchantCancel, merchantRecord, placeOrder, purchaseOrderExport, reconcile, shipOrder, syncOrder } from './service.ts';

/** Purchase orders: the purchasers' (every tenant, /purchasing/order/*) and the merchant's own (/purchase/{taobao|1688}/order/*). */
export const purchasingOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const platforms = app.purchasePlatforms;
  const tags = ['purchasing: purchase orders'];
  const record = { 200: envelopeSchema(purchaseOrderRecord) };

  app.get(
    '/purchasing/order/list',
    {
      config: platform('purchasing:order:list'),
      schema: { tags, summary: 'Purchase orders of every tenant, newest first; filtered by tenant, platform, status, numbers, seller, express number and dates', querystring: getQuery(purchasingOrderListQuery), response: { 200: envelopeSchema(pageSchema(purchaseOrderRecord)) } },
    },
    async (request) => {
      const { pageNo, pageSize, order, column, _t, ...filters } = request.query;
      void _t;
      return request.ok(await purchaseOrderPage(db, filters, { pageNo, pageSize, order, column }));
    },
  );

  app.get(
    '/purchasing/order/exportXls',
    {
      config: platform('purchasing:order:export'),
      schema: { tags, summary: "The filtered purchase orders as an Excel file (xlsx) in the caller's language, newest first", querystring: getQuery({ ...purchasingOrderFilters, timeZone: timeZoneParam.optional() }), produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, ...filters } = request.query;
      void _t;
      return sendXlsx(reply, await purchaseOrderExport(db, filters, true, request.lang, timeZone));
    },
  );

  app.post(
    '/purchasing/order/place',
    {
      config: platform('purchasing:order:place'),
      schema: {
        tags,
        summary: 'Places a PLACING order at its platform: confirmed → PURCHASED and settled; waiting or timed out → AWAITING_CONFIRMATION (never a refund); refused → 409/503, unchanged',
        body: orderKey,
        response: record,
      },
    },
    async (request) => {
      const placed = await placeOrder(db, platforms, request.body, caller(request).userId);
      return request.ok(placed, 'purchasingPlaced', { purchaseNo: placed.purchaseNo, status: PURCHASE_ORDER_STATUS_TEXTS[placed.status] });
    },
  );

  app.post(
    '/purchasing/order/confirm',
    {
      config: platform('purchasing:order:confirm'),
      schema: { tags, summary: 'The purchaser confirms what was bought (platform numbers, domestic express fee, actual payment): → PURCHASED and settled', body: orderConfirmInput, response: record },
    },
    async (request) => request.ok(await confirmOrder(db, request.body, caller(request).userId)),
  );

  app.post(
    '/purchasing/order/ship',
    {
      config: platform('purchasing:order:ship'),
      schema: { tags, summary: "The seller shipped: its domestic express company and number → SELLER_SHIPPED", body: orderShipInput, response: record },
    },
    async (request) => request.ok(await shipOrder(db, request.body)),
  );

  app.post(
    '/purchasing/order/cancel',
    {
      config: platform('purchasing:order:cancel'),
      schema: {
        tags,
        summary: 'Not bought yet: → CANCELLED or OUT_OF_STOCK, the estimate and the service fee share back to the wallet; bought: → REFUNDED, the actual payment back',
        body: orderCancelInput,
        response: record,
      },
    },
    async (request) => request.ok(await cancelOrder(db, request.body, caller(request).userId)),
  );

  app.post(
    '/purchasing/order/reconcile',
    {
      config: platform('purchasing:order:reconcile'),
      schema: { tags, summary: 'Runs the reconciliation pass now: asks the platform about every order awaiting confirmation', body: z.strictObject({}), response: { 200: envelopeSchema(reconcileResult) } },
    },
    async (request) => {
      const result = await reconcile(db, platforms, { userId: caller(request).userId });
      return request.ok(result, 'purchasingReconciled', result);
    },
  );

  // ------------------------------------------------------------------ the merchant's own, per platform

  const MERCHANT: { path: string; platform: PurchasePlatform; codes: Record<'list' | 'sync' | 'cancel' | 'export', PermissionCode> }[] = [
    { path: 'taobao', platform: 'TAOBAO', codes: { list: 'purchase:taobao-order:list', sync: 'purchase:taobao-order:sync', cancel: 'purchase:taobao-order:cancel', export: 'purchase:taobao-order:export' } },
    { path: '1688', platform: '1688', codes: { list: 'purchase:1688-order:list', sync: 'purchase:1688-order:sync', cancel: 'purchase:1688-order:cancel', export: 'purchase:1688-order:export' } },
  ];
  for (const side of MERCHANT) {
    const base = `/purchase/${side.path}/order`;
    const merchantTags = [`purchase: ${side.path} purchase orders`];
    app.get(
      `${base}/list`,
      {
        config: merchant(side.codes.list),
        schema: { tags: merchantTags, summary: "The caller tenant's purchase orders of the platform, newest first", querystring: getQuery(merchantOrderListQuery), response: { 200: envelopeSchema(pageSchema(purchaseOrderRecord)) } },
      },
      async (request) => {
        const { pageNo, pageSize, order, column, _t, ...filters } = request.query;
        void _t;
        return request.ok(await purchaseOrderPage(db, { ...filters, tenantId: caller(request).tenantId, platform: side.platform }, { pageNo, pageSize, order, column }));
      },
    );
    app.get(
      `${base}/exportXls`,
      {
        config: merchant(side.codes.export),
        schema: { tags: merchantTags, summary: "The caller tenant's filtered purchase orders of the platform as an Excel file (xlsx)", querystring: getQuery({ ...purchaseOrderFilters, timeZone: timeZoneParam.optional() }), produces: [XLSX_TYPE] },
      },
      async (request, reply) => {
        const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, ...filters } = request.query;
        void _t;
        return sendXlsx(reply, await purchaseOrderExport(db, { ...filters, tenantId: caller(request).tenantId, platform: side.platform }, false, request.lang, timeZone));
      },
    );
    app.get(
      `${base}/detail`,
      { config: merchant(side.codes.list), schema: { tags: merchantTags, summary: "One of the caller tenant's purchase orders (404 for another tenant's)", querystring: getQuery({ id: idParam }), response: record } },
      async (request) => request.ok(await merchantRecord(db, caller(request).tenantId, side.platform, request.query.id)),
    );
    app.post(
      `${base}/sync`,
      { config: merchant(side.codes.sync), schema: { tags: merchantTags, summary: 'Asks the platform now about the order (as the reconciliation pass does)', body: merchantOrderKey, response: record } },
      async (request) => {
        const { tenantId, userId } = caller(request);
        return request.ok(await syncOrder(db, platforms, tenantId, side.platform, request.body.id, userId));
      },
    );
    app.post(
      `${base}/cancel`,
      { config: merchant(side.codes.cancel), schema: { tags: merchantTags, summary: 'Cancels an order the purchaser has not placed yet (PLACING only): its estimate and service fee share back to the wallet', body: merchantOrderKey, response: record } },
      async (request) => {
        const { tenantId, userId } = caller(request);
        return request.ok(await merchantCancel(db, tenantId, side.platform, request.body.id, userId));
      },
    );
  }
};
