import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { parcelRecord } from '@portal/shared/logistics-schemas';
import { PARCEL_STATUSES, type ParcelStatus } from '@portal/shared/logistics';
import { gramsToKg, mmToCm } from '@portal/shared/money';
import type { Db } from '../../db/client.ts';
import { orders, parcels } from '../../db/schema/logistics.ts';
import { tenants } from '../../db/schema/sys.ts';
import type { CountedPage } from '@portal/shared/api';
import { countedPage, countRows, dateRange } from '../../lib/list.ts';
import { pageIdsByStatus } from './status-merge.ts';
import { indexOrder } from '../../lib/index-order.ts';

/** A parcel as the warehouse lists it: with whose it is. */
export const warehouseParcelRecord = parcelRecord.extend({ tenantName: z.string() });
export type WarehouseParcelRecord = z.infer<typeof warehouseParcelRecord>;

export type WarehouseParcelFilters = {
  trackingNo?: string;
  orderNo?: string;
  status?: ParcelStatus;
  warehouseCode?: string;
  storageFrom?: string;
  storageTo?: string;
};

const optionalKg = (grams: number | null) => (grams === null ? null : gramsToKg(grams));
const optionalCm = (mm: number | null) => (mm === null ? null : mmToCm(mm));

/**
 * Parcels of every tenant by storage time, newest first (log_parcel_status_storage_idx: status,
 * storage_time desc nulls last); parcels not received yet have none and come last, newest forecast
 * first (first, oldest first, when sorted ascending).
 */
export async function listWarehouseParcels(
  db: Db,
  filters: WarehouseParcelFilters,
  page: { pageNo: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<CountedPage<WarehouseParcelRecord>> {
  const conditions: (SQL | undefined)[] = [
    filters.trackingNo ? eq(parcels.trackingNo, filters.trackingNo) : undefined,
    // through the order's unique number to log_parcel_order_idx
    filters.orderNo ? inArray(parcels.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, filters.orderNo))) : undefined,
    filters.warehouseCode ? eq(parcels.warehouseCode, filters.warehouseCode) : undefined,
    ...dateRange(parcels.storageTime, filters.storageFrom, filters.storageTo),
  ];
  const statuses: readonly ParcelStatus[] = filters.status ? [filters.status] : PARCEL_STATUSES;
  const direction = indexOrder(page.order);

  const [ids, counted] = await Promise.all([
    pageIdsByStatus(
      db,
      statuses,
      (status, limit, skip) => {
        const where = and(eq(parcels.status, status as ParcelStatus), ...conditions);
        // not received yet: no storage time, so the newest forecast first, by the primary key (sorting
        // every forecast parcel by id would read them all); their time is null for the union's order
        if (status === 'FORECAST') {
          return db
            .select({ id: parcels.id, at: sql<Date | null>`null::timestamptz` })
            .from(parcels)
            .where(where)
            // the primary key is an ascending index: plain asc/desc read it (see index-order.ts)
            .orderBy(page.order === 'asc' ? asc(parcels.id) : desc(parcels.id))
            .limit(limit)
            .offset(skip);
        }
        return db
          .select({ id: parcels.id, at: parcels.storageTime })
          .from(parcels)
          .where(where)
          .orderBy(direction(parcels.storageTime), direction(parcels.id))
          .limit(limit)
          .offset(skip);
      },
      { offset: (page.pageNo - 1) * page.pageSize, size: page.pageSize, direction: page.order },
    ),
    countRows(db, parcels, and(filters.status ? eq(parcels.status, filters.status) : undefined, ...conditions)),
  ]);

  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ parcel: parcels, orderNo: orders.orderNo, tenantName: tenants.name })
          .from(parcels)
          .innerJoin(tenants, eq(tenants.id, parcels.tenantId))
          .leftJoin(orders, eq(orders.id, parcels.orderId))
          .where(inArray(parcels.id, ids));
  const byId = new Map(rows.map((row) => [row.parcel.id, row]));
  const records = ids.flatMap((id): WarehouseParcelRecord[] => {
    const row = byId.get(id);
    if (!row) return [];
    const { parcel } = row;
    return [
      {
        id: parcel.id,
        trackingNo: parcel.trackingNo,
        orderId: parcel.orderId,
        logisticsOrderNo: row.orderNo,
        status: parcel.status,
        weight: optionalKg(parcel.weight),
        length: optionalCm(parcel.length),
        width: optionalCm(parcel.width),
        height: optionalCm(parcel.height),
        warehouseCode: parcel.warehouseCode,
        storageTime: parcel.storageTime?.toISOString() ?? null,
        shipmentTime: parcel.shipmentTime?.toISOString() ?? null,
        remark: parcel.remark,
        createdAt: parcel.createdAt.toISOString(),
        tenantName: row.tenantName,
      },
    ];
  });
  return countedPage(records, counted, page);
}
