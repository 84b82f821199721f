import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { PICKUP_BATCH_STATUSES } from '@portal/shared/logistics';
import { ORDER_SORT_COLUMNS, orderFilters, orderRecord, orderStatus, pageQuery, pickupBatchInput, pickupBatchRecord, weightKg } from '@portal/shared/logistics-schemas';
import { caller, merchant, platform } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { booleanParam, idField, idParam, timeParam } from '../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../lib/xlsx.ts';
import { listMerchantBatches, listPlatformBatches } from './repository.ts';
import {
  addBatch,
  batchOfAnyTenant,
  batchOfTenant,
  cancelBatch,
  confirmBatch,
  editBatch,
  merchantBatchWorkbook,
  pickableOrderPage,
  platformBatchWorkbook,
  readyBatch,
  scheduleBatch,
  takeBatch,
} from './service.ts';

/** A truck's plate as people write it: 粤B·12345, ABC-1234. */
const plate = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ·.-]*$/u);

const batchEditInput = pickupBatchInput.omit({ orderIds: true }).extend({ id: idField });
const idBody = z.strictObject({ id: idField });
const scheduleInput = z.strictObject({ id: idField, estimatedPickupAt: timeParam, plate });
const takeInput = z.strictObject({ id: idField, plate: plate.optional(), actualPickupAt: timeParam.optional() });
const confirmInput = z.strictObject({ id: idField, actualWeight: weightKg });

const batchOrder = z.object({ id: z.number(), orderNo: z.string(), merchantOrderNo: z.string(), status: orderStatus, weight: z.string() });
const batchDetail = pickupBatchRecord.extend({ orders: z.array(batchOrder) });
const platformBatchRecord = pickupBatchRecord.extend({ tenantId: z.number(), tenantName: z.string() });
const platformBatchDetail = platformBatchRecord.extend({ orders: z.array(batchOrder) });

const merchantFilters = {
  batchNo: z.string().trim().max(32).optional(),
  status: z.enum(PICKUP_BATCH_STATUSES).optional(),
  cancelled: booleanParam.optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  expectedPickupAt_begin: timeParam.optional(),
  expectedPickupAt_end: timeParam.optional(),
};
/** The picker's query form: the order list's filters that the picker shows. */
const pickableFilters = {
  orderNo: orderFilters.orderNo,
  merchantOrderNo: orderFilters.merchantOrderNo,
  destinationCountry: orderFilters.destinationCountry,
  recipientName: orderFilters.recipientName,
};

const platformFilters = {
  batchNo: z.string().trim().max(32).optional(),
  status: z.enum(PICKUP_BATCH_STATUSES).optional(),
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  expectedPickupAt_begin: timeParam.optional(),
  expectedPickupAt_end: timeParam.optional(),
};

/** Pick-up batches, merchant and platform sides: /logistics/pickupBatch/*, /warehouse/pickup/* */
export const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // ------------------------------------------------------------------ merchant

  app.get(
    '/logistics/pickupBatch/list',
    {
      config: merchant('logistics:pickup-batch:list'),
      schema: {
        tags: ['pickup'],
        summary: "The caller tenant's pick-up batches (cancelled ones included), newest first",
        querystring: getQuery({ ...pageQuery, column: z.enum(['createdAt']).optional(), ...merchantFilters }),
        response: { 200: envelopeSchema(pageSchema(pickupBatchRecord)) },
      },
    },
    async (request) => request.ok(await listMerchantBatches(db, caller(request).tenantId, request.query)),
  );

  app.get(
    '/logistics/pickupBatch/pickableOrders',
    {
      config: merchant('logistics:pickup-batch:add'),
      schema: {
        tags: ['pickup'],
        summary: "The orders a new batch may take: the caller tenant's Created orders that no batch (not cancelled) holds, with the order list's filters, newest first",
        querystring: getQuery({ ...pageQuery, column: z.enum(ORDER_SORT_COLUMNS).optional(), ...pickableFilters }),
        response: { 200: envelopeSchema(pageSchema(orderRecord)) },
      },
    },
    async (request) => request.ok(await pickableOrderPage(db, caller(request).tenantId, request.query)),
  );

  app.get(
    '/logistics/pickupBatch/queryById',
    {
      config: merchant('logistics:pickup-batch:list'),
      schema: {
        tags: ['pickup'],
        summary: 'One pick-up batch of the caller tenant with its orders',
        querystring: getQuery({ id: idParam }),
        response: { 200: envelopeSchema(batchDetail) },
      },
    },
    async (request) => request.ok(await batchOfTenant(db, caller(request).tenantId, request.query.id)),
  );

  app.post(
    '/logistics/pickupBatch/add',
    {
      config: merchant('logistics:pickup-batch:add'),
      schema: {
        tags: ['pickup'],
        summary: 'Create a batch (WAIT_PREPARE_GOODS) from Created orders of the caller tenant that are in no other live batch',
        body: pickupBatchInput,
        response: { 200: envelopeSchema(pickupBatchRecord) },
      },
    },
    async (request) => request.ok(await addBatch(db, caller(request).tenantId, request.body)),
  );

  app.put(
    '/logistics/pickupBatch/edit',
    {
      config: merchant('logistics:pickup-batch:edit'),
      schema: {
        tags: ['pickup'],
        summary: 'Change the expected time, contact, address and remark of a batch (only in WAIT_PREPARE_GOODS)',
        body: batchEditInput,
        response: { 200: envelopeSchema(pickupBatchRecord) },
      },
    },
    async (request) => request.ok(await editBatch(db, caller(request).tenantId, request.body)),
  );

  app.post(
    '/logistics/pickupBatch/ready',
    {
      config: merchant('logistics:pickup-batch:ready'),
      schema: {
        tags: ['pickup'],
        summary: 'Goods ready: the batch goes to WAIT_TAKE_GOODS and all its orders to WAIT_COLLECT, or nothing changes (409)',
        body: idBody,
        response: { 200: envelopeSchema(pickupBatchRecord) },
      },
    },
    async (request) => request.ok(await readyBatch(db, caller(request), request.body.id)),
  );

  app.post(
    '/logistics/pickupBatch/cancel',
    {
      config: merchant('logistics:pickup-batch:cancel'),
      schema: {
        tags: ['pickup'],
        summary: 'Cancel a batch still in WAIT_PREPARE_GOODS; its orders are free for another batch',
        body: idBody,
        response: { 200: envelopeSchema(pickupBatchRecord) },
      },
    },
    async (request) => request.ok(await cancelBatch(db, caller(request).tenantId, request.body.id)),
  );

  app.get(
    '/logistics/pickupBatch/exportXls',
    {
      config: merchant('logistics:pickup-batch:export'),
      schema: {
        tags: ['pickup'],
        summary: "The filtered batch list as an Excel file (xlsx) in the caller's language, newest first",
        querystring: getQuery({ ...merchantFilters, timeZone: timeZoneParam }),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      return sendXlsx(reply, await merchantBatchWorkbook(db, caller(request).tenantId, filters, request.lang, timeZone));
    },
  );

  // ------------------------------------------------------------------ platform

  app.get(
    '/warehouse/pickup/list',
    {
      config: platform('warehouse:pickup:list'),
      schema: {
        tags: ['pickup'],
        summary: 'Pick-up batches of every tenant that are not cancelled, with the tenant name; latest expected pick-up first',
        querystring: getQuery({ ...pageQuery, column: z.enum(['expectedPickupAt', 'createdAt']).optional(), ...platformFilters }),
        response: { 200: envelopeSchema(pageSchema(platformBatchRecord)) },
      },
    },
    async (request) => request.ok(await listPlatformBatches(db, request.query)),
  );

  app.get(
    '/warehouse/pickup/queryById',
    {
      config: platform('warehouse:pickup:list'),
      schema: {
        tags: ['pickup'],
        summary: 'One pick-up batch of any tenant with its orders',
        querystring: getQuery({ id: idParam }),
        response: { 200: envelopeSchema(platformBatchDetail) },
      },
    },
    async (request) => request.ok(await batchOfAnyTenant(db, request.query.id)),
  );

  app.post(
    '/warehouse/pickup/schedule',
    {
      config: platform('warehouse:pickup:schedule'),
      schema: {
        tags: ['pickup'],
        summary: 'Plan the pick-up of a batch waiting for it (WAIT_TAKE_GOODS): estimated time and plate',
        body: scheduleInput,
        response: { 200: envelopeSchema(pickupBatchRecord) },
      },
    },
    async (request) => request.ok(await scheduleBatch(db, request.body)),
  );

  app.post(
    '/warehouse/pickup/take',
    {
      config: platform('warehouse:pickup:take'),
      schema: {
        tags: ['pickup'],
        summary: 'The goods were taken: WAIT_TAKE_GOODS -> WAIT_CONFIRM_TAKE, with the plate and the time (now by default)',
        body: takeInput,
        response: { 200: envelopeSchema(pickupBatchRecord) },
      },
    },
    async (request) => request.ok(await takeBatch(db, request.body)),
  );

  app.post(
    '/warehouse/pickup/confirm',
    {
      config: platform('warehouse:pickup:confirm'),
      schema: {
        tags: ['pickup'],
        summary: 'The goods arrived and were weighed: WAIT_CONFIRM_TAKE -> FINISH_TAKE_GOODS with the actual weight (kg)',
        body: confirmInput,
        response: { 200: envelopeSchema(pickupBatchRecord) },
      },
    },
    async (request) => request.ok(await confirmBatch(db, request.body)),
  );

  app.get(
    '/warehouse/pickup/exportXls',
    {
      config: platform('warehouse:pickup:export'),
      schema: {
        tags: ['pickup'],
        summary: 'The filtered platform pick-up list as an Excel file (xlsx), latest expected pick-up first',
        querystring: getQuery({ ...platformFilters, timeZone: timeZoneParam }),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      return sendXlsx(reply, await platformBatchWorkbook(db, filters, request.lang, timeZone));
    },
  );
};
