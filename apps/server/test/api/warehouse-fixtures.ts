import { eq } from 'drizzle-orm';
import type { OrderStatus, ServiceType } from '@portal/shared/logistics';
import type { Db } from '../../src/db/client.ts';
import { orderItems, orders, parcels, trackingEvents } from '../../src/db/schema/logistics.ts';
import { must } from '../../src/lib/must.ts';

/**
 * Orders for the warehouse, tracking and summary tests, written straight into the tables (as the
 * merchant's create endpoint would: order, one product, a CREATED event), so that these tests do not
 * depend on the merchant's endpoints.
 */
export type TestOrder = { id: number; orderNo: string; tenantId: number; merchantOrderNo: string };

let sequence = 0;

export type OrderSeed = {
  tenantId: number;
  status?: OrderStatus;
  serviceType?: ServiceType;
  destinationCountry?: string;
  warehouseCode?: string;
  waybillNo?: string | null;
  merchantOrderNo?: string;
  recipientName?: string;
  recipientPhone?: string;
  recipientAddress?: string;
  createdAt?: Date;
  declaredWeight?: number;
};

export async function insertOrder(db: Db, seed: OrderSeed): Promise<TestOrder> {
  sequence += 1;
  const orderNo = `LO260101${String(sequence).padStart(8, '0')}`;
  const merchantOrderNo = seed.merchantOrderNo ?? `M-${seed.tenantId}-${sequence}`;
  const createdAt = seed.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      tenantId: seed.tenantId,
      orderNo,
      merchantOrderNo,
      serviceType: seed.serviceType ?? 'BASE',
      status: seed.status ?? 'CREATED',
      statusUpdatedAt: createdAt,
      destinationCountry: seed.destinationCountry ?? 'TW',
      warehouseCode: seed.warehouseCode ?? 'SZ01',
      waybillNo: seed.waybillNo ?? null,
      recipientName: seed.recipientName ?? `Recipient ${sequence}`,
      recipientPhone: seed.recipientPhone ?? '0912345678',
      recipientAddress: seed.recipientAddress ?? `No. ${sequence}, Test Road`,
      itemQuantity: 2,
      merchandiseValue: 2590n,
      merchandiseCurrency: 'CNY',
      declaredWeight: seed.declaredWeight ?? 800,
      freightQuote: 2400n,
      freightCurrency: 'CNY',
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  const id = must(order, 'inserted order').id;
  await db.insert(orderItems).values({ tenantId: seed.tenantId, orderId: id, lineNo: 1, name: 'Cotton T-shirt', category: 'clothing', quantity: 2, unitPrice: 1295n, currency: 'CNY' });
  await db.insert(trackingEvents).values({
    tenantId: seed.tenantId,
    orderId: id,
    occurredAt: createdAt,
    status: 'CREATED',
    fromStatus: null,
    descriptionZhTw: '訂單已建立',
    descriptionZhCn: '订单已创建',
    descriptionEnUs: 'Order created',
    source: 'MANUAL',
    createdAt,
  });
  return { id, orderNo, tenantId: seed.tenantId, merchantOrderNo };
}

/** A parcel the merchant forecast (or, with status, one already further on). */
export async function insertParcel(db: Db, values: { tenantId: number; orderId: number | null; trackingNo: string; status?: 'FORECAST' | 'IN_WAREHOUSE' | 'SHIPPED'; storageTime?: Date }) {
  const [parcel] = await db
    .insert(parcels)
    .values({ tenantId: values.tenantId, orderId: values.orderId, trackingNo: values.trackingNo, status: values.status ?? 'FORECAST', weight: 900, storageTime: values.storageTime ?? null })
    .returning({ id: parcels.id });
  return must(parcel, 'inserted parcel').id;
}

export async function orderRow(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return must(row, `order ${id}`);
}

export async function eventsOf(db: Db, orderId: number) {
  return db.select().from(trackingEvents).where(eq(trackingEvents.orderId, orderId)).orderBy(trackingEvents.id);
}
