import type { core, z } from 'zod';
import { CURRENCY_EXPONENTS, cmToMm, decimalPattern, fromMinor, isCurrency, kgToGrams, toMinor, type CurrencyCode } from '@portal/shared/money';
import type { orderInput } from '@portal/shared/logistics-schemas';
import type { MessageKey, MessageParams } from '@portal/shared/messages';
import type { Language, Texts } from '@portal/shared/languages';
import type { OrderStatus, ServiceType } from '@portal/shared/logistics';
import { issueMessage } from '@portal/shared/validation-messages';

/*
 * The order's pure rules and fixed definitions (no database, so they are unit-tested on their own):
 * the rules of an order beyond its zod schema, shared by /add, /edit and the Excel import, and the
 * rows an accepted order becomes; the columns of the import template in the three languages (an import
 * accepts any of them, in any order); the order number's form; what the tracking events say.
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
 * A zod issue as a message key and parameters (without `field`), worded as the error handler words
 * request errors (shared validation-messages.ts), for the import, which names fields by sheet columns.
 */
export function issueProblem(issue: core.$ZodIssue): OrderProblem {
  if (issue.code === 'too_big' && issue.origin === 'array') return { path: issue.path, key: 'orderTooManyProducts', params: { max: String(issue.maximum) } };
  return { path: issue.path, ...issueMessage(issue) };
}

// ------------------------------------------------------------------ the spreadsheet columns

/** Columns of the import template, in the template's order. Several rows with one merchant order number are one order. */
export const IMPORT_COLUMNS = [
  'merchantOrderNo',
  'serviceType',
  'destinationCountry',
  'warehouseCode',
  'recipientName',
  'recipientPhone',
  'recipientAddress',
  'recipientProvince',
  'recipientCity',
  'recipientDistrict',
  'recipientTown',
  'recipientPostcode',
  'currency',
  'weight',
  'length',
  'width',
  'height',
  'remark',
  'itemName',
  'itemCategory',
  'itemQuantity',
  'itemSpecifications',
  'itemMaterial',
  'itemUnitPrice',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The product columns: one per row. Every other column belongs to the order and is read from its first row. */
export const ITEM_COLUMNS: readonly ImportColumn[] = ['itemName', 'itemCategory', 'itemQuantity', 'itemSpecifications', 'itemMaterial', 'itemUnitPrice'];

/** Columns an import cannot do without (the rest may be left out of the sheet). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = [
  'merchantOrderNo',
  'serviceType',
  'destinationCountry',
  'warehouseCode',
  'recipientName',
  'recipientPhone',
  'recipientAddress',
  'currency',
  'weight',
  'itemName',
  'itemCategory',
  'itemQuantity',
  'itemUnitPrice',
];

export const IMPORT_TITLES: Record<ImportColumn, Texts> = {
  merchantOrderNo: { 'zh-TW': '商家訂單號', 'zh-CN': '商家订单号', 'en-US': 'Merchant order number' },
  serviceType: { 'zh-TW': '服務類型', 'zh-CN': '服务类型', 'en-US': 'Service type' },
  destinationCountry: { 'zh-TW': '目的國家/地區', 'zh-CN': '目的国家/地区', 'en-US': 'Destination country' },
  warehouseCode: { 'zh-TW': '倉庫', 'zh-CN': '仓库', 'en-US': 'Warehouse' },
  recipientName: { 'zh-TW': '收件人姓名', 'zh-CN': '收件人姓名', 'en-US': 'Recipient name' },
  recipientPhone: { 'zh-TW': '收件人電話', 'zh-CN': '收件人电话', 'en-US': 'Recipient phone' },
  recipientAddress: { 'zh-TW': '收件人地址', 'zh-CN': '收件人地址', 'en-US': 'Recipient address' },
  recipientProvince: { 'zh-TW': '省/州', 'zh-CN': '省/州', 'en-US': 'Province' },
  recipientCity: { 'zh-TW': '城市', 'zh-CN': '城市', 'en-US': 'City' },
  recipientDistrict: { 'zh-TW': '區', 'zh-CN': '区', 'en-US': 'District' },
  recipientTown: { 'zh-TW': '鄉鎮/街道', 'zh-CN': '乡镇/街道', 'en-US': 'Town' },
  recipientPostcode: { 'zh-TW': '郵遞區號', 'zh-CN': '邮政编码', 'en-US': 'Postcode' },
  currency: { 'zh-TW': '幣別', 'zh-CN': '币种', 'en-US': 'Currency' },
  weight: { 'zh-TW': '申報重量(kg)', 'zh-CN': '申报重量(kg)', 'en-US': 'Declared weight (kg)' },
  length: { 'zh-TW': '長(cm)', 'zh-CN': '长(cm)', 'en-US': 'Length (cm)' },
  width: { 'zh-TW': '寬(cm)', 'zh-CN': '宽(cm)', 'en-US': 'Width (cm)' },
  height: { 'zh-TW': '高(cm)', 'zh-CN': '高(cm)', 'en-US': 'Height (cm)' },
  remark: { 'zh-TW': '備註', 'zh-CN': '备注', 'en-US': 'Remark' },
  itemName: { 'zh-TW': '商品名稱', 'zh-CN': '商品名称', 'en-US': 'Product name' },
  itemCategory: { 'zh-TW': '商品類別', 'zh-CN': '商品类别', 'en-US': 'Category' },
  itemQuantity: { 'zh-TW': '數量', 'zh-CN': '数量', 'en-US': 'Quantity' },
  itemSpecifications: { 'zh-TW': '規格', 'zh-CN': '规格', 'en-US': 'Specifications' },
  itemMaterial: { 'zh-TW': '材質', 'zh-CN': '材质', 'en-US': 'Material' },
  itemUnitPrice: { 'zh-TW': '單價', 'zh-CN': '单价', 'en-US': 'Unit price' },
};

export const titleOf = (column: ImportColumn, language: Language): string => IMPORT_TITLES[column][language];

/**
 * LO + the UTC date as yymmdd + 8 digits of log_order_no_seq. The sequence is taken modulo 10^8 so
 * the number keeps its 16 characters; two orders of one day would share a number only 100 million
 * orders apart, and the unique index would refuse the second.
 */
export function formatOrderNo(now: Date, sequence: bigint): string {
  const yymmdd = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `LO${yymmdd}${(sequence % 100_000_000n).toString().padStart(8, '0')}`;
}

/** What our own events say when the caller gives no description. */
const STATUS_EVENT_TEXTS: Record<OrderStatus, Texts> = {
  CREATED: { 'zh-TW': '訂單已建立', 'zh-CN': '订单已创建', 'en-US': 'Order created' },
  WAIT_COLLECT: { 'zh-TW': '貨物已備妥，等待收件', 'zh-CN': '货物已备妥，等待揽收', 'en-US': 'Goods ready, awaiting collection' },
  WHIN: { 'zh-TW': '包裹已入庫', 'zh-CN': '包裹已入库', 'en-US': 'Parcel received at the warehouse' },
  WHOUT: { 'zh-TW': '包裹已出庫', 'zh-CN': '包裹已出库', 'en-US': 'Parcel left the warehouse' },
  CROSS_BORDER: { 'zh-TW': '跨境運輸中', 'zh-CN': '跨境运输中', 'en-US': 'In cross-border transit' },
  OVERSEA_WH: { 'zh-TW': '已到達海外倉', 'zh-CN': '已到达海外仓', 'en-US': 'Arrived at the overseas warehouse' },
  END_DELIVERY: { 'zh-TW': '末端配送中', 'zh-CN': '末端派送中', 'en-US': 'Out for delivery' },
  DONE: { 'zh-TW': '已簽收', 'zh-CN': '已签收', 'en-US': 'Delivered' },
  CANCEL: { 'zh-TW': '訂單已取消', 'zh-CN': '订单已取消', 'en-US': 'Order cancelled' },
  RETURN: { 'zh-TW': '包裹退回中', 'zh-CN': '包裹退回中', 'en-US': 'Parcel being returned' },
  LOST: { 'zh-TW': '包裹遺失', 'zh-CN': '包裹丢失', 'en-US': 'Parcel lost' },
};

export const statusEventText = (status: OrderStatus): Texts => STATUS_EVENT_TEXTS[status];

/**
 * The event's words for a reader of `language`: ours in that language (for Chinese, else the other
 * Chinese), else the carrier's text, else ours in any language: an event described in one language
 * only is still described in the others.
 */
export function eventDescription(event: { descriptionZhTw: string | null; descriptionZhCn: string | null; descriptionEnUs: string | null; rawText: string | null }, language: Language): string {
  const { descriptionZhTw: zhTw, descriptionZhCn: zhCn, descriptionEnUs: enUs, rawText } = event;
  const nearestFirst = { 'zh-TW': [zhTw, zhCn, rawText, enUs], 'zh-CN': [zhCn, zhTw, rawText, enUs], 'en-US': [enUs, rawText, zhTw, zhCn] }[language];
  return nearestFirst.find(Boolean) ?? '';
}
