import type { z } from 'zod';
import type { trackingEventInput } from '@portal/shared/logistics-schemas';
import type { Language } from '@portal/shared/languages';
import type { OrderStatus } from '@portal/shared/logistics';
import type { CountedPage } from '@portal/shared/api';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { moveOrder, recordEvent, type EventDetails } from '../../logistics/order/lifecycle.ts';
import { lockOrderByNo } from '../repository.ts';
import type { ListPage, WarehouseEventRecord } from '../schemas.ts';
import { listEvents, type EventFilters } from './repository.ts';

export type TrackingEventInput = z.output<typeof trackingEventInput>;

/** Clocks of carriers and scanners drift a little; an event further ahead than this is a typo. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * An event the platform records by hand or from a carrier: with a status it is a move, which the
 * lifecycle allows or refuses (409 naming both statuses); without one it is a scan on the way and
 * moves nothing. A carrier's own code stays in carrierCode, never in the order's status.
 */
export async function addTrackingEvent(db: Db, input: TrackingEventInput, createdBy: number): Promise<{ orderNo: string; status: OrderStatus }> {
  const occurredAt = new Date(input.occurredAt);
  // ISO 8601 has a year 0000, PostgreSQL has not
  if (occurredAt.getUTCFullYear() < 1) throw badRequest('validationInvalid', { field: 'occurredAt' });
  if (occurredAt.getTime() > Date.now() + FUTURE_TOLERANCE_MS) throw badRequest('trackingEventInFuture');
  const described = Boolean(input.rawText) || Object.values(input.description ?? {}).some(Boolean);
  // an event that moves nothing and says nothing would be an empty line on the timeline
  if (!input.status && !described) throw badRequest('trackingEventNeedsText');

  const details: EventDetails = {
    occurredAt,
    location: input.location,
    description: input.description,
    rawText: input.rawText || undefined,
    carrierCode: input.carrierCode || undefined,
    source: input.source,
    createdBy,
  };
  return db.transaction(async (tx) => {
    const order = await lockOrderByNo(tx, input.orderNo);
    if (!order) throw notFound('warehouseOrderNotFound', { orderNo: input.orderNo });
    if (!input.status) {
      await recordEvent(tx, order, details);
      return { orderNo: order.orderNo, status: order.status };
    }
    await moveOrder(tx, order, input.status, details);
    return { orderNo: order.orderNo, status: input.status };
  });
}

/** Events of every merchant as recorded, described in the reader's language. */
export function eventPage(db: Db, filters: EventFilters, page: ListPage, language: Language): Promise<CountedPage<WarehouseEventRecord>> {
  return listEvents(db, filters, page, language);
}
