import { describe, expect, it } from 'vitest';
import {
  checkMerchantOrderNo,
  checkPhone,
  checkQuantity,
  checkSize,
  checkSizesTogether,
  checkText,
  checkUnitPrice,
  checkWeight,
  merchandiseTotal,
  priceMinor,
  toOrderInput,
} from './order-rules.ts';

describe('order form rules (the server’s, logistics-schemas.ts and order-input.ts)', () => {
  it('weights: more than 0, up to 3 decimals, at most 10,000 kg', () => {
    for (const ok of ['1', '0.001', '1.5', '12.345', '10000', ' 2.5 ']) expect(checkWeight(ok), ok).toBeNull();
    expect(checkWeight('')).toEqual({ key: 'required' });
    for (const bad of ['0', '0.000', '1.2345', '-1', '1e3', '1,5', 'abc', '.5']) expect(checkWeight(bad), bad).toEqual({ key: 'weight' });
    expect(checkWeight('10000.001')).toEqual({ key: 'weightMax', values: { max: 10_000 } });
  });

  it('sizes: optional, more than 0, 1 decimal, at most 10,000 cm, and all three or none', () => {
    expect(checkSize('')).toBeNull();
    expect(checkSize('30.5')).toBeNull();
    for (const bad of ['0', '30.55', '-3', 'x']) expect(checkSize(bad), bad).toEqual({ key: 'size' });
    expect(checkSize('10000.1')).toEqual({ key: 'sizeMax', values: { max: 10_000 } });
    expect(checkSizesTogether(['', '', ''])).toBeNull();
    expect(checkSizesTogether(['10', '20', '30'])).toBeNull();
    expect(checkSizesTogether(['10', '', '30'])).toEqual({ key: 'sizesAll' });
    expect(checkSizesTogether([undefined, ' ', '30'])).toEqual({ key: 'sizesAll' });
  });

  it('unit prices: up to 2 decimals; JPY and KRW only whole amounts ("1500.00" is 1500 yen)', () => {
    expect(checkUnitPrice('19.99', 'CNY')).toBeNull();
    expect(checkUnitPrice('0', 'CNY')).toBeNull();
    expect(checkUnitPrice('19.999', 'CNY')).toEqual({ key: 'price' });
    expect(checkUnitPrice('-1', 'USD')).toEqual({ key: 'price' });
    expect(checkUnitPrice('', 'USD')).toEqual({ key: 'required' });
    expect(checkUnitPrice('1500', 'JPY')).toBeNull();
    expect(checkUnitPrice('1500.00', 'JPY')).toBeNull();
    expect(checkUnitPrice('1500.5', 'JPY')).toEqual({ key: 'priceNoDecimals', values: { currency: 'JPY' } });
    expect(checkUnitPrice('0.01', 'KRW')).toEqual({ key: 'priceNoDecimals', values: { currency: 'KRW' } });
    expect(priceMinor('12.5', 'CNY')).toBe(1250n);
    expect(priceMinor('1500.00', 'JPY')).toBe(1500n);
    expect(priceMinor('1.5', 'JPY')).toBeNull();
  });

  it('quantities: whole numbers from 1 to 100,000', () => {
    expect(checkQuantity(1)).toBeNull();
    expect(checkQuantity(100_000)).toBeNull();
    expect(checkQuantity(null)).toEqual({ key: 'required' });
    for (const bad of [0, 100_001, 1.5, -2]) expect(checkQuantity(bad), String(bad)).toEqual({ key: 'quantity' });
  });

  it('texts: trimmed, required or not, with a length limit; numbers people type: letters, digits, - and _', () => {
    expect(checkText('  ', 10, true)).toEqual({ key: 'required' });
    expect(checkText('  ', 10, false)).toBeNull();
    expect(checkText(` ${'a'.repeat(10)} `, 10, true)).toBeNull();
    expect(checkText('a'.repeat(11), 10, false)).toEqual({ key: 'tooLong', values: { max: 10 } });
    expect(checkMerchantOrderNo('SO-2026_001')).toBeNull();
    expect(checkMerchantOrderNo('SO 2026')).toEqual({ key: 'referenceNo' });
    expect(checkMerchantOrderNo('單號1')).toEqual({ key: 'referenceNo' });
    expect(checkMerchantOrderNo('x'.repeat(65))).toEqual({ key: 'tooLong', values: { max: 64 } });
  });

  it('phones: digits, spaces and -, an optional +, 5 to 32 characters', () => {
    for (const ok of ['+886 912-345-678', '0912345678', '12345']) expect(checkPhone(ok), ok).toBeNull();
    for (const bad of ['1234', '+', 'abc12345', `1${'2'.repeat(32)}`, '-12345']) expect(checkPhone(bad), bad).toEqual({ key: 'phone' });
  });

  it('adds up the merchandise value exactly (no float drift), skipping incomplete lines', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004
    expect(merchandiseTotal([{ unitPrice: '0.1', quantity: 1 }, { unitPrice: '0.2', quantity: 1 }], 'CNY')).toBe('0.30');
    expect(merchandiseTotal([{ unitPrice: '19.99', quantity: 3 }, { unitPrice: '', quantity: 2 }], 'USD')).toBe('59.97');
    expect(merchandiseTotal([{ unitPrice: '999999999999.99', quantity: 100_000 }], 'CNY')).toBe('99999999999999000.00');
    expect(merchandiseTotal([{ unitPrice: '1500.00', quantity: 2 }], 'JPY')).toBe('3000');
    expect(merchandiseTotal([{ unitPrice: '1.5', quantity: 2 }], 'JPY')).toBeNull();
    expect(merchandiseTotal([{ unitPrice: '1', quantity: 1 }], undefined)).toBeNull();
  });

  it('builds the request body: trimmed texts, sizes only when all three are given', () => {
    const body = toOrderInput({
      merchantOrderNo: ' SO-1 ',
      serviceType: 'BASE',
      destinationCountry: 'TW',
      warehouseCode: 'SZ01',
      currency: 'CNY',
      weight: ' 1.5 ',
      length: '10',
      width: '',
      height: '5',
      recipient: { name: ' Chen ', phone: '0912345678', address: ' Taipei ' },
      items: [{ name: ' Tea ', category: 'Food', quantity: 2, unitPrice: '3.50' }],
    });
    expect(body).toEqual({
      merchantOrderNo: 'SO-1',
      serviceType: 'BASE',
      destinationCountry: 'TW',
      warehouseCode: 'SZ01',
      currency: 'CNY',
      weight: '1.5',
      recipient: { name: 'Chen', phone: '0912345678', address: 'Taipei', province: '', city: '', district: '', town: '', postcode: '' },
      items: [{ name: 'Tea', category: 'Food', quantity: 2, specifications: '', material: '', unitPrice: '3.50' }],
      remark: '',
    });
    expect(toOrderInput({ length: '1', width: '2', height: '3.5', items: [] })).toMatchObject({ length: '1', width: '2', height: '3.5' });
  });
});
