import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importResult } from '@portal/shared/logistics-schemas';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import type { PermissionCode } from '@portal/shared/permissions';
import {
  basketAddInput,
  basketDeleteInput,
  basketEditInput,
  basketRecord,
  payInput,
  payPreview,
  payPreviewInput,
  payResult,
  PLATFORM_SEGMENTS,
  preOrderDetail,
  preOrderFilters,
  preOrderIdInput,
  preOrderIdQuery,
  preOrderListQuery,
  preOrderRecord,
  preOrderSubmitInput,
} from '@portal/shared/pre-order-schemas';
import { PURCHASE_PLATFORMS, type PurchasePlatform } from '@portal/shared/purchase';
import { caller, merchant } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { contentDisposition, DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { acceptUploads, IMPORT_UPLOAD_LIMITS, uploadedFile } from '../../../lib/upload.ts';
import { demoProducts } from '../platform/demo-catalogue.ts';
import { importToBasket, preOrderImportTemplate } from './import.ts';
import { idempotencyKey } from '../../../lib/idempotency.ts';
import { preOrderWorkbook } from './export.ts';
import { preOrderDetail as readDetail, preOrderPage } from './records.ts';
import {
  addToBasket,
  cancelSubmitted,
  deleteBasketLines,
  editBasketLine,
  getBasket,
  payPreOrder,
  payTopUp,
  previewPreOrderPay,
  previewTopUp,
  submitPreOrder,
} from './service.ts';

// the template is a file, not JSON: documented as binary, never serialised
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

/** The codes of each platform's screens: a route declares its own platform's, typed. */
const CODES = {
  TAOBAO: {
    list: 'purchase:taobao-pre-order:list',
    edit: 'purchase:taobao-pre-order:edit',
    delete: 'purchase:taobao-pre-order:delete',
    submit: 'purchase:taobao-pre-order:submit',
    pay: 'purchase:taobao-pre-order:pay',
    cancel: 'purchase:taobao-pre-order:cancel',
    export: 'purchase:taobao-pre-order:export',
    import: 'purchase:taobao-pre-order:import',
    orderPay: 'purchase:taobao-order:pay',
  },
  '1688': {
    list: 'purchase:1688-pre-order:list',
    edit: 'purchase:1688-pre-order:edit',
    delete: 'purchase:1688-pre-order:delete',
    submit: 'purchase:1688-pre-order:submit',
    pay: 'purchase:1688-pre-order:pay',
    cancel: 'purchase:1688-pre-order:cancel',
    export: 'purchase:1688-pre-order:export',
    import: 'purchase:1688-pre-order:import',
    orderPay: 'purchase:1688-order:pay',
  },
} as const satisfies Record<PurchasePlatform, Record<string, PermissionCode>>;

/**
 * The merchant's basket and pre-purchase orders on Taobao and on 1688 (`/api/purchase/{taobao|1688}/...`),
 * and the payment of a purchase order's top-up. Money moves only in payment.ts, once per Idempotency-Key.
 */
export const preOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // the import's upload (this plugin's own context)
  await acceptUploads(app, IMPORT_UPLOAD_LIMITS);
  const who = (request: Parameters<typeof caller>[0]) => {
    const auth = caller(request);
    return { tenantId: auth.tenantId, userId: auth.userId };
  };

  for (const platform of PURCHASE_PLATFORMS) {
    const base = `/purchase/${PLATFORM_SEGMENTS[platform]}`;
    const codes = CODES[platform];
    const tags = [`purchase: ${platform} pre-orders`];
    const client = () => app.purchasePlatforms.get(platform);

    app.get(
      `${base}/basket`,
      { config: merchant(codes.list), schema: { tags, summary: "The caller's basket on the platform: its lines and the live estimate (CNY)", querystring: getQuery({}), response: { 200: envelopeSchema(basketRecord) } } },
      async (request) => request.ok(await getBasket(db, who(request), client())),
    );

    app.post(
      `${base}/basket/add`,
      {
        config: merchant('product:search:pre-order'),
        schema: {
          tags,
          summary: "Adds a SKU to the caller's basket at the platform's price of now (never a price from the request), or adds to the line holding it; 409 past the stock, the platform's minimum or the limits",
          body: basketAddInput,
          response: { 200: envelopeSchema(basketRecord) },
        },
      },
      async (request) => request.ok(await addToBasket(db, who(request), client(), request.body), 'preOrderAdded'),
    );

    app.post(
      `${base}/basket/edit`,
      { config: merchant(codes.edit), schema: { tags, summary: "Changes a basket line's quantity and remark; the line takes the platform's price of now", body: basketEditInput, response: { 200: envelopeSchema(basketRecord) } } },
      async (request) => request.ok(await editBasketLine(db, who(request), client(), request.body)),
    );

    app.post(
      `${base}/basket/delete`,
      { config: merchant(codes.delete), schema: { tags, summary: 'Deletes basket lines: all or nothing (404 naming the ones the basket does not hold)', body: basketDeleteInput, response: { 200: envelopeSchema(basketRecord) } } },
      async (request) => request.ok(await deleteBasketLines(db, who(request), client(), request.body.lineIds)),
    );

    app.get(
      `${base}/basket/importTemplate`,
      { config: merchant(codes.import), schema: { tags, summary: "The basket import's template in the caller's language: the header and one example row", querystring: getQuery({}), produces: [XLSX_TYPE], response: { 200: binary } } },
      async (request, reply) => {
        // an item of the demo catalogue as the example: a real link of the platform's shape
        const example = demoProducts(platform)[0];
        const template = await preOrderImportTemplate(request.lang, { itemUrl: example?.itemUrl ?? '', skuId: example?.skus[0]?.skuId ?? '' });
        return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(template.fileName, 'pre-purchase-import-template.xlsx')).send(template.workbook);
      },
    );

    app.post(
      `${base}/basket/importExcel`,
      {
        config: merchant(codes.import),
        schema: {
          tags,
          summary: `Adds goods to the caller's basket from an Excel file (multipart/form-data, one .xlsx in field "file", at most ${IMPORT_UPLOAD_LIMITS.limitText}): item link or id, SKU id, quantity, remark, at the platform's prices of now. All or nothing: every wrong row is listed`,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(importResult) },
        },
      },
      async (request) => {
        const outcome = await importToBasket(db, who(request), client(), (await uploadedFile(request, IMPORT_UPLOAD_LIMITS)).content, request.lang);
        return request.ok(outcome.result, outcome.key, outcome.params);
      },
    );

    app.post(
      `${base}/preOrder/submit`,
      {
        config: merchant(codes.submit),
        schema: {
          tags,
          summary: 'Submits the basket as a pre-purchase order (PP…): prices, express fees and stock are read again from the platform (a difference is 409 naming the line, nothing changes); the estimate is fixed and its charge raised',
          body: preOrderSubmitInput,
          response: { 200: envelopeSchema(preOrderDetail) },
        },
      },
      async (request) => {
        const detail = await submitPreOrder(db, who(request), client(), request.body);
        return request.ok(detail, 'preOrderSubmitted', { preOrderNo: detail.preOrderNo });
      },
    );

    app.get(
      `${base}/preOrder/list`,
      {
        config: merchant(codes.list),
        schema: { tags, summary: "The tenant's submitted pre-purchase orders on the platform, newest first; filtered by number (its beginning), status, creation time and a word of the goods' titles", querystring: getQuery(preOrderListQuery), response: { 200: envelopeSchema(pageSchema(preOrderRecord)) } },
      },
      async (request) => request.ok(await preOrderPage(db, who(request).tenantId, platform, request.query)),
    );

    app.get(
      `${base}/preOrder/detail`,
      { config: merchant(codes.list), schema: { tags, summary: 'A pre-purchase order with its lines, its charges (how each was paid and refunded) and its purchase orders', querystring: getQuery(preOrderIdQuery), response: { 200: envelopeSchema(preOrderDetail) } } },
      async (request) => request.ok(await readDetail(db, who(request).tenantId, platform, request.query.id)),
    );

    app.get(
      `${base}/preOrder/exportXls`,
      { config: merchant(codes.export), schema: { tags, summary: "The filtered pre-purchase orders as an Excel file (xlsx) in the caller's language, newest first", querystring: getQuery({ ...preOrderFilters, timeZone: timeZoneParam }), produces: [XLSX_TYPE] } },
      async (request, reply) => {
        const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, ...filters } = request.query;
        void _t;
        return sendXlsx(reply, await preOrderWorkbook(db, who(request).tenantId, platform, filters, request.lang, timeZone));
      },
    );

    app.post(
      `${base}/preOrder/pay/preview`,
      { config: merchant(codes.pay), schema: { tags, summary: "What paying the pre-order's unpaid charges from the currency's wallet would take at the rate applying now; nothing changes", body: payPreviewInput, response: { 200: envelopeSchema(payPreview) } } },
      async (request) => request.ok(await previewPreOrderPay(db, who(request), platform, request.body)),
    );

    const payRoute = `${base}/preOrder/pay`;
    app.post(
      payRoute,
      {
        config: merchant(codes.pay),
        schema: {
          tags,
          summary: "Pays the pre-order's unpaid charges from the currency's wallet at the rate applying now (409 when it is not expectedRate, or the balance is short: nothing moves). Idempotency-Key required",
          body: payInput,
          response: { 200: envelopeSchema(payResult) },
        },
      },
      async (request) => {
        const paid = await payPreOrder(db, who(request), platform, { key: idempotencyKey(request), route: `/api${payRoute}` }, request.body);
        return request.ok(paid, 'preOrderPaid', { amount: paid.payAmount, currency: paid.currency });
      },
    );

    app.post(
      `${base}/preOrder/cancel`,
      { config: merchant(codes.cancel), schema: { tags, summary: 'Cancels a submitted pre-purchase order that is not paid, and its charge (409 otherwise)', body: preOrderIdInput, response: { 200: envelopeSchema(preOrderDetail) } } },
      async (request) => {
        const detail = await cancelSubmitted(db, who(request), platform, request.body.id);
        return request.ok(detail, 'preOrderCancelled', { preOrderNo: detail.preOrderNo });
      },
    );

    app.post(
      `${base}/order/payTopUp/preview`,
      { config: merchant(codes.orderPay), schema: { tags, summary: 'What paying the top-up a purchase order raised would take from the currency\'s wallet now; nothing changes', body: payPreviewInput, response: { 200: envelopeSchema(payPreview) } } },
      async (request) => request.ok(await previewTopUp(db, who(request), platform, request.body)),
    );

    const topUpRoute = `${base}/order/payTopUp`;
    app.post(
      topUpRoute,
      {
        config: merchant(codes.orderPay),
        schema: { tags, summary: 'Pays the top-up a purchase order (id) raised, from the currency\'s wallet at the rate applying now (409 as for paying a pre-order). Idempotency-Key required', body: payInput, response: { 200: envelopeSchema(payResult) } },
      },
      async (request) => {
        const paid = await payTopUp(db, who(request), platform, { key: idempotencyKey(request), route: `/api${topUpRoute}` }, request.body);
        return request.ok(paid, 'preOrderPaid', { amount: paid.payAmount, currency: paid.currency });
      },
    );
  }
};
