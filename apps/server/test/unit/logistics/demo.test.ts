import { describe, expect, it } from 'vitest';
import { canTransition, NORMAL_PATH, ORDER_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import { recipientInput, referenceNo } from '@portal/shared/logistics-schemas';
import { DEMO_RECIPIENTS, formatBatchNo, formatExceptionNo, lifecyclePath, pathTimes, priceIn, trackingNumber, waybillNumber, type DemoCountry } from '../../../src/db/seed/demo-logistics.ts';

const legalWalk = (path: OrderStatus[]) => path.every((status, step) => step === 0 || canTransition(path[step - 1]!, status));

describe('lifecyclePath', () => {
  it('walks every status legally from CREATED', () => {
    const exits: OrderStatus[] = ['WHIN', 'WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY'];
    for (const status of ORDER_STATUSES) {
      for (const viaPickup of [false, true]) {
        for (const exitFrom of status === 'RETURN' || status === 'LOST' ? exits : [undefined]) {
          const path = lifecyclePath(status, { viaPickup, exitFrom });
          expect(path[0]).toBe('CREATED');
          expect(path.at(-1)).toBe(status);
          expect(legalWalk(path), path.join(' > ')).toBe(true);
          expect(new Set(path).size).toBe(path.length);
        }
      }
    }
  });

  it('goes through WAIT_COLLECT only when a pick-up collected the goods', () => {
    expect(lifecyclePath('DONE')).toEqual(NORMAL_PATH.filter((status) => status !== 'WAIT_COLLECT'));
    expect(lifecyclePath('DONE', { viaPickup: true })).toEqual(NORMAL_PATH);
    expect(lifecyclePath('WAIT_COLLECT')).toEqual(['CREATED', 'WAIT_COLLECT']);
    expect(lifecyclePath('CANCEL')).toEqual(['CREATED', 'CANCEL']);
    expect(lifecyclePath('CANCEL', { viaPickup: true })).toEqual(['CREATED', 'WAIT_COLLECT', 'CANCEL']);
    expect(lifecyclePath('LOST', { exitFrom: 'CROSS_BORDER' })).toEqual(['CREATED', 'WHIN', 'WHOUT', 'CROSS_BORDER', 'LOST']);
  });

  it('refuses an exit the lifecycle does not have', () => {
    expect(() => lifecyclePath('RETURN', { exitFrom: 'CREATED' })).toThrow(/RETURN cannot follow CREATED/);
    expect(() => lifecyclePath('LOST', { exitFrom: 'DONE' })).toThrow();
  });
});

describe('pathTimes', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('spaces the statuses by the usual pace, starting at the creation', () => {
    const times = pathTimes(['CREATED', 'WHIN', 'WHOUT'], hoursAgo(100), now);
    expect(times.map((time) => (now.getTime() - time.getTime()) / 3_600_000)).toEqual([100, 78, 60]);
  });

  it('takes pinned times (a batch moves its orders together) and refuses times out of order or in the future', () => {
    expect(pathTimes(['CREATED', 'WAIT_COLLECT', 'WHIN'], hoursAgo(50), now, { WAIT_COLLECT: hoursAgo(30) })).toEqual([hoursAgo(50), hoursAgo(30), hoursAgo(8)]);
    expect(() => pathTimes(['CREATED', 'WAIT_COLLECT'], hoursAgo(10), now, { WAIT_COLLECT: hoursAgo(12) })).toThrow(/not after/);
    expect(() => pathTimes(['CREATED', 'WHIN', 'WHOUT'], hoursAgo(30), now)).toThrow(/future/);
  });
});

describe('demo numbers and amounts', () => {
  it('makes distinct waybill and tracking numbers for distinct serials, in the shape people type', () => {
    const countries = Object.keys(DEMO_RECIPIENTS) as DemoCountry[];
    const waybills = new Set<string>();
    const trackings = new Set<string>();
    for (let serial = 0; serial < 2_000; serial++) {
      const waybill = waybillNumber(countries[serial % countries.length]!, serial);
      expect(referenceNo.safeParse(waybill).success, waybill).toBe(true);
      waybills.add(waybill.replace(/\D/g, '').slice(-12));
      const tracking = trackingNumber(serial);
      expect(tracking).toMatch(/^(SF|YT|75|JT)\d{13}$/);
      trackings.add(tracking.slice(2));
    }
    // the digits alone are already unique, whatever the prefix
    expect(waybills.size).toBe(2_000);
    expect(trackings.size).toBe(2_000);
  });

  it('formats batch and exception numbers as PB / EX + the UTC day + 6 digits', () => {
    const time = new Date('2026-01-02T23:30:00Z');
    expect(formatBatchNo(time, 42)).toBe('PB260102000042');
    expect(formatExceptionNo(time, 1_234_567)).toBe('EX260102234567');
  });

  it('converts a yuan price to whole US cents, to the nearest cent', () => {
    expect(priceIn('CNY', 5_900n)).toBe(5_900n);
    expect(priceIn('USD', 700n)).toBe(100n);
    expect(priceIn('USD', 5_900n)).toBe(843n);
    expect(priceIn('USD', 3_150n)).toBe(450n);
    expect(priceIn('USD', 3_149n)).toBe(450n);
    expect(priceIn('USD', 3_146n)).toBe(449n);
  });

  it('has recipients every order form would accept', () => {
    for (const recipient of Object.values(DEMO_RECIPIENTS).flat()) expect(recipientInput.safeParse(recipient).success, recipient.name).toBe(true);
  });
});
