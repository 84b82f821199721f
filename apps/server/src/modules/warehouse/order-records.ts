import { z } from 'zod';
import { orderRecord } from '@portal/shared/logistics-schemas';
import { currencyFromMinor, gramsToKg } from '@portal/shared/money';
import { orders } from '../../db/schema/logistics.ts';
import { tenants } from '../../db/schema/sys.ts';

/** An order as the platform's lists show it: the merchant's record plus whose order it is. */
export const warehouseOrderRecord = orderRecord.extend({ tenantName: z.string() });
export type WarehouseOrderRecord = z.infer<typeof warehouseOrderRecord>;

/** The columns a record is built from (select them with a join of tenants). */
export const orderRecordColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  merchantOrderNo: orders.merchantOrderNo,
  serviceType: orders.serviceType,
  status: orders.status,
  statusUpdatedAt: orders.statusUpdatedAt,
  destinationCountry: orders.destinationCountry,
  warehouseCode: orders.warehouseCode,
  waybillNo: orders.waybillNo,
  recipientName: orders.recipientName,
  itemQuantity: orders.itemQuantity,
  merchandiseValue: orders.merchandiseValue,
  merchandiseCurrency: orders.merchandiseCurrency,
  declaredWeight: orders.declaredWeight,
  actualWeight: orders.actualWeight,
  freightQuote: orders.freightQuote,
  freightCharge: orders.freightCharge,
  freightCurrency: orders.freightCurrency,
  createdAt: orders.createdAt,
  tenantName: tenants.name,
};

type OrderRow = Pick<
  typeof orders.$inferSelect,
  Exclude<keyof typeof orderRecordColumns, 'tenantName'>
> & { tenantName: string };

export function toOrderRecord(row: OrderRow): WarehouseOrderRecord {
  // the charge once weighed in, else the quote made at creation
  const freight = row.freightCharge ?? row.freightQuote;
  return {
    id: row.id,
    orderNo: row.orderNo,
    merchantOrderNo: row.merchantOrderNo,
    serviceType: row.serviceType,
    status: row.status,
    statusUpdatedAt: row.statusUpdatedAt.toISOString(),
    destinationCountry: row.destinationCountry,
    warehouseCode: row.warehouseCode,
    waybillNo: row.waybillNo,
    recipientName: row.recipientName,
    itemQuantity: row.itemQuantity,
    merchandiseValue: currencyFromMinor(row.merchandiseValue, row.merchandiseCurrency),
    currency: row.merchandiseCurrency,
    weight: gramsToKg(row.actualWeight ?? row.declaredWeight),
    freight: freight !== null && row.freightCurrency ? currencyFromMinor(freight, row.freightCurrency) : null,
    freightCurrency: row.freightCurrency,
    createdAt: row.createdAt.toISOString(),
    tenantName: row.tenantName,
  };
}
