import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { PARCEL_STATUSES } from '@portal/shared/logistics';
import { pageQuery, receiveInput, warehouseCode } from '@portal/shared/logistics-schemas';
import { caller, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { dayOrTimeParam } from '../../../lib/list.ts';
import { platformPage, warehouseParcelRecord } from '../schemas.ts';
import { parcelPage, receiveParcel } from './service.ts';

const parcelListQuery = getQuery({
  ...pageQuery,
  // one order only: the index reads parcels by storage time (an allow-list all the same, DESIGN §3)
  column: z.enum(['storageTime']).optional(),
  trackingNo: z.string().trim().max(64).optional(),
  orderNo: z.string().trim().max(32).optional(),
  status: z.enum(PARCEL_STATUSES).optional(),
  warehouseCode: warehouseCode.optional(),
  storageFrom: dayOrTimeParam.optional(),
  storageTo: dayOrTimeParam.optional(),
});

const receiveResult = z.object({
  orderNo: z.string(),
  tenantName: z.string(),
  status: z.literal('WHIN'),
  /** kg */
  chargeableWeight: z.string(),
  freightCharge: z.string().nullable(),
  freightCurrency: z.string().nullable(),
});

/** Warehouse-in: the scan at the scale and the parcels of every merchant: /warehouse/parcel/* */
export const warehouseReceiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/warehouse/parcel/receive',
    {
      config: platform('warehouse:receive:scan'),
      schema: {
        tags: ['warehouse'],
        summary: 'Warehouse-in: scan a parcel tracking number or an order number, record the measure, charge the freight',
        description:
          'The order moves to WHIN (from CREATED or WAIT_COLLECT only), its parcel is IN_WAREHOUSE with the measured weight (kg) and sizes (cm), and the freight is charged on max(actual, volumetric). A tracking number shared by parcels of several merchants answers 409: scan the order number.',
        body: receiveInput,
        response: { 200: envelopeSchema(receiveResult) },
      },
    },
    async (request) => {
      const result = await receiveParcel(db, request.body, caller(request).userId);
      return request.ok(result, 'warehouseReceived', { orderNo: result.orderNo });
    },
  );

  app.get(
    '/warehouse/parcel/list',
    {
      config: platform('warehouse:receive:list'),
      schema: {
        tags: ['warehouse'],
        summary: 'Parcels of every merchant, by storage time (not yet received first), with their order and merchant',
        querystring: parcelListQuery,
        response: { 200: platformPage(warehouseParcelRecord) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, order, ...filters } = request.query;
      return request.ok(await parcelPage(db, filters, { pageNo, pageSize, order: order ?? 'desc' }));
    },
  );
};
