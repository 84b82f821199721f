import type { Language } from '@portal/shared/languages';
import { TRACKING_LOOKUP_MAX } from '@portal/shared/logistics';
import type { TrackResult } from '@portal/shared/logistics-schemas';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { eventDescription } from '../logistics/order/model.ts';
import { eventsOfOrders, firstOrdersOf, ordersByNo, type FoundOrder } from './repository.ts';

/** No number we issue or store is longer; a longer one is not looked up (it is simply not found). */
const NUMBER_LENGTH_MAX = 64;

/**
 * A waybill or a parcel tracking number may cover several orders (one waybill for a consolidated
 * ship-out; one courier number reused by two merchants): each is shown, up to this many per number.
 */
export const ORDERS_PER_NUMBER_MAX = 10;

/**
 * The numbers of a lookup as people paste them: separated by commas (also the full-width one),
 * spaces or new lines; empty ones dropped, each kept once in the order first seen.
 */
export function parseNumbers(text: string): string[] {
  const numbers = [...new Set(text.split(/[\s,，]+/u).filter((part) => part.length > 0))];
  if (numbers.length === 0) throw badRequest('trackingNumbersRequired');
  if (numbers.length > TRACKING_LOOKUP_MAX) throw badRequest('trackingTooManyNumbers', { max: TRACKING_LOOKUP_MAX, count: numbers.length });
  return numbers;
}

/**
 * The public lookup: each number as an order number, a waybill number or a parcel tracking number,
 * in that order of precedence. A fixed four queries whatever the count of numbers: the three kinds
 * at once, then the events of every order found.
 */
export async function lookUpNumbers(db: Db, numbers: readonly string[], language: Language): Promise<TrackResult[]> {
  const searchable = numbers.filter((number) => number.length <= NUMBER_LENGTH_MAX);
  const [byOrderNo, byWaybill, byParcel] =
    searchable.length === 0
      ? [[], [], []]
      : await Promise.all([
          ordersByNo(db, searchable),
          firstOrdersOf(db, 'waybill', searchable, ORDERS_PER_NUMBER_MAX),
          firstOrdersOf(db, 'parcel', searchable, ORDERS_PER_NUMBER_MAX),
        ]);

  const matches = new Map<string, FoundOrder[]>();
  const add = (number: string, order: FoundOrder) => {
    const list = matches.get(number) ?? [];
    if (list.length < ORDERS_PER_NUMBER_MAX && !list.some((known) => known.id === order.id)) list.push(order);
    matches.set(number, list);
  };
  for (const order of byOrderNo) add(order.orderNo, order);
  // a number that is an order number is that order, even if it is also someone's waybill
  for (const { key, ...order } of byWaybill) if (!byOrderNo.some((found) => found.orderNo === key)) add(key, order);
  for (const { key, ...order } of byParcel) {
    if (!byOrderNo.some((found) => found.orderNo === key) && !byWaybill.some((found) => found.key === key)) add(key, order);
  }

  const orderIds = [...new Set([...matches.values()].flat().map((order) => order.id))];
  const events = orderIds.length === 0 ? [] : await eventsOfOrders(db, orderIds);
  const eventsOf = new Map<number, TrackResult['events']>();
  for (const event of events) {
    const list = eventsOf.get(event.orderId) ?? [];
    list.push({ occurredAt: event.occurredAt.toISOString(), status: event.status, location: event.location, description: eventDescription(event, language) });
    eventsOf.set(event.orderId, list);
  }

  return numbers.flatMap((number): TrackResult[] => {
    const found = matches.get(number);
    if (!found || found.length === 0) return [{ number, found: false, orderNo: null, status: null, destinationCountry: null, events: [] }];
    return found.map((order) => ({
      number,
      found: true,
      orderNo: order.orderNo,
      status: order.status,
      destinationCountry: order.destinationCountry,
      events: eventsOf.get(order.id) ?? [],
    }));
  });
}

/** A lookup as the public page sends it: the numbers in one text. */
export function track(db: Db, text: string, language: Language): Promise<TrackResult[]> {
  return lookUpNumbers(db, parseNumbers(text), language);
}
