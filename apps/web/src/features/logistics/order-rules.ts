import type { OrderEditInput, OrderInput } from '@portal/shared/logistics-schemas';
import type { CountryCode, ServiceType, WarehouseCode } from '@portal/shared/logistics';
import { CURRENCY_EXPONENTS, currencyFromMinor, decimalPattern, isCurrency, toMinor, type CurrencyCode } from '@portal/shared/money';

/**
 * The order form's rules, the same as the server's (orderInput in logistics-schemas.ts), as pure
 * functions: the form asks them field by field, the tests ask them directly. Each answers null
 * (fine) or the key of its message in the `logistics` namespace with the message's values.
 */
export type RuleKey = 'required' | 'select' | 'tooLong' | 'referenceNo' | 'phone' | 'weight' | 'weightMax' | 'size' | 'sizeMax' | 'sizesAll' | 'price' | 'priceNoDecimals' | 'quantity';
export type RuleError = { key: RuleKey; values?: Record<string, string | number> };

/** Lengths and counts of the contract, in characters after trimming. */
export const LIMITS = {
  merchantOrderNo: 64,
  recipientName: 100,
  phoneMin: 5,
  phoneMax: 32,
  address: 300,
  region: 64,
  postcode: 16,
  itemName: 200,
  category: 64,
  specifications: 200,
  material: 100,
  remark: 500,
  quantityMax: 100_000,
  itemsMax: 50,
  cancelReason: 200,
  /** the server's ceilings (order-input.ts): 10,000 kg, 10,000 cm */
  weightMaxKg: 10_000,
  sizeMaxCm: 10_000,
} as const;

const REFERENCE_NO = /^[A-Za-z0-9_-]+$/;
const PHONE = /^\+?[0-9][0-9 -]{3,30}$/;
const WEIGHT = decimalPattern(3);
const LENGTH = decimalPattern(1);
/** Amounts travel with at most 2 decimals; the currency may allow fewer. */
const PRICE_SCALE = 2;
const PRICE = decimalPattern(PRICE_SCALE);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function checkText(value: unknown, max: number, required: boolean): RuleError | null {
  const trimmed = text(value);
  if (trimmed === '') return required ? { key: 'required' } : null;
  // UTF-16 code units, as zod's max() counts them
  if (trimmed.length > max) return { key: 'tooLong', values: { max } };
  return null;
}

export function checkMerchantOrderNo(value: unknown): RuleError | null {
  const problem = checkText(value, LIMITS.merchantOrderNo, true);
  if (problem) return problem;
  return REFERENCE_NO.test(text(value)) ? null : { key: 'referenceNo' };
}

export function checkPhone(value: unknown): RuleError | null {
  const trimmed = text(value);
  if (trimmed === '') return { key: 'required' };
  if (trimmed.length < LIMITS.phoneMin || trimmed.length > LIMITS.phoneMax || !PHONE.test(trimmed)) return { key: 'phone' };
  return null;
}

const positive = (value: string) => /[1-9]/.test(value);

/** Kilograms, more than 0, at most 3 decimals, at most 10,000. */
export function checkWeight(value: unknown): RuleError | null {
  const trimmed = text(value);
  if (trimmed === '') return { key: 'required' };
  if (!WEIGHT.test(trimmed) || !positive(trimmed)) return { key: 'weight' };
  return toMinor(trimmed, 3) > BigInt(LIMITS.weightMaxKg) * 1000n ? { key: 'weightMax', values: { max: LIMITS.weightMaxKg } } : null;
}

/** One size in centimetres: optional, more than 0, at most 1 decimal, at most 10,000. */
export function checkSize(value: unknown): RuleError | null {
  const trimmed = text(value);
  if (trimmed === '') return null;
  if (!LENGTH.test(trimmed) || !positive(trimmed)) return { key: 'size' };
  return toMinor(trimmed, 1) > BigInt(LIMITS.sizeMaxCm) * 10n ? { key: 'sizeMax', values: { max: LIMITS.sizeMaxCm } } : null;
}

/** The three sizes go together: all of them or none (the volumetric weight needs all three). */
export function checkSizesTogether(sizes: readonly unknown[]): RuleError | null {
  const filled = sizes.filter((size) => text(size) !== '').length;
  return filled === 0 || filled === sizes.length ? null : { key: 'sizesAll' };
}

/**
 * An amount in the currency's minor units, as the server reads it: at most 2 decimals, and no more
 * than the currency has ("1500.00" JPY is 1500 yen, "1.5" JPY is not an amount). Null when it does not fit.
 */
export function priceMinor(price: string, currency: CurrencyCode): bigint | null {
  if (!PRICE.test(price)) return null;
  const cents = toMinor(price, PRICE_SCALE);
  const unit = 10n ** BigInt(PRICE_SCALE - CURRENCY_EXPONENTS[currency]);
  return cents % unit === 0n ? cents / unit : null;
}

/** A unit price: at most 2 decimals, and none but zeros for a currency without minor units (JPY, KRW). */
export function checkUnitPrice(value: unknown, currency: unknown): RuleError | null {
  const trimmed = text(value);
  if (trimmed === '') return { key: 'required' };
  if (!PRICE.test(trimmed)) return { key: 'price' };
  if (isCurrency(currency) && priceMinor(trimmed, currency) === null) return { key: 'priceNoDecimals', values: { currency } };
  return null;
}

export function checkQuantity(value: unknown): RuleError | null {
  if (value === null || value === undefined || value === '') return { key: 'required' };
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= LIMITS.quantityMax ? null : { key: 'quantity' };
}

// ---------------------------------------------------------------- the form's values

export type ItemValues = { name?: string; category?: string; quantity?: number | null; specifications?: string; material?: string; unitPrice?: string };
export type RecipientValues = { name?: string; phone?: string; address?: string; province?: string; city?: string; district?: string; town?: string; postcode?: string };
export type OrderFormValues = {
  merchantOrderNo?: string;
  serviceType?: ServiceType;
  destinationCountry?: CountryCode;
  warehouseCode?: WarehouseCode;
  currency?: CurrencyCode;
  weight?: string;
  length?: string;
  width?: string;
  height?: string;
  recipient?: RecipientValues;
  items?: ItemValues[];
  remark?: string;
};

export const emptyItem = (): ItemValues => ({ name: '', category: '', quantity: 1, specifications: '', material: '', unitPrice: '' });

/** A validated form as the contract's body: text trimmed, sizes left out when not given. */
export function toOrderInput(values: OrderFormValues): OrderInput {
  const recipient = values.recipient ?? {};
  const sizes = [values.length, values.width, values.height].map(text);
  return {
    merchantOrderNo: text(values.merchantOrderNo),
    serviceType: values.serviceType as ServiceType,
    destinationCountry: values.destinationCountry as CountryCode,
    warehouseCode: values.warehouseCode as WarehouseCode,
    currency: values.currency as CurrencyCode,
    weight: text(values.weight),
    ...(sizes.every((size) => size !== '') ? { length: sizes[0], width: sizes[1], height: sizes[2] } : {}),
    recipient: {
      name: text(recipient.name),
      phone: text(recipient.phone),
      address: text(recipient.address),
      province: text(recipient.province),
      city: text(recipient.city),
      district: text(recipient.district),
      town: text(recipient.town),
      postcode: text(recipient.postcode),
    },
    items: (values.items ?? []).map((item) => ({
      name: text(item.name),
      category: text(item.category),
      quantity: Number(item.quantity),
      specifications: text(item.specifications),
      material: text(item.material),
      unitPrice: text(item.unitPrice),
    })),
    remark: text(values.remark),
  };
}

export const toOrderEditInput = (id: number, values: OrderFormValues): OrderEditInput => ({ ...toOrderInput(values), id });

/** One line's value, unit price x quantity, exactly (bigint minor units), or null while the line is incomplete or wrong. */
export function lineMinor(item: ItemValues, currency: unknown): bigint | null {
  if (!isCurrency(currency) || checkQuantity(item.quantity)) return null;
  const price = priceMinor(text(item.unitPrice), currency);
  return price === null ? null : price * BigInt(item.quantity as number);
}

/** The merchandise value of the lines that are complete, as a decimal string in the currency; null when none is. */
export function merchandiseTotal(items: readonly ItemValues[] | undefined, currency: unknown): string | null {
  if (!isCurrency(currency)) return null;
  let total: bigint | null = null;
  for (const item of items ?? []) {
    const line = lineMinor(item, currency);
    if (line !== null) total = (total ?? 0n) + line;
  }
  return total === null ? null : currencyFromMinor(total, currency);
}
