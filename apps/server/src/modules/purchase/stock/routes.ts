import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { EXPORT_ROWS_MAX } from '@portal/shared/logistics';
import { pageQuery, warehouseCode } from '@portal/shared/logistics-schemas';
import { STOCK_STATUSES } from '@portal/shared/purchase';
import { stockItemRecord, stockShipInput, stockShipResult } from '@portal/shared/purchase-stock-schemas';
import { getQuery } from '../../../lib/query.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, merchant } from '../../../plugins/auth.ts';
import { exportStock, shipStock, stockPage } from './service.ts';

/*
 * The merchant's stock of purchased goods: /purchase/stock/*. Every call works in the
 * caller's tenant; another tenant's item answers 404 like a missing one.
 */

const stockFilters = {
  status: z.enum(STOCK_STATUSES).optional(),
  title: z.string().trim().max(100).optional(),
  purchaseNo: z.string().trim().max(32).optional(),
  warehouseCode: warehouseCode.optional(),
};
const listQuery = getQuery({
  ...pageQuery,
  // one order only: newest received first (an allow-list all the same, DESIGN §3)
  column: z.enum(['receivedAt']).optional(),
  ...stockFilters,
});
const exportQuery = getQuery({ ...stockFilters, timeZone: timeZoneParam });
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

export const purchaseStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/purchase/stock/list',
    {
      config: merchant('purchase:stock:list'),
      schema: {
        tags: ['purchase'],
        summary: "The caller tenant's stock of purchased goods, newest received first, with their purchase and pre-purchase numbers and platform; title matches any part, purchaseNo the beginning of the number",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(stockItemRecord)) },
      },
    },
    async (request) => {
      // one sort only (newest received first): column and order are accepted and change nothing
      const { pageNo, pageSize, status, title, purchaseNo, warehouseCode: warehouse } = request.query;
      return request.ok(await stockPage(db, caller(request).tenantId, { status, title, purchaseNo, warehouseCode: warehouse }, { pageNo, pageSize }));
    },
  );

  app.get(
    '/purchase/stock/exportXls',
    {
      config: merchant('purchase:stock:export'),
      schema: {
        tags: ['purchase'],
        summary: `The stock list (same filters) as an .xlsx in the caller's language; more than ${EXPORT_ROWS_MAX} matching items is a 400`,
        querystring: exportQuery,
        produces: [XLSX_TYPE],
        response: { 200: binary },
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      const book = await exportStock(db, caller(request).tenantId, filters, request.lang);
      return sendXlsx(reply, { title: book.title, asciiTitle: 'purchase-stock', timeZone, columns: book.columns, batches: book.batches });
    },
  );

  app.post(
    '/purchase/stock/ship',
    {
      config: merchant('purchase:stock:ship'),
      schema: {
        tags: ['purchase'],
        summary:
          'An international logistics order (CREATED) from stock items: one product per item (its title, SKU, quantity and purchase price in CNY), the warehouse theirs. Every item must be the caller\'s (404), IN_STOCK and in one warehouse (409); an unpaid top-up of their pre-purchase order refuses it (409). The items become ALLOCATED to the order',
        body: stockShipInput,
        response: { 200: envelopeSchema(stockShipResult) },
      },
    },
    async (request) => {
      const shipped = await shipStock(db, caller(request), request.body);
      return request.ok(shipped, 'stockShipped', { orderNo: shipped.orderNo });
    },
  );
};
