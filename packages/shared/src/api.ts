import { z } from 'zod';

/** The envelope of every JSON answer (DESIGN.md §3). */
export type Envelope<T> = { success: boolean; message: string; code: number; result: T; timestamp: number };

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({ success: z.boolean(), message: z.string(), code: z.number().int(), result, timestamp: z.number().int() });
}

export const PAGE_SIZE_MAX = 200;

/**
 * A page of a list (DESIGN §3). Lists across all tenants add `totalExact`: false when `total` is the
 * planner's estimate rather than a count.
 */
export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number; totalExact?: boolean };
export type CountedPage<T> = Page<T> & { totalExact: boolean };

/** The page of a list across all tenants: `totalExact` always present. */
export function countedPageSchema<T extends z.ZodType>(record: T) {
  return pageSchema(record).extend({ totalExact: z.boolean() });
}

export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}
