import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PARCEL_STATUSES, type OrderStatus, type ParcelStatus, type ServiceType } from '@portal/shared/logistics';
import { gramsToKg, mmToCm, type CurrencyCode } from '@portal/shared/money';
import type { CountedPage } from '@portal/shared/api';
import type { Db } from '../../../db/client.ts';
import { orders, parcels } from '../../../db/schema/logistics.ts';
import { tenants } from '../../../db/schema/sys.ts';
import { must } from '../../../lib/must.ts';
import { countedPage, countRows, dateRange, numberSearch } from '../../../lib/list.ts';
import { indexOrder } from '../../../lib/index-order.ts';
import { pageIdsByStatus } from '../repository.ts';
import type { ListPage, WarehouseParcelRecord } from '../schemas.ts';

/** The id of the order with this number (unique across tenants), or null. */
export async function orderIdByNo(tx: Db, orderNo: string): Promise<number | null> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return order?.id ?? null;
}

/** Up to `limit` parcels with this inbound tracking number, of any tenant (it is unique only within one). */
export async function parcelsByTrackingNo(tx: Db, trackingNo: string, limit: number): Promise<{ id: number; tenantId: number; orderId: number | null }[]> {
  return tx.select({ id: parcels.id, tenantId: parcels.tenantId, orderId: parcels.orderId }).from(parcels).where(eq(parcels.trackingNo, trackingNo)).limit(limit);
}

export type ReceivedOrder = { id: number; tenantId: number; orderNo: string; status: OrderStatus; destinationCountry: string; serviceType: ServiceType; freightCurrency: CurrencyCode | null };

/** The order to receive, locked until the transaction ends (a second scan waits for the first). */
export async function lockOrder(tx: Db, id: number): Promise<ReceivedOrder | null> {
  const [order] = await tx
    .select({
      id: orders.id,
      tenantId: orders.tenantId,
      orderNo: orders.orderNo,
      status: orders.status,
      destinationCountry: orders.destinationCountry,
      serviceType: orders.serviceType,
      freightCurrency: orders.freightCurrency,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return order ?? null;
}

export async function tenantName(tx: Db, tenantId: number): Promise<string> {
  const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return must(tenant, 'tenant of an order').name;
}

export type ParcelFilters = {
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
export async function listParcels(db: Db, filters: ParcelFilters, page: ListPage): Promise<CountedPage<WarehouseParcelRecord>> {
  const conditions: (SQL | undefined)[] = [
    filters.trackingNo ? eq(parcels.trackingNo, filters.trackingNo) : undefined,
    // through the order's unique number to log_parcel_order_idx
    filters.orderNo ? inArray(parcels.orderId, db.select({ id: orders.id }).from(orders).where(numberSearch(orders.orderNo, filters.orderNo))) : undefined,
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
