import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countedPageSchema, envelopeSchema } from '@portal/shared/api';
import { PARCEL_STATUSES, TRACKING_SOURCES } from '@portal/shared/logistics';
import {
  orderFilters,
  orderStatus,
  pageQuery,
  receiveInput,
  shipOutInput,
  trackingEventInput,
  warehouseCode,
} from '@portal/shared/logistics-schemas';
import { caller } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { dayOrTimeParam } from '../../lib/list.ts';
import { warehouseOrderRecord } from './order-records.ts';
import { listWarehouseOrders } from './order-list.ts';
import { listWarehouseParcels, warehouseParcelRecord } from './parcel-list.ts';
import { listWarehouseEvents, warehouseEventRecord } from './event-list.ts';
import { receiveParcel } from './receive-service.ts';
import { shipOut } from './ship-out-service.ts';
import { addTrackingEvent } from './tracking-event-service.ts';

const PLATFORM = 'platform' as const;
const dayOrTime = dayOrTimeParam;

const platformPage = <T extends z.ZodType>(record: T) => envelopeSchema(countedPageSchema(record));

const orderListQuery = getQuery({
  ...pageQuery,
  // one order only: the index reads orders by creation time (an allow-list all the same, DESIGN §3)
  column: z.enum(['createdAt']).optional(),
  orderNo: orderFilters.orderNo,
  waybillNo: orderFilters.waybillNo,
  status: orderFilters.status,
  destinationCountry: orderFilters.destinationCountry,
  warehouseCode: orderFilters.warehouseCode,
  createdFrom: dayOrTime.optional(),
  createdTo: dayOrTime.optional(),
});

const parcelListQuery = getQuery({
  ...pageQuery,
  column: z.enum(['storageTime']).optional(),
  trackingNo: z.string().trim().max(64).optional(),
  orderNo: z.string().trim().max(32).optional(),
  status: z.enum(PARCEL_STATUSES).optional(),
  warehouseCode: warehouseCode.optional(),
  storageFrom: dayOrTime.optional(),
  storageTo: dayOrTime.optional(),
});

const eventListQuery = getQuery({
  ...pageQuery,
  column: z.enum(['createdAt']).optional(),
  orderNo: z.string().trim().max(32).optional(),
  status: orderStatus.optional(),
  source: z.enum(TRACKING_SOURCES).optional(),
  createdFrom: dayOrTime.optional(),
  createdTo: dayOrTime.optional(),
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

const shipOutResult = z.array(z.object({ orderNo: z.string(), ok: z.boolean(), message: z.string() }));

/** The platform's warehouse: receive, ship out, tracking events, orders across tenants: /warehouse/* */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/warehouse/parcel/receive',
    {
      config: { access: { permission: 'warehouse:receive:scan', tenant: PLATFORM } },
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
      config: { access: { permission: 'warehouse:receive:list', tenant: PLATFORM } },
      schema: {
        tags: ['warehouse'],
        summary: 'Parcels of every merchant, by storage time (not yet received first), with their order and merchant',
        querystring: parcelListQuery,
        response: { 200: platformPage(warehouseParcelRecord) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, order, ...filters } = request.query;
      return request.ok(await listWarehouseParcels(db, filters, { pageNo, pageSize, order: order ?? 'desc' }));
    },
  );

  app.get(
    '/warehouse/order/list',
    {
      config: { access: { permission: 'warehouse:ship-out:list', tenant: PLATFORM } },
      schema: {
        tags: ['warehouse'],
        summary: 'Orders of every merchant, newest first; status takes one status or several separated by commas',
        querystring: orderListQuery,
        response: { 200: platformPage(warehouseOrderRecord) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, order, ...filters } = request.query;
      return request.ok(await listWarehouseOrders(db, filters, { pageNo, pageSize, order: order ?? 'desc' }));
    },
  );

  app.post(
    '/warehouse/order/shipOut',
    {
      config: { access: { permission: 'warehouse:ship-out:scan', tenant: PLATFORM } },
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
      const results = outcomes.map(({ orderNo, refusal }) => ({
        orderNo,
        ok: refusal === null,
        message: refusal ? request.t(refusal.key, refusal.params) : request.t('shipOutDone'),
      }));
      const ok = results.filter((result) => result.ok).length;
      return request.ok(results, 'shipOutSummary', { ok, failed: results.length - ok });
    },
  );

  app.post(
    '/warehouse/tracking/add',
    {
      config: { access: { permission: 'warehouse:tracking:add', tenant: PLATFORM } },
      schema: {
        tags: ['warehouse'],
        summary: "Record a tracking event: with a status it moves the order (the lifecycle decides), without one it moves nothing",
        description: 'The description in three languages or the carrier’s raw text; the carrier’s own code stays in carrierCode. occurredAt may not be more than 5 minutes ahead.',
        body: trackingEventInput,
        response: { 200: envelopeSchema(z.object({ orderNo: z.string(), status: orderStatus })) },
      },
    },
    async (request) => request.ok(await addTrackingEvent(db, request.body, caller(request).userId), 'trackingEventRecorded'),
  );

  app.get(
    '/warehouse/tracking/list',
    {
      config: { access: { permission: 'warehouse:tracking:list', tenant: PLATFORM } },
      schema: {
        tags: ['warehouse'],
        summary: 'Tracking events of every merchant as recorded, newest first, described in the caller’s language',
        querystring: eventListQuery,
        response: { 200: platformPage(warehouseEventRecord) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, order, ...filters } = request.query;
      return request.ok(await listWarehouseEvents(db, filters, { pageNo, pageSize, order: order ?? 'desc' }, request.lang));
    },
  );
};
