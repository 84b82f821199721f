import { eq, sql } from 'drizzle-orm';
import type { OrderStatus, ServiceType } from '@portal/shared/logistics';
import type { Db } from '../../src/db/client.ts';
import { orderItems, orders, parcels, trackingEvents } from '../../src/db/schema/logistics.ts';
import { must } from '../../src/lib/must.ts';

/*
 * Orders and parcels for the API tests, the ledger proofs and the bench, written straight into the
 * tables (as the merchant's create endpoint would: order, one product, a CREATED event), so that a test
 * of one area does not depend on another area's endpoints.
 */

/**
 * Empties the logistics tables of this file's database: the demo seeds orders, parcels, batches and
 * exceptions, and some tests count exactly what they make. Rate cards and currencies stay.
 */
export async function clearLogistics(db: Db): Promise<void> {
  await db.execute(sql`truncate log_collection_exception, log_pickup_batch_order, log_pickup_batch, log_parcel, log_tracking_event, log_order_item, log_order cascade`);
}

/** The body of a merchant's order as the create endpoints take it (the portal's and the open API's), with its own merchant number. */
export const sampleOrder = (merchantOrderNo: string) => ({
  merchantOrderNo,
  serviceType: 'BASE' as const,
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.' },
  currency: 'CNY' as const,
  items: [{ name: 'Bluetooth earphones', category: 'Electronics', quantity: 3, unitPrice: '19.99' }],
  weight: '1.250',
});

// a random start, so that numbers made by another run against the same database do not collide
let sequence = Math.floor(Math.random() * 1_000_000);

export type TestOrder = { id: number; orderNo: string; merchantOrderNo: string; tenantId: number };

export type OrderSeed = {
  tenantId: number;
  /** Other than CREATED, set as it is (a fixture, not a move). */
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
  actualWeight?: number | null;
};

/** An order with one product (2 × 12.95 CNY, declared 0.800 kg, quoted 24.00 CNY) and its CREATED event. */
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
      actualWeight: seed.actualWeight ?? null,
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
export async function insertParcel(db: Db, values: { tenantId: number; orderId: number | null; trackingNo: string; status?: 'FORECAST' | 'IN_WAREHOUSE' | 'SHIPPED'; storageTime?: Date; warehouseCode?: string }) {
  const [parcel] = await db
    .insert(parcels)
    .values({ tenantId: values.tenantId, orderId: values.orderId, trackingNo: values.trackingNo, status: values.status ?? 'FORECAST', weight: 900, storageTime: values.storageTime ?? null, warehouseCode: values.warehouseCode ?? null })
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

/**
 * `count` copies of a weighed order in `tenantId`, numbered `<tag>000001`..., each with its own freight
 * charge (500 + (n × 37) mod 5000 minor units): charges to pay for the ledger proofs and the bench.
 */
export async function copyChargedOrders(db: Db, options: { templateId: number; tenantId: number; count: number; tag: string }): Promise<number[]> {
  const columns = (
    (await db.execute(sql`select column_name from information_schema.columns where table_name = 'log_order'
      and column_name not in ('id', 'tenant_id', 'order_no', 'merchant_order_no', 'freight_charge') order by ordinal_position`)) as unknown as { rows: { column_name: string }[] }
    // the one exception to decision 0033, in test code only: the column names come from the test database's
    // own catalogue (never from a request), and an INSERT's target list has no other way to name them
    // eslint-disable-next-line portal/no-sql-text
  ).rows.map((row) => sql.identifier(row.column_name));
  const list = sql.join(columns, sql`, `);
  const made = (await db.execute(sql`
    insert into log_order (tenant_id, order_no, merchant_order_no, freight_charge, ${list})
    select ${options.tenantId}, ${options.tag} || lpad(n::text, 6, '0'), ${options.tag} || '-' || n, 500 + (n * 37) % 5000, ${list}
    from log_order, generate_series(1, ${options.count}) as n where log_order.id = ${options.templateId}
    returning id`)) as unknown as { rows: { id: string }[] };
  return made.rows.map((row) => Number(row.id));
}
