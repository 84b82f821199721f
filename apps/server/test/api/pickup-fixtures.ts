import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/logistics';
import type { Db } from '../../src/db/client.ts';
import { orderItems, orders, trackingEvents } from '../../src/db/schema/logistics.ts';

/*
 * Shared by the parcel, pick-up, exception and rate-card API tests (not a test file itself): orders are
 * made here straight in the database, as the order endpoints belong to another part of the system.
 */

/**
 * Empties the logistics tables of this file's database: the demo seeds orders, parcels, batches and
 * exceptions, and these tests count exactly what they make. Rate cards and currencies stay.
 */
export async function clearLogistics(db: Db): Promise<void> {
  await db.execute(sql`truncate log_collection_exception, log_pickup_batch_order, log_pickup_batch, log_parcel, log_tracking_event, log_order_item, log_order cascade`);
}

let sequence = Math.floor(Math.random() * 1_000_000);

export type TestOrder = { id: number; orderNo: string; merchantOrderNo: string; tenantId: number };

/** An order with one product and its CREATED event; `status` other than CREATED is set as it is (a fixture, not a move). */
export async function insertOrder(db: Db, options: { tenantId: number; status?: OrderStatus; declaredWeight?: number; actualWeight?: number | null }): Promise<TestOrder> {
  sequence += 1;
  const orderNo = `LO260101${String(sequence).padStart(8, '0')}`;
  const merchantOrderNo = `M-${sequence}`;
  const [order] = await db
    .insert(orders)
    .values({
      tenantId: options.tenantId,
      orderNo,
      merchantOrderNo,
      serviceType: 'BASE',
      status: options.status ?? 'CREATED',
      destinationCountry: 'TW',
      warehouseCode: 'SZ01',
      recipientName: '王大明',
      recipientPhone: '0912345678',
      recipientAddress: '台北市信義區市府路 1 號',
      itemQuantity: 2,
      merchandiseValue: 2500n,
      merchandiseCurrency: 'CNY',
      declaredWeight: options.declaredWeight ?? 1500,
      actualWeight: options.actualWeight ?? null,
    })
    .returning({ id: orders.id });
  const id = order!.id;
  await db.insert(orderItems).values({ tenantId: options.tenantId, orderId: id, lineNo: 1, name: 'T-shirt', category: 'clothing', quantity: 2, unitPrice: 1250n, currency: 'CNY' });
  await db.insert(trackingEvents).values({
    tenantId: options.tenantId,
    orderId: id,
    occurredAt: new Date(),
    status: 'CREATED',
    source: 'MANUAL',
    descriptionZhTw: '訂單已建立',
    descriptionZhCn: '订单已创建',
    descriptionEnUs: 'Order created',
  });
  return { id, orderNo, merchantOrderNo, tenantId: options.tenantId };
}

/** The body of a successful JSON answer. */
export function ok<T = unknown>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ success: true, code: 200 });
  return body.result as T;
}

/** A refusal: its status, and its message for assertions. */
export function refused(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code: status });
  return body.message as string;
}

export type Sheet = { headers: string[]; rows: (string | number | null)[][]; name: string };

/** The first sheet of an xlsx answer, values as read back. */
export async function readXlsx(response: LightMyRequestResponse): Promise<Sheet> {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values: (string | number | null)[][] = [];
  const width = sheet.columnCount;
  // an empty cell reads back as nothing at all: null here, whether it was written as '' or null
  sheet.eachRow((row) => {
    values.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value as string | number | null | undefined) ?? null).map((cell) => (cell === '' ? null : cell)));
  });
  const [headers = [], ...rows] = values;
  return { headers: headers.map(String), rows, name: sheet.name };
}

/** The file name of a download, decoded from its RFC 5987 form. */
export function downloadName(response: LightMyRequestResponse): string {
  const header = String(response.headers['content-disposition'] ?? '');
  const match = /filename\*=UTF-8''([^;]+)/.exec(header);
  expect(match, header).not.toBeNull();
  return decodeURIComponent(match![1]!);
}
