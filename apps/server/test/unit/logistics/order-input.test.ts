import { describe, expect, test } from 'vitest';
import { orderInput, type OrderInput } from '@portal/shared/logistics-schemas';
import { amountToMinor, formatOrderNo, orderProblems, pathText, prepareOrder } from '../../../src/modules/logistics/order/model.ts';
import { escapeLike } from '../../../src/lib/list.ts';
import { filtersStatusAside, parseStatuses, rangeBound } from '../../../src/modules/logistics/order/service.ts';
import { contentDisposition } from '../../../src/lib/xlsx.ts';

/** The download's header for a file name given whole (the orders' names carry their own date). */
const attachment = (fileName: string) => contentDisposition(fileName, fileName);
import { AppError } from '../../../src/lib/errors.ts';

const base: OrderInput = {
  merchantOrderNo: 'U-1',
  serviceType: 'BASE',
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  recipient: { name: 'Chen', phone: '0912345678', address: 'Taipei' },
  currency: 'CNY',
  items: [{ name: 'Cup', category: 'Home', quantity: 3, unitPrice: '19.99' }],
  weight: '1.25',
};
const parsed = (change: Partial<OrderInput> = {}) => orderInput.parse({ ...base, ...change });

describe('order input rules', () => {
  test('amounts in minor units of their currency, refusing decimals the currency lacks', () => {
    expect(amountToMinor('19.99', 'CNY')).toBe(1999n);
    expect(amountToMinor('0.1', 'USD')).toBe(10n);
    expect(amountToMinor('1500', 'JPY')).toBe(1500n);
    expect(amountToMinor('1500.00', 'JPY')).toBe(1500n);
    expect(amountToMinor('1.5', 'JPY')).toBeNull();
    expect(amountToMinor('0.01', 'KRW')).toBeNull();
  });

  test('totals are exact: 3 x 19.99 = 59.97, 0.1 + 0.2 = 0.30, grams and millimetres', () => {
    expect(prepareOrder(parsed()).order).toMatchObject({ itemQuantity: 3, merchandiseValue: 5997n, merchandiseCurrency: 'CNY', declaredWeight: 1250, length: null });
    const cents = prepareOrder(
      parsed({
        items: [
          { name: 'A', category: 'X', quantity: 1, unitPrice: '0.1' },
          { name: 'B', category: 'X', quantity: 1, unitPrice: '0.2' },
        ],
      }),
    );
    expect(cents.order.merchandiseValue).toBe(30n);
    expect(cents.items.map((item) => [item.lineNo, item.unitPrice])).toEqual([
      [1, 10n],
      [2, 20n],
    ]);
    expect(prepareOrder(parsed({ length: '30.5', width: '20', height: '0.1' })).dimensions).toEqual({ length: 305, width: 200, height: 1 });
  });

  test('names each broken rule by its path', () => {
    expect(orderProblems(parsed())).toEqual([]);
    expect(orderProblems(parsed({ currency: 'JPY', items: [{ name: 'A', category: 'X', quantity: 1, unitPrice: '1' }, { name: 'B', category: 'X', quantity: 1, unitPrice: '1.5' }] }))).toEqual([
      { path: ['items', 1, 'unitPrice'], key: 'unitPriceDecimals', params: { currency: 'JPY', scale: 0 } },
    ]);
    expect(orderProblems(parsed({ length: '10' })).map((p) => [pathText(p.path), p.key])).toEqual([['width', 'dimensionsIncomplete']]);
    expect(orderProblems(parsed({ width: '10', height: '10' })).map((p) => pathText(p.path))).toEqual(['length']);
    expect(orderProblems(parsed({ weight: '10000' }))).toEqual([]);
    expect(orderProblems(parsed({ weight: '10000.001' })).map((p) => [pathText(p.path), p.key])).toEqual([['weight', 'validationTooBig']]);
    expect(orderProblems(parsed({ length: '10000.1', width: '1', height: '1' })).map((p) => pathText(p.path))).toEqual(['length']);
    expect(orderProblems(parsed({ items: [{ name: 'A', category: 'X', quantity: 100_000, unitPrice: '100000000000' }] })).map((p) => [pathText(p.path), p.key])).toEqual([
      ['items', 'merchandiseValueTooBig'],
    ]);
    expect(pathText(['items', 2, 'unitPrice'])).toBe('items[2].unitPrice');
    expect(pathText(['recipient', 'name'])).toBe('recipient.name');
  });
});

describe('order numbers, filters and file names', () => {
  test('order numbers are LO + UTC yymmdd + 8 digits', () => {
    expect(formatOrderNo(new Date('2026-11-21T23:59:59Z'), 42n)).toBe('LO26112100000042');
    expect(formatOrderNo(new Date('2027-01-01T00:00:00Z'), 123_456_789n)).toBe('LO27010123456789');
    expect(formatOrderNo(new Date('2027-01-01T00:00:00Z'), 5n)).toMatch(/^LO\d{14}$/);
  });

  test('statuses: a comma list, unknown ones refused naming the field', () => {
    expect(parseStatuses('WHOUT,DONE,WHOUT')).toEqual(['WHOUT', 'DONE']);
    expect(() => parseStatuses('DONE,SHIPPED')).toThrow(AppError);
    try {
      parseStatuses('SHIPPED');
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, key: 'validationOneOf', params: { field: 'status' } });
    }
  });

  test('a plain date is the whole day in the server time zone; a time is taken as it is', () => {
    expect(rangeBound('2026-03-02', 'from', 'createdFrom')).toEqual({ at: new Date(2026, 2, 2, 0, 0, 0), inclusive: true });
    expect(rangeBound('2026-03-02', 'to', 'createdTo')).toEqual({ at: new Date(2026, 2, 3, 0, 0, 0), inclusive: false });
    expect(rangeBound('2026-12-31', 'to', 'createdTo')).toEqual({ at: new Date(2027, 0, 1, 0, 0, 0), inclusive: false });
    expect(rangeBound('2026-03-02T10:00:00+08:00', 'to', 'createdTo')).toEqual({ at: new Date('2026-03-02T02:00:00Z'), inclusive: true });
    expect(() => rangeBound('0099-01-01', 'from', 'createdFrom')).toThrow(AppError);
    expect(() => rangeBound('3000-01-01T00:00:00Z', 'to', 'createdTo')).toThrow(AppError);
  });

  test('the status counts come from the counters only when nothing but the status filters the list', () => {
    expect(filtersStatusAside({})).toBe(false);
    expect(filtersStatusAside({ status: 'DONE', orderNo: '', recipientName: '' })).toBe(false);
    for (const filters of [{ orderNo: 'LO1' }, { destinationCountry: 'US' as const }, { warehouseCode: 'SZ01' as const }, { serviceType: 'BASE' as const }, { recipientName: 'Chen' }, { createdFrom: '2026-01-01' }, { statusUpdatedTo: '2026-01-01' }])
      expect(filtersStatusAside(filters), JSON.stringify(filters)).toBe(true);
  });

  test('LIKE wildcards are escaped', () => {
    expect(escapeLike('100%_\\x')).toBe('100\\%\\_\\\\x');
  });

  test('downloads name their file plainly and in UTF-8 (RFC 5987)', () => {
    expect(attachment('orders-20261121.xlsx')).toBe(`attachment; filename="orders-20261121.xlsx"; filename*=UTF-8''orders-20261121.xlsx`);
    expect(attachment('訂單-20261121.xlsx')).toBe(`attachment; filename="__-20261121.xlsx"; filename*=UTF-8''%E8%A8%82%E5%96%AE-20261121.xlsx`);
  });
});
