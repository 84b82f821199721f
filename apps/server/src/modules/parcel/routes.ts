import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { PARCEL_STATUSES } from '@portal/shared/logistics';
import { pageQuery, parcelEditInput, parcelInput, parcelRecord } from '@portal/shared/logistics-schemas';
import { PARCEL_STATUS_TEXTS, pickupExportTexts } from '@portal/shared/messages-pickup';
import { gramsToKg, mmToCm } from '@portal/shared/money';
import { caller, merchant } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { conflict } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { parcels } from '../../db/schema/logistics.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { idParam, pageOf, timeParam } from '../../lib/list.ts';
import { gramsOf, sizesOf } from '../../lib/measures.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx, timeFormatter, timeZoneParam, type ExportColumn } from '../../lib/xlsx.ts';
import { findParcel, linkableOrder, lockParcel, parcelExportBatch, parcelsWithOrder, parcelWhere, toParcelRecord, trackingNoTaken, type ParcelRow } from './parcel-repository.ts';

/** Sort columns the client may name; both lead an index after tenant_id. */
const SORT_COLUMNS = { createdAt: parcels.createdAt, trackingNo: parcels.trackingNo } as const;

const filters = {
  trackingNo: z.string().trim().max(64).optional(),
  /** the logistics order number */
  orderNo: z.string().trim().max(32).optional(),
  status: z.enum(PARCEL_STATUSES).optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  storageTime_begin: timeParam.optional(),
  storageTime_end: timeParam.optional(),
};

const listQuery = getQuery({ ...pageQuery, column: z.enum(['createdAt', 'trackingNo']).optional(), ...filters });
const exportQuery = getQuery({ ...filters, timeZone: timeZoneParam });
const idQuery = getQuery({ id: idParam });


/** The forecast parcel's unique tracking number (tenant scope) also guards a race between two adds. */
const TRACKING_UNIQUE = 'log_parcel_tenant_tracking_uq';

/** Package management: /logistics/package/* (merchant, the caller's tenant only). */
export const parcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/logistics/package/list',
    {
      config: merchant('logistics:package:list'),
      schema: {
        tags: ['parcel'],
        summary: "The caller tenant's parcels, newest first; filters on tracking number, order number, status, created and storage times",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(parcelRecord)) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      const query = request.query;
      const where = parcelWhere(db, tenantId, query);
      const sort = SORT_COLUMNS[query.column ?? 'createdAt'];
      const direction = query.order === 'asc' ? asc : desc;
      const size = query.pageSize;
      const [rows, counted] = await Promise.all([
        parcelsWithOrder(db)
          .where(where)
          .orderBy(direction(sort), direction(parcels.id))
          .limit(size)
          .offset((query.pageNo - 1) * size),
        db.select({ total: sql<number>`count(*)::int` }).from(parcels).where(where),
      ]);
      return request.ok(pageOf(rows.map(toParcelRecord), Number(counted[0]?.total ?? 0), query.pageNo, size));
    },
  );

  app.post(
    '/logistics/package/add',
    {
      config: merchant('logistics:package:add'),
      schema: {
        tags: ['parcel'],
        summary: 'Forecast a parcel by its domestic tracking number (unique in the tenant: 409), optionally linked to a Created or Awaiting collection order',
        body: parcelInput,
        response: { 200: envelopeSchema(parcelRecord) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      const body = request.body;
      const measures = measuresOf(body);
      const orderId = body.orderNo ? await linkableOrder(db, tenantId, body.orderNo) : null;
      if (await trackingNoTaken(db, tenantId, body.trackingNo, null)) throw conflict('parcelTrackingNoTaken', { trackingNo: body.trackingNo });
      let id: number;
      try {
        const [row] = await db
          .insert(parcels)
          .values({ tenantId, trackingNo: body.trackingNo, orderId, ...measures, remark: body.remark })
          .returning({ id: parcels.id });
        id = must(row, 'inserted parcel').id;
      } catch (error) {
        if (violatedConstraint(error) === TRACKING_UNIQUE) throw conflict('parcelTrackingNoTaken', { trackingNo: body.trackingNo });
        throw error;
      }
      return request.ok(must(await findParcel(db, tenantId, id), 'parcel'));
    },
  );

  app.put(
    '/logistics/package/edit',
    {
      config: merchant('logistics:package:edit'),
      schema: {
        tags: ['parcel'],
        summary: 'Replace a forecast parcel (only while FORECAST: 409 otherwise); omitted fields are cleared',
        body: parcelEditInput,
        response: { 200: envelopeSchema(parcelRecord) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      const body = request.body;
      const measures = measuresOf(body);
      try {
        await db.transaction(async (tx) => {
          const parcel = await lockParcel(tx, tenantId, body.id);
          if (parcel.status !== 'FORECAST') throw conflict('parcelNotForecast', { status: PARCEL_STATUS_TEXTS[parcel.status] });
          const orderId = body.orderNo ? await linkableOrder(tx, tenantId, body.orderNo, parcel.orderId) : null;
          if (await trackingNoTaken(tx, tenantId, body.trackingNo, parcel.id)) throw conflict('parcelTrackingNoTaken', { trackingNo: body.trackingNo });
          await tx
            .update(parcels)
            .set({ trackingNo: body.trackingNo, orderId, ...measures, remark: body.remark, updatedAt: sql`now()` })
            .where(eq(parcels.id, parcel.id));
        });
      } catch (error) {
        if (violatedConstraint(error) === TRACKING_UNIQUE) throw conflict('parcelTrackingNoTaken', { trackingNo: body.trackingNo });
        throw error;
      }
      return request.ok(must(await findParcel(db, tenantId, body.id), 'parcel'));
    },
  );

  app.delete(
    '/logistics/package/delete',
    {
      config: merchant('logistics:package:delete'),
      schema: {
        tags: ['parcel'],
        summary: 'Delete a forecast parcel (only while FORECAST: 409 otherwise)',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      await db.transaction(async (tx) => {
        const parcel = await lockParcel(tx, tenantId, request.query.id);
        if (parcel.status !== 'FORECAST') throw conflict('parcelNotForecast', { status: PARCEL_STATUS_TEXTS[parcel.status] });
        await tx.delete(parcels).where(and(eq(parcels.id, parcel.id), eq(parcels.tenantId, tenantId)));
      });
      return request.ok(null);
    },
  );

  app.get(
    '/logistics/package/exportXls',
    {
      config: merchant('logistics:package:export'),
      schema: {
        tags: ['parcel'],
        summary: 'The filtered parcel list as an Excel file (xlsx) in the caller\'s language, newest first; times in `timeZone` (default Asia/Shanghai)',
        querystring: exportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { tenantId } = caller(request);
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...query } = request.query;
      const where = parcelWhere(db, tenantId, query);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(parcels).where(where);
      assertExportSize(Number(counted?.total ?? 0));
      const lang = request.lang;
      const t = pickupExportTexts;
      const time = timeFormatter(timeZone);
      // weights and sizes as numbers, so that the sheet can add them up (display only: no money here)
      const kg = (grams: number | null) => (grams === null ? null : Number(gramsToKg(grams)));
      const cm = (mm: number | null) => (mm === null ? null : Number(mmToCm(mm)));
      const columns: ExportColumn<ParcelRow>[] = [
        { header: t.trackingNo[lang], width: 24, value: (row) => row.trackingNo },
        { header: t.logisticsOrderNo[lang], width: 22, value: (row) => row.logisticsOrderNo ?? '' },
        { header: t.status[lang], width: 14, value: (row) => PARCEL_STATUS_TEXTS[row.status][lang] },
        { header: t.weightKg[lang], width: 12, numFmt: '0.000', value: (row) => kg(row.weight) },
        { header: t.lengthCm[lang], width: 10, numFmt: '0.0', value: (row) => cm(row.length) },
        { header: t.widthCm[lang], width: 10, numFmt: '0.0', value: (row) => cm(row.width) },
        { header: t.heightCm[lang], width: 10, numFmt: '0.0', value: (row) => cm(row.height) },
        { header: t.warehouse[lang], width: 10, value: (row) => row.warehouseCode ?? '' },
        { header: t.storageTime[lang], width: 20, value: (row) => time(row.storageTime) },
        { header: t.shipmentTime[lang], width: 20, value: (row) => time(row.shipmentTime) },
        { header: t.remark[lang], width: 30, value: (row) => row.remark },
        { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
      ];
      return sendXlsx(reply, {
        title: t.parcelTitle[lang],
        asciiTitle: 'packages',
        timeZone,
        columns,
        batches: keysetBatches((after, limit) => parcelExportBatch(db, where, after, limit)),
      });
    },
  );
};

/** Weight and sizes of a forecast, as stored: grams and millimetres (all three sizes or none). */
function measuresOf(body: { weight?: string; length?: string; width?: string; height?: string }) {
  const sizes = sizesOf(body);
  return {
    weight: body.weight === undefined ? null : gramsOf('weight', body.weight),
    length: sizes?.length ?? null,
    width: sizes?.width ?? null,
    height: sizes?.height ?? null,
  };
}
