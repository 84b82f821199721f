import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { PICKUP_BATCH_STATUSES } from '@portal/shared/logistics';
import { orderStatus, pageQuery, pickupBatchInput, pickupBatchRecord, weightKg } from '@portal/shared/logistics-schemas';
import { pickupExportTexts } from '@portal/shared/messages-pickup';
import { gramsToKg } from '@portal/shared/money';
import { ORDER_STATUS_TEXTS } from '@portal/shared/order-status';
import type { Language } from '@portal/shared/languages';
import type { Db } from '../../db/client.ts';
import { caller, merchant, platform } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { orders, pickupBatches, pickupBatchOrders } from '../../db/schema/logistics.ts';
import { moveOrder } from '../logistics/order/lifecycle.ts';
import { assertCancellable, assertIn, assertMove, batchStateText, BATCH_MOVES, EDITABLE_IN, SCHEDULABLE_IN } from './batch-lifecycle.ts';
import {
  batchColumns,
  batchesWithTenant,
  findBatch,
  lockBatch,
  merchantBatchExportBatch,
  merchantBatchWhere,
  nextBatchNo,
  orderInLiveBatch,
  ordersOfBatch,
  platformBatchExportBatch,
  platformBatchWhere,
  toBatchRecord,
  type BatchRow,
} from './batch-repository.ts';
import { booleanParam, idField, idParam, pageOf, timeParam } from '../../lib/list.ts';
import { gramsOf } from '../../lib/measures.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx, timeFormatter, timeZoneParam, type ExportColumn } from '../../lib/xlsx.ts';

/** A truck's plate as people write it: 粤B·12345, ABC-1234. */
const plate = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ·.-]*$/u);

/** A lorry-load: what the platform may weigh at confirmation. */
const BATCH_KG_MAX = 100_000;
/** Clock skew allowed between the operator's device and the server for "it happened now". */
const SKEW_MS = 5 * 60_000;

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
const platformFilters = {
  batchNo: z.string().trim().max(32).optional(),
  status: z.enum(PICKUP_BATCH_STATUSES).optional(),
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  expectedPickupAt_begin: timeParam.optional(),
  expectedPickupAt_end: timeParam.optional(),
};
/** Sort columns: the merchant's list leads with its (tenant, created) index; the platform's with (status, expected time). */
const PLATFORM_SORT = { expectedPickupAt: pickupBatches.expectedPickupAt, createdAt: pickupBatches.createdAt } as const;


/** Pick-up batches, merchant and platform sides: /logistics/pickupBatch/*, /warehouse/pickup/* */
export const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const detailOf = async (id: number, tenantId: number | null) => {
    const batch = await findBatch(db, id, tenantId);
    if (!batch) throw notFound();
    const members = await ordersOfBatch(db, batch.id);
    const orderList = members.map((order) => ({ id: order.id, orderNo: order.orderNo, merchantOrderNo: order.merchantOrderNo, status: order.status, weight: gramsToKg(order.weight) }));
    return { batch, record: { ...toBatchRecord(batch), orders: orderList } };
  };
  const recordOf = async (id: number, tenantId: number | null) => toBatchRecord(must(await findBatch(db, id, tenantId), 'pick-up batch'));

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
    async (request) => {
      const { tenantId } = caller(request);
      const query = request.query;
      const where = merchantBatchWhere(tenantId, query);
      const direction = query.order === 'asc' ? asc : desc;
      const size = query.pageSize;
      const [rows, counted] = await Promise.all([
        db
          .select(batchColumns)
          .from(pickupBatches)
          .where(where)
          .orderBy(direction(pickupBatches.createdAt), direction(pickupBatches.id))
          .limit(size)
          .offset((query.pageNo - 1) * size),
        db.select({ total: sql<number>`count(*)::int` }).from(pickupBatches).where(where),
      ]);
      return request.ok(pageOf(rows.map(toBatchRecord), Number(counted[0]?.total ?? 0), query.pageNo, size));
    },
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
    async (request) => request.ok((await detailOf(request.query.id, caller(request).tenantId)).record),
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
    async (request) => {
      const { tenantId } = caller(request);
      const body = request.body;
      assertFuture('expectedPickupAt', body.expectedPickupAt);
      const orderIds = [...new Set(body.orderIds)];
      const id = await db.transaction(async (tx) => {
        // the rows stay locked until commit, so a concurrent batch with one of them waits and then sees this one
        const found = await tx
          .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status, declaredWeight: orders.declaredWeight })
          .from(orders)
          .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, orderIds)))
          .orderBy(asc(orders.id))
          .for('update');
        const byId = new Map(found.map((order) => [order.id, order]));
        for (const orderId of orderIds) {
          const order = byId.get(orderId);
          if (!order) throw notFound('pickupOrderNotFound', { id: orderId });
          if (order.status !== 'CREATED') throw conflict('pickupOrderNotCreated', { orderNo: order.orderNo, status: ORDER_STATUS_TEXTS[order.status] });
        }
        const taken = await orderInLiveBatch(tx, orderIds);
        if (taken) throw conflict('pickupOrderInBatch', { orderNo: byId.get(taken.orderId)?.orderNo ?? String(taken.orderId), batchNo: taken.batchNo });
        const [batch] = await tx
          .insert(pickupBatches)
          .values({
            tenantId,
            batchNo: nextBatchNo,
            shipmentTotal: orderIds.length,
            estimatedWeight: found.reduce((sum, order) => sum + order.declaredWeight, 0),
            expectedPickupAt: new Date(body.expectedPickupAt),
            contactName: body.contactName,
            contactPhone: body.contactPhone,
            pickupAddress: body.pickupAddress,
            remark: body.remark,
          })
          .returning({ id: pickupBatches.id });
        const batchId = must(batch, 'inserted batch').id;
        await tx.insert(pickupBatchOrders).values(orderIds.map((orderId) => ({ batchId, orderId, tenantId })));
        return batchId;
      });
      return request.ok(await recordOf(id, tenantId));
    },
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
    async (request) => {
      const { tenantId } = caller(request);
      const body = request.body;
      assertFuture('expectedPickupAt', body.expectedPickupAt);
      await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, body.id, tenantId);
        assertIn(batch, EDITABLE_IN);
        await tx
          .update(pickupBatches)
          .set({
            expectedPickupAt: new Date(body.expectedPickupAt),
            contactName: body.contactName,
            contactPhone: body.contactPhone,
            pickupAddress: body.pickupAddress,
            remark: body.remark,
            updatedAt: sql`now()`,
          })
          .where(eq(pickupBatches.id, batch.id));
      });
      return request.ok(await recordOf(body.id, tenantId));
    },
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
    async (request) => {
      const { tenantId, userId } = caller(request);
      const { id } = request.body;
      await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, id, tenantId);
        assertMove(batch, 'ready');
        const members = await ordersOfBatch(tx, batch.id, true);
        // an order cancelled (or received) since the batch was made fails the whole call, naming it
        const movedOn = members.find((order) => order.status !== 'CREATED');
        if (movedOn) throw conflict('pickupOrderMovedOn', { orderNo: movedOn.orderNo, status: ORDER_STATUS_TEXTS[movedOn.status] });
        await moveBatch(tx, batch, BATCH_MOVES.ready.to, {});
        for (const order of members) await moveOrder(tx, order, 'WAIT_COLLECT', { source: 'MANUAL', createdBy: userId });
      });
      return request.ok(await recordOf(id, tenantId));
    },
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
    async (request) => {
      const { tenantId } = caller(request);
      const { id } = request.body;
      await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, id, tenantId);
        assertCancellable(batch);
        await tx.update(pickupBatches).set({ cancelled: true, updatedAt: sql`now()` }).where(eq(pickupBatches.id, batch.id));
      });
      return request.ok(await recordOf(id, tenantId));
    },
  );

  app.get(
    '/logistics/pickupBatch/exportXls',
    {
      config: merchant('logistics:pickup-batch:export'),
      schema: {
        tags: ['pickup'],
        summary: "The filtered batch list as an Excel file (xlsx) in the caller's language, newest first",
        querystring: getQuery({ ...merchantFilters, timeZone: timeZoneParam }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { tenantId } = caller(request);
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...query } = request.query;
      const where = merchantBatchWhere(tenantId, query);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(pickupBatches).where(where);
      assertExportSize(Number(counted?.total ?? 0));
      return sendXlsx(reply, {
        title: pickupExportTexts.batchTitle[request.lang],
        asciiTitle: 'pickup-batches',
        timeZone,
        columns: batchColumnsFor(request.lang, timeZone, false),
        batches: keysetBatches((after, limit) => merchantBatchExportBatch(db, where, after, limit)),
      });
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
    async (request) => {
      const query = request.query;
      const where = platformBatchWhere(query);
      const direction = query.order === 'asc' ? asc : desc;
      const size = query.pageSize;
      const [rows, counted] = await Promise.all([
        batchesWithTenant(db)
          .where(where)
          .orderBy(direction(PLATFORM_SORT[query.column ?? 'expectedPickupAt']), direction(pickupBatches.id))
          .limit(size)
          .offset((query.pageNo - 1) * size),
        db.select({ total: sql<number>`count(*)::int` }).from(pickupBatches).where(where),
      ]);
      const records = rows.map((row) => ({ ...toBatchRecord(row), tenantId: row.tenantId, tenantName: row.tenantName }));
      return request.ok(pageOf(records, Number(counted[0]?.total ?? 0), query.pageNo, size));
    },
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
    async (request) => {
      const { batch, record } = await detailOf(request.query.id, null);
      return request.ok({ ...record, tenantId: batch.tenantId, tenantName: batch.tenantName });
    },
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
    async (request) => {
      const body = request.body;
      await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, body.id, null);
        assertIn(batch, SCHEDULABLE_IN);
        await tx
          .update(pickupBatches)
          .set({ estimatedPickupAt: new Date(body.estimatedPickupAt), plate: body.plate, updatedAt: sql`now()` })
          .where(eq(pickupBatches.id, batch.id));
      });
      return request.ok(await recordOf(body.id, null));
    },
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
    async (request) => {
      const body = request.body;
      const actualPickupAt = body.actualPickupAt ? new Date(body.actualPickupAt) : new Date();
      if (actualPickupAt.getTime() > Date.now() + SKEW_MS) throw badRequest('pickupTimeInFuture', { field: 'actualPickupAt' });
      await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, body.id, null);
        assertMove(batch, 'take');
        const truck = body.plate ?? batch.plate;
        // the truck must be known by the time it has left with the goods
        if (!truck) throw badRequest('validationRequired', { field: 'plate' });
        await moveBatch(tx, batch, BATCH_MOVES.take.to, { plate: truck, actualPickupAt });
      });
      return request.ok(await recordOf(body.id, null));
    },
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
    async (request) => {
      const body = request.body;
      const actualWeight = gramsOf('actualWeight', body.actualWeight, BATCH_KG_MAX);
      await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, body.id, null);
        assertMove(batch, 'confirm');
        await moveBatch(tx, batch, BATCH_MOVES.confirm.to, { actualWeight });
      });
      return request.ok(await recordOf(body.id, null));
    },
  );

  app.get(
    '/warehouse/pickup/exportXls',
    {
      config: platform('warehouse:pickup:export'),
      schema: {
        tags: ['pickup'],
        summary: 'The filtered platform pick-up list as an Excel file (xlsx), latest expected pick-up first',
        querystring: getQuery({ ...platformFilters, timeZone: timeZoneParam }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...query } = request.query;
      const where = platformBatchWhere(query);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(pickupBatches).where(where);
      assertExportSize(Number(counted?.total ?? 0));
      return sendXlsx(reply, {
        title: pickupExportTexts.batchTitle[request.lang],
        asciiTitle: 'pickups',
        timeZone,
        columns: batchColumnsFor(request.lang, timeZone, true),
        batches: keysetBatches((after, limit) => platformBatchExportBatch(db, where, after, limit)),
      });
    },
  );
};

/** A time the batch is planned for must still be ahead (400 naming the field). */
function assertFuture(field: string, time: string): void {
  if (new Date(time).getTime() <= Date.now()) throw badRequest('pickupTimeNotFuture', { field });
}

/**
 * One step of the batch (already checked by assertMove on the locked row); the status condition keeps
 * the update honest should the row ever be changed without the lock.
 */
async function moveBatch(
  tx: Db,
  batch: BatchRow,
  to: BatchRow['status'],
  set: Partial<{ plate: string; actualPickupAt: Date; actualWeight: number }>,
): Promise<void> {
  const moved = await tx
    .update(pickupBatches)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(pickupBatches.id, batch.id), eq(pickupBatches.status, batch.status), eq(pickupBatches.cancelled, false)))
    .returning({ id: pickupBatches.id });
  if (moved.length === 0) throw conflict('pickupBatchChangedMeanwhile');
}

function batchColumnsFor(lang: Language, timeZone: string, withTenant: boolean): ExportColumn<BatchRow & { tenantName?: string }>[] {
  const t = pickupExportTexts;
  const time = timeFormatter(timeZone);
  // weights as numbers so that the sheet can add them up (display only: no money here)
  const kg = (grams: number | null) => (grams === null ? null : Number(gramsToKg(grams)));
  return [
    { header: t.batchNo[lang], width: 20, value: (row) => row.batchNo },
    ...(withTenant ? [{ header: t.tenantName[lang], width: 20, value: (row: BatchRow & { tenantName?: string }) => row.tenantName ?? '' }] : []),
    { header: t.status[lang], width: 18, value: (row) => batchStateText(row)[lang] },
    { header: t.shipmentTotal[lang], width: 10, value: (row) => row.shipmentTotal },
    { header: t.estimatedWeightKg[lang], width: 14, numFmt: '0.000', value: (row) => kg(row.estimatedWeight) },
    { header: t.actualWeightKg[lang], width: 14, numFmt: '0.000', value: (row) => kg(row.actualWeight) },
    { header: t.expectedPickupAt[lang], width: 20, value: (row) => time(row.expectedPickupAt) },
    { header: t.estimatedPickupAt[lang], width: 20, value: (row) => time(row.estimatedPickupAt) },
    { header: t.actualPickupAt[lang], width: 20, value: (row) => time(row.actualPickupAt) },
    { header: t.plate[lang], width: 12, value: (row) => row.plate },
    { header: t.contactName[lang], width: 14, value: (row) => row.contactName },
    { header: t.contactPhone[lang], width: 16, value: (row) => row.contactPhone },
    { header: t.pickupAddress[lang], width: 36, value: (row) => row.pickupAddress },
    { header: t.remark[lang], width: 30, value: (row) => row.remark },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
