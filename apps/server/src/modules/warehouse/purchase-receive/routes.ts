import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { EXPORT_ROWS_MAX } from '@portal/shared/logistics';
import { pageQuery, warehouseCode } from '@portal/shared/logistics-schemas';
import { purchaseReceiveInput, purchaseReceiveResult, RECEIVE_STATUSES, warehousePurchaseRecord } from '@portal/shared/purchase-stock-schemas';
import { caller, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { dayOrTimeParam } from '../../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { platformPage } from '../schemas.ts';
import { exportPurchases, purchasePage, receivePurchase } from './service.ts';

const purchaseFilters = {
  expressNo: z.string().trim().max(64).optional(),
  purchaseNo: z.string().trim().max(32).optional(),
  tenantId: z.coerce.number().int().min(0).max(999_999_999).optional(),
  status: z.enum(RECEIVE_STATUSES).optional(),
  warehouseCode: warehouseCode.optional(),
  receivedFrom: dayOrTimeParam.optional(),
  receivedTo: dayOrTimeParam.optional(),
};
const listQuery = getQuery({
  ...pageQuery,
  // one order only: the index reads purchase orders by creation time (an allow-list all the same, DESIGN §3)
  column: z.enum(['createdAt']).optional(),
  ...purchaseFilters,
});
const exportQuery = getQuery({ ...purchaseFilters, timeZone: timeZoneParam });
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

/** Purchased goods into the warehouse: /warehouse/purchase/* */
export const warehousePurchaseReceiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/warehouse/purchase/receive',
    {
      config: platform('warehouse:purchase-receive:scan'),
      schema: {
        tags: ['warehouse'],
        summary: "Purchase receipt: scan the seller's express number (any case, spaces ignored)",
        description:
          'Every SELLER_SHIPPED purchase order with the number becomes IN_STOCK and each of its lines one stock item of its merchant in warehouseCode, in one transaction. 404 when no purchase order has it, 409 when they are already in stock, or when purchase orders of several merchants share it.',
        body: purchaseReceiveInput,
        response: { 200: envelopeSchema(purchaseReceiveResult) },
      },
    },
    async (request) => {
      const result = await receivePurchase(db, request.body, caller(request).userId);
      return request.ok(result, 'purchaseReceived', { expressNo: result.expressNo, count: result.quantity });
    },
  );

  app.get(
    '/warehouse/purchase/list',
    {
      config: platform('warehouse:purchase-receive:list'),
      schema: {
        tags: ['warehouse'],
        summary: 'Purchase orders of every merchant awaiting receipt (SELLER_SHIPPED) or received (IN_STOCK), newest first; expressNo and purchaseNo match the beginning of the number',
        querystring: listQuery,
        response: { 200: platformPage(warehousePurchaseRecord) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, order, expressNo, purchaseNo, tenantId, status, warehouseCode: warehouse, receivedFrom, receivedTo } = request.query;
      return request.ok(await purchasePage(db, { expressNo, purchaseNo, tenantId, status, warehouseCode: warehouse, receivedFrom, receivedTo }, { pageNo, pageSize, order: order ?? 'desc' }));
    },
  );

  app.get(
    '/warehouse/purchase/exportXls',
    {
      config: platform('warehouse:purchase-receive:export'),
      schema: {
        tags: ['warehouse'],
        summary: `The purchase receipt list (same filters) as an .xlsx in the caller's language; more than ${EXPORT_ROWS_MAX} rows is a 400`,
        querystring: exportQuery,
        produces: [XLSX_TYPE],
        response: { 200: binary },
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      const book = await exportPurchases(db, filters, request.lang);
      return sendXlsx(reply, { title: book.title, asciiTitle: 'purchase-receipts', timeZone, columns: book.columns, batches: book.batches });
    },
  );
};
