import { z } from 'zod';
import { orderRecord } from '@portal/shared/logistics-schemas';
import { tenants } from '../../db/schema/sys.ts';
import { orderRecordColumns as merchantRecordColumns, toOrderRecord as merchantRecord, type OrderRecordRow } from '../logistics/order-query.ts';

/** An order as the platform's lists show it: the merchant's record plus whose order it is. */
export const warehouseOrderRecord = orderRecord.extend({ tenantName: z.string() });
export type WarehouseOrderRecord = z.infer<typeof warehouseOrderRecord>;

/** The columns a record is built from (select them with a join of tenants). */
export const orderRecordColumns = { ...merchantRecordColumns, tenantName: tenants.name };

export const toOrderRecord = (row: OrderRecordRow & { tenantName: string }): WarehouseOrderRecord => ({ ...merchantRecord(row), tenantName: row.tenantName });
