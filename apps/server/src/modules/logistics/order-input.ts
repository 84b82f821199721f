import type { core, z } from 'zod';
import { CURRENCY_EXPONENTS, cmToMm, decimalPattern, fromMinor, isCurrency, kgToGrams, toMinor, type CurrencyCode } from '@portal/shared/money';
import type { orderInput } from '@portal/shared/logistics-schemas';
import type { MessageKey, MessageParams } from '@portal/shared/messages';
import type { ServiceType } from '@portal/shared/logistics';

/*
 * The rules of an order beyond its zod schema, shared by /add, /edit and the Excel import, and the
 * rows an accepted order becomes. Pure: no database, so the rules are unit-tested on their own.
 */

export type ParsedOrder = z.output<typeof orderInput>;

/** A field path as zod gives it: ['items', 2, 'unitPrice']. */
export type FieldPath = readonly PropertyKey[];

/** One broken rule: where, and the message (its `field` parameter is added by whoever names the field). */
export type OrderProblem = { path: FieldPath; key: MessageKey; params?: MessageParams };

/**
 * Limits that keep every number inside its column: weights are int grams, lengths int millimetres,
 * money bigint minor units (and within 2^53, so a spreadsheet shows it exactly).
 */
export const WEIGHT_MAX_KG = 10_000;
export const LENGTH_MAX_CM = 10_000;
export const MERCHANDISE_MAX_MINOR = 10n ** 15n;

/** The amount schema allows 2 decimals; the currency may allow fewer (JPY and KRW none). */
const AMOUNT_SCALE = 2;

const DIMENSIONS = ['length', 'width', 'height'] as const;

/** "items[2].unitPrice": a path as the error handler names fields. */
export function pathText(path: FieldPath): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** An amount of the request ("19.99") in the currency's minor units, or null if it has more decimals than the currency. */
export function amountToMinor(amount: string, currency: CurrencyCode): bigint | null {
  const exponent = CURRENCY_EXPONENTS[currency];
  const cents = toMinor(amount, AMOUNT_SCALE);
  const unit = 10n ** BigInt(AMOUNT_SCALE - exponent);
  // "1500.00" JPY is 1500 yen; "1.5" JPY is not an amount of yen
  return cents % unit === 0n ? cents / unit : null;
}

/**
 * Unit prices with more decimals than their currency has. Works on unchecked input too (an import
 * reports these alongside the schema's errors): prices that are not amounts are the schema's to report.
 */
export function unitPriceProblems(currency: unknown, unitPrices: unknown[]): OrderProblem[] {
  if (!isCurrency(currency)) return [];
  const problems: OrderProblem[] = [];
  unitPrices.forEach((price, index) => {
    if (typeof price === 'string' && decimalPattern(AMOUNT_SCALE).test(price) && amountToMinor(price, currency) === null) {
      problems.push({ path: ['items', index, 'unitPrice'], key: 'unitPriceDecimals', params: { currency, scale: CURRENCY_EXPONENTS[currency] } });
    }
  });
  return problems;
}

/** Every rule the schema cannot express, in field order. An empty list means the order is acceptable. */
export function orderProblems(order: ParsedOrder): OrderProblem[] {
  const problems = unitPriceProblems(order.currency, order.items.map((item) => item.unitPrice));
  let total = 0n;
  for (const item of order.items) total += (amountToMinor(item.unitPrice, order.currency) ?? 0n) * BigInt(item.quantity);
  if (total > MERCHANDISE_MAX_MINOR) {
    problems.push({ path: ['items'], key: 'merchandiseValueTooBig', params: { max: fromMinor(MERCHANDISE_MAX_MINOR, CURRENCY_EXPONENTS[order.currency]), currency: order.currency } });
  }
  if (kgToGrams(order.weight) > WEIGHT_MAX_KG * 1000) problems.push({ path: ['weight'], key: 'validationTooBig', params: { max: WEIGHT_MAX_KG } });
  const given = DIMENSIONS.filter((dimension) => order[dimension] !== undefined);
  if (given.length > 0 && given.length < DIMENSIONS.length) {
    const missing = DIMENSIONS.find((dimension) => order[dimension] === undefined) ?? 'length';
    problems.push({ path: [missing], key: 'dimensionsIncomplete' });
  }
  for (const dimension of given) {
    const value = order[dimension];
    if (value !== undefined && cmToMm(value) > LENGTH_MAX_CM * 10) problems.push({ path: [dimension], key: 'validationTooBig', params: { max: LENGTH_MAX_CM } });
  }
  return problems;
}

/** The columns of log_order an accepted order sets (the server adds tenant, numbers, status and quote). */
export type OrderValues = {
  merchantOrderNo: string;
  serviceType: ServiceType;
  destinationCountry: string;
  warehouseCode: string;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  recipientProvince: string;
  recipientCity: string;
  recipientDistrict: string;
  recipientTown: string;
  recipientPostcode: string;
  itemQuantity: number;
  merchandiseValue: bigint;
  merchandiseCurrency: CurrencyCode;
  declaredWeight: number;
  length: number | null;
  width: number | null;
  height: number | null;
  remark: string;
};

export type ItemValues = {
  lineNo: number;
  name: string;
  category: string;
  quantity: number;
  specifications: string;
  material: string;
  unitPrice: bigint;
  currency: CurrencyCode;
};

export type PreparedOrder = { order: OrderValues; items: ItemValues[]; dimensions: { length: number; width: number; height: number } | null };

/** The rows of an order that passed `orderProblems` (call it first: amounts must fit the currency). */
export function prepareOrder(input: ParsedOrder): PreparedOrder {
  const items = input.items.map((item, index) => {
    const unitPrice = amountToMinor(item.unitPrice, input.currency);
    if (unitPrice === null) throw new RangeError(`items[${index}].unitPrice does not fit ${input.currency}`);
    return {
      lineNo: index + 1,
      name: item.name,
      category: item.category,
      quantity: item.quantity,
      specifications: item.specifications,
      material: item.material,
      unitPrice,
      currency: input.currency,
    };
  });
  const dimensions =
    input.length !== undefined && input.width !== undefined && input.height !== undefined
      ? { length: cmToMm(input.length), width: cmToMm(input.width), height: cmToMm(input.height) }
      : null;
  return {
    order: {
      merchantOrderNo: input.merchantOrderNo,
      serviceType: input.serviceType,
      destinationCountry: input.destinationCountry,
      warehouseCode: input.warehouseCode,
      recipientName: input.recipient.name,
      recipientPhone: input.recipient.phone,
      recipientAddress: input.recipient.address,
      recipientProvince: input.recipient.province,
      recipientCity: input.recipient.city,
      recipientDistrict: input.recipient.district,
      recipientTown: input.recipient.town,
      recipientPostcode: input.recipient.postcode,
      itemQuantity: items.reduce((sum, item) => sum + item.quantity, 0),
      merchandiseValue: items.reduce((sum, item) => sum + item.unitPrice * BigInt(item.quantity), 0n),
      merchandiseCurrency: input.currency,
      declaredWeight: kgToGrams(input.weight),
      length: dimensions?.length ?? null,
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
      remark: input.remark,
    },
    items,
    dimensions,
  };
}

/**
 * A zod issue as a message key and parameters (without `field`), the way the error handler words
 * request errors, for places that name fields their own way (the import names sheet columns).
 */
export function issueProblem(issue: core.$ZodIssue): OrderProblem {
  const path = issue.path;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? { path, key: 'validationRequired' } : { path, key: 'validationType', params: { expected: issue.expected } };
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? { path, key: 'validationRequired' } : { path, key: 'validationTooShort', params: { min: String(issue.minimum) } };
      return { path, key: 'validationTooSmall', params: { min: String(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { path, key: 'validationTooLong', params: { max: String(issue.maximum) } };
      if (issue.origin === 'array') return { path, key: 'orderTooManyProducts', params: { max: String(issue.maximum) } };
      return { path, key: 'validationTooBig', params: { max: String(issue.maximum) } };
    case 'invalid_format':
      return { path, key: 'validationFormat' };
    case 'invalid_value':
      return { path, key: 'validationOneOf', params: { values: issue.values.map(String).join(', ') } };
    default:
      return { path, key: 'validationInvalid' };
  }
}
