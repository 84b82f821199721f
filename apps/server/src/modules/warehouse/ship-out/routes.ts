import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { orderFilters, pageQuery, shipOutInput } from '@portal/shared/logistics-schemas';
import { caller, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { dayOrTimeParam } from '../../../lib/list.ts';
import { platformPage, warehouseOrderRecord } from '../schemas.ts';
import { orderPage, shipOut } from './service.ts';

const orderListQuery = getQuery({
  ...pageQuery,
  // one order only: the index reads orders by creation time (an allow-list all the same, DESIGN §3)
  column: z.enum(['createdAt']).optional(),
  orderNo: orderFilters.orderNo,
  waybillNo: orderFilters.waybillNo,
  status: orderFilters.status,
  destinationCountry: orderFilters.destinationCountry,
  warehouseCode: orderFilters.warehouseCode,
  createdFrom: dayOrTimeParam.optional(),
  createdTo: dayOrTimeParam.optional(),
});

const shipOutResult = z.array(z.object({ orderNo: z.string(), ok: z.boolean(), message: z.string() }));

/** Warehouse-out: the orders of every merchant and their ship-out: /warehouse/order/* */
export const warehouseShipOutRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/warehouse/order/list',
    {
      config: platform('warehouse:ship-out:list'),
      schema: {
        tags: ['warehouse'],
        summary: 'Orders of every merchant, newest first; status takes one status or several separated by commas',
        querystring: orderListQuery,
        response: { 200: platformPage(warehouseOrderRecord) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, order, ...filters } = request.query;
      return request.ok(await orderPage(db, filters, { pageNo, pageSize, order: order ?? 'desc' }));
    },
  );

  app.post(
    '/warehouse/order/shipOut',
    {
      config: platform('warehouse:ship-out:scan'),
      schema: {
        tags: ['warehouse'],
        summary: 'Ship out orders (WHIN -> WHOUT), each on its own; answers what happened to each number',
        description: 'An order not in WHIN or not found is refused with its reason and does not hold back the others. The waybill number, when given, is set on every order shipped.',
        body: shipOutInput,
        response: { 200: envelopeSchema(shipOutResult) },
      },
    },
    async (request) => {
      const outcomes = await shipOut(db, request.body.orderNos, request.body.waybillNo, caller(request).userId);
      // each outcome in the caller's language: the service knows no language
      const results = outcomes.map(({ orderNo, refusal }) => ({
        orderNo,
        ok: refusal === null,
        message: refusal ? request.t(refusal.key, refusal.params) : request.t('shipOutDone'),
      }));
      const ok = results.filter((result) => result.ok).length;
      return request.ok(results, 'shipOutSummary', { ok, failed: results.length - ok });
    },
  );
};
