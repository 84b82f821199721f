import { z } from 'zod';
import { countedPageSchema, envelopeSchema } from '@portal/shared/api';
import { ORDER_STATUSES, TRACKING_SOURCES } from '@portal/shared/logistics';
import { orderRecord, parcelRecord } from '@portal/shared/logistics-schemas';

/*
 * The records the platform's warehouse lists answer, shared by the sub-areas' routes (their answer
 * schemas) and repositories (the records they map rows to). Each is the merchant's record plus whose it is.
 */

/** A page of a list across tenants: its total may be estimated (`totalExact`). */
export const platformPage = <T extends z.ZodType>(record: T) => envelopeSchema(countedPageSchema(record));

export const warehouseOrderRecord = orderRecord.extend({ tenantName: z.string() });
export type WarehouseOrderRecord = z.infer<typeof warehouseOrderRecord>;

export const warehouseParcelRecord = parcelRecord.extend({ tenantName: z.string() });
export type WarehouseParcelRecord = z.infer<typeof warehouseParcelRecord>;

/** An event as the platform's event list shows it: whose order, what it moved, in the reader's words. */
export const warehouseEventRecord = z.object({
  id: z.number(),
  orderNo: z.string(),
  tenantName: z.string(),
  status: z.enum(ORDER_STATUSES).nullable(),
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  location: z.string(),
  description: z.string(),
  carrierCode: z.string().nullable(),
  source: z.enum(TRACKING_SOURCES),
  occurredAt: z.string(),
  createdAt: z.string(),
});
export type WarehouseEventRecord = z.infer<typeof warehouseEventRecord>;

/** A list's page parameters once parsed: the sort column is the list's one index order. */
export type ListPage = { pageNo: number; pageSize: number; order: 'asc' | 'desc' };
