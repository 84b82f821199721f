import { inArray, sql } from 'drizzle-orm';
import { NORMAL_PATH, type CountryCode, type ExceptionResolution, type ExceptionStatus, type ExceptionType, type OrderStatus, type PickupBatchStatus, type ServiceType, type TrackingSource, type WarehouseCode } from '@portal/shared/logistics';
import type { CurrencyCode } from '@portal/shared/money';
import type { Db } from '../client.ts';
import { collectionExceptions, orderItems, orders, parcels, pickupBatches, pickupBatchOrders, trackingEvents } from '../schema/logistics.ts';
import { users } from '../schema/sys.ts';
import { must } from '../../lib/must.ts';
import { priceFor, type Price } from '../../modules/freight/service.ts';
import { formatOrderNo, statusEventText } from '../../modules/logistics/order/model.ts';
import { warehouseLocation } from '../../modules/warehouse/model.ts';

/*
 * The demo's logistics: about thirty orders of `merchant` over the last 30 days in every
 * status, a handful of `merchant2`'s, their products, parcels, tracking timelines, one pick-up batch in
 * each batch status and open and handled collection exceptions. Rows are written directly (one INSERT
 * per table), but every timeline is a legal walk of ORDER_TRANSITIONS (docs/logistics-lifecycle.md)
 * and every amount is what the server itself would compute. The scale data (scale-logistics.ts) uses
 * the same products, recipients and numbering.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------- reference data (shared with the scale data)

/** What the merchants declare: category codes of the category tree; unit prices in CNY fen; grams per piece. */
export const DEMO_PRODUCTS = [
  { name: '純棉圓領T恤 Cotton crew-neck T-shirt', category: 'C0101', specifications: 'L / 白色 White', material: '100% cotton', unitPrice: 5_900n, grams: 220 },
  { name: '丹寧外套 Denim jacket', category: 'C0101', specifications: 'M / 藍色 Blue', material: 'Denim', unitPrice: 18_900n, grams: 750 },
  { name: '慢跑鞋 Running shoes', category: 'C0102', specifications: 'EU 42', material: 'Mesh, rubber', unitPrice: 32_900n, grams: 900 },
  { name: '帆布托特包 Canvas tote bag', category: 'C0103', specifications: '38 x 42 cm', material: 'Canvas', unitPrice: 7_900n, grams: 300 },
  { name: 'USB-C 快充線 USB-C cable 1 m', category: 'C0201', specifications: '1 m / 60 W', material: 'TPE, copper', unitPrice: 2_900n, grams: 60 },
  { name: '無線藍牙耳機 Wireless earbuds', category: 'C0201', specifications: 'Bluetooth 5.3', material: 'ABS', unitPrice: 15_900n, grams: 120 },
  { name: '機械鍵盤 Mechanical keyboard', category: 'C0202', specifications: '87 keys / brown switches', material: 'Aluminium, ABS', unitPrice: 39_900n, grams: 1_100 },
  { name: '保濕精華液 Hydrating serum', category: 'C03', specifications: '30 ml', material: 'Glass bottle', unitPrice: 12_800n, grams: 110 },
  { name: '陶瓷馬克杯 Ceramic mug', category: 'C04', specifications: '350 ml', material: 'Ceramic', unitPrice: 3_900n, grams: 380 },
  { name: '烏龍茶葉 Oolong tea', category: 'C05', specifications: '150 g', material: 'Tea leaves', unitPrice: 8_800n, grams: 200 },
  { name: '積木玩具組 Building blocks set', category: 'C06', specifications: '520 pcs', material: 'ABS', unitPrice: 19_900n, grams: 850 },
  { name: '手帳本 Planner notebook', category: 'C07', specifications: 'A5 / 192 pages', material: 'Paper', unitPrice: 4_500n, grams: 350 },
] as const;

export type RecipientSeed = { name: string; phone: string; address: string; province: string; city: string; district: string; town: string; postcode: string };

/** Recipients by destination: the demo's five and the scale data's few more. */
export const DEMO_RECIPIENTS = {
  TW: [
    { name: '林怡君', phone: '0912 345 678', address: '忠孝東路四段 181 號 7 樓', province: '台北市', city: '台北市', district: '大安區', town: '', postcode: '106' },
    { name: '陳冠宇', phone: '0928 765 432', address: '台灣大道二段 88 號 12 樓之 3', province: '台中市', city: '台中市', district: '西屯區', town: '', postcode: '407' },
    { name: '黃雅婷', phone: '0955 112 233', address: '民族二路 66 巷 5 號', province: '高雄市', city: '高雄市', district: '新興區', town: '', postcode: '800' },
  ],
  HK: [
    { name: '李嘉欣', phone: '+852 9123 4567', address: '彌敦道 132 號美麗華廣場 12 樓 B 室', province: '九龍', city: '香港', district: '油尖旺區', town: '尖沙咀', postcode: '' },
    { name: 'Wong Ka Ho', phone: '+852 6234 5678', address: 'Flat 5C, 18 Tai Koo Shing Road', province: 'Hong Kong Island', city: 'Hong Kong', district: 'Eastern', town: 'Quarry Bay', postcode: '' },
  ],
  SG: [
    { name: 'Tan Wei Ming', phone: '+65 9123 4567', address: 'Blk 123 Ang Mo Kio Ave 3, #08-1234', province: '', city: 'Singapore', district: 'Ang Mo Kio', town: '', postcode: '560123' },
    { name: 'Nurul Aisyah', phone: '+65 8765 4321', address: '10 Tampines Central 1, #12-05', province: '', city: 'Singapore', district: 'Tampines', town: '', postcode: '529536' },
  ],
  MY: [
    { name: 'Lim Mei Ling', phone: '+60 12-345 6789', address: 'No. 12, Jalan SS 2/24', province: 'Selangor', city: 'Petaling Jaya', district: 'SS 2', town: '', postcode: '47300' },
    { name: 'Ahmad Faizal', phone: '+60 17-888 1234', address: '23A, Jalan Tun Razak', province: 'Kuala Lumpur', city: 'Kuala Lumpur', district: 'Titiwangsa', town: '', postcode: '50400' },
  ],
  US: [
    { name: 'Emily Johnson', phone: '+1 415-555-0132', address: '742 Valencia St, Apt 3', province: 'CA', city: 'San Francisco', district: 'Mission', town: '', postcode: '94110' },
    { name: 'Michael Chen', phone: '+1 212-555-0187', address: '350 W 42nd St, Apt 12F', province: 'NY', city: 'New York', district: 'Manhattan', town: '', postcode: '10036' },
  ],
  JP: [{ name: '佐藤美咲', phone: '+81 90-1234-5678', address: '神南 1-19-11 パークウェースクエア 4F', province: '東京都', city: '渋谷区', district: '神南', town: '', postcode: '150-0041' }],
  GB: [{ name: 'Oliver Smith', phone: '+44 7700 900123', address: 'Flat 2, 18 Camden Road', province: 'England', city: 'London', district: 'Camden', town: '', postcode: 'NW1 9DP' }],
  AU: [{ name: 'Charlotte Brown', phone: '+61 412 345 678', address: 'Unit 4, 10 George Street', province: 'NSW', city: 'Sydney', district: 'The Rocks', town: '', postcode: '2000' }],
} satisfies Partial<Record<CountryCode, RecipientSeed[]>>;

export type DemoCountry = keyof typeof DEMO_RECIPIENTS;

/** Where the line-haul lands and the overseas warehouse is, by destination. */
export const DESTINATION_HUBS: Record<DemoCountry, string> = {
  TW: '桃園 Taoyuan, TW',
  HK: '香港 Hong Kong, HK',
  SG: 'Singapore, SG',
  MY: 'Kuala Lumpur, MY',
  US: 'Los Angeles, US',
  JP: '東京 Tokyo, JP',
  GB: 'London Heathrow, GB',
  AU: 'Sydney, AU',
};

/** The declaration currency: US dollars to the Americas, yuan elsewhere (the merchants' own). */
export const declarationCurrency = (country: string): CurrencyCode => (country === 'US' || country === 'CA' ? 'USD' : 'CNY');

/** A CNY fen price in the declaration currency: whole USD cents at 7 CNY per USD, to the nearest cent. */
export const priceIn = (currency: CurrencyCode, cnyFen: bigint): bigint => (currency === 'USD' ? (cnyFen * 2n + 7n) / 14n : cnyFen);

/** Last-mile waybill prefixes and suffixes, by destination (what the carriers' numbers look like). */
export const WAYBILL_SHAPES: Record<DemoCountry, [string, string]> = {
  TW: ['8', ''],
  HK: ['SF', ''],
  SG: ['NVSG', ''],
  MY: ['JNT', ''],
  US: ['9400', ''],
  JP: ['', ''],
  GB: ['RM', 'GB'],
  AU: ['AP', ''],
};

/** Multipliers coprime with 10^12 and 10^13: serial -> digits is a bijection, so numbers never repeat. */
export const WAYBILL_MULTIPLIER = 3_141_592_653n;
export const TRACKING_MULTIPLIER = 7_777_777_777n;
/** Domestic express prefixes of the merchants' inbound parcels (SF, YTO, ZTO, J&T). */
export const TRACKING_PREFIXES = ['SF', 'YT', '75', 'JT'] as const;

/** A last-mile waybill number: the carrier's shape around 12 digits that never repeat for distinct serials. */
export function waybillNumber(country: DemoCountry, serial: number): string {
  const [prefix, suffix] = WAYBILL_SHAPES[country];
  return `${prefix}${((BigInt(serial) * WAYBILL_MULTIPLIER) % 10n ** 12n).toString().padStart(12, '0')}${suffix}`;
}

/** A domestic express tracking number: a carrier prefix and 13 digits that never repeat for distinct serials. */
export function trackingNumber(serial: number): string {
  const prefix = TRACKING_PREFIXES[serial % TRACKING_PREFIXES.length] ?? 'SF';
  return `${prefix}${((BigInt(serial) * TRACKING_MULTIPLIER) % 10n ** 13n).toString().padStart(13, '0')}`;
}

/** yymmdd of a time in UTC, as order numbers carry it (order-store.ts formatOrderNo). */
const yymmdd = (time: Date) => time.toISOString().slice(2, 10).replace(/-/g, '');

/** Pick-up batch numbers as the pick-up module makes them: PB + yymmdd + 6 digits of log_batch_no_seq. */
export const formatBatchNo = (time: Date, sequence: number) => `PB${yymmdd(time)}${String(sequence % 1_000_000).padStart(6, '0')}`;

/** Exception numbers: EX + yymmdd + 6 digits of log_exception_no_seq. */
export const formatExceptionNo = (time: Date, sequence: number) => `EX${yymmdd(time)}${String(sequence % 1_000_000).padStart(6, '0')}`;

// ---------------------------------------------------------------- the lifecycle walk

export type ExitStatus = 'CANCEL' | 'RETURN' | 'LOST';

/**
 * The statuses an order went through to reach `status`, oldest first: forward along the normal path
 * (through WAIT_COLLECT only when its goods were collected by a pick-up batch), then the exit for
 * CANCEL, RETURN and LOST. `exitFrom` is the status RETURN or LOST left from (default WHIN).
 */
export function lifecyclePath(status: OrderStatus, options: { viaPickup?: boolean; exitFrom?: OrderStatus } = {}): OrderStatus[] {
  const viaPickup = options.viaPickup ?? status === 'WAIT_COLLECT';
  const forwardTo = (last: OrderStatus) => {
    const end = NORMAL_PATH.indexOf(last);
    if (end < 0) throw new Error(`${last} is not on the normal path`);
    return NORMAL_PATH.slice(0, end + 1).filter((step) => step !== 'WAIT_COLLECT' || viaPickup || last === 'WAIT_COLLECT');
  };
  if (status === 'CANCEL') return [...forwardTo(viaPickup ? 'WAIT_COLLECT' : 'CREATED'), 'CANCEL'];
  if (status === 'RETURN' || status === 'LOST') {
    const from = options.exitFrom ?? 'WHIN';
    if (!['WHIN', 'WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY'].includes(from)) throw new Error(`${status} cannot follow ${from}`);
    return [...forwardTo(from), status];
  }
  return forwardTo(status);
}

/** Hours from the status before to this one in the demo's timelines (a forwarder's usual pace). */
export const STEP_HOURS: Record<OrderStatus, number> = {
  CREATED: 0,
  WAIT_COLLECT: 6,
  WHIN: 22,
  WHOUT: 18,
  CROSS_BORDER: 12,
  OVERSEA_WH: 48,
  END_DELIVERY: 18,
  DONE: 7,
  CANCEL: 4,
  RETURN: 30,
  LOST: 60,
};

/**
 * When each status of `path` was reached: the creation time, then STEP_HOURS apart, except where
 * `fixed` pins a status to a time (the orders of one pick-up batch move together). Throws unless the
 * times increase and none is after `now`: a demo plan that does not fit its age is a bug.
 */
export function pathTimes(path: readonly OrderStatus[], createdAt: Date, now: Date, fixed: Partial<Record<OrderStatus, Date>> = {}): Date[] {
  const times: Date[] = [];
  for (const status of path) {
    const previous = times.at(-1);
    const time = fixed[status] ?? (previous ? new Date(previous.getTime() + STEP_HOURS[status] * HOUR) : createdAt);
    if (previous && time.getTime() <= previous.getTime()) throw new Error(`${status} at ${time.toISOString()} is not after the status before it`);
    if (time.getTime() > now.getTime()) throw new Error(`${status} at ${time.toISOString()} is in the future`);
    times.push(time);
  }
  return times;
}

/** Who records each move, and what a carrier calls it (its own code and words, kept apart from our status). */
export const MOVE_SOURCES: Record<OrderStatus, { source: TrackingSource; carrierCode?: string; rawText?: string }> = {
  CREATED: { source: 'MANUAL' },
  WAIT_COLLECT: { source: 'MANUAL' },
  WHIN: { source: 'WAREHOUSE' },
  WHOUT: { source: 'WAREHOUSE' },
  CROSS_BORDER: { source: 'WAREHOUSE' },
  OVERSEA_WH: { source: 'CARRIER', carrierCode: 'ARRIVED_HUB' },
  END_DELIVERY: { source: 'CARRIER', carrierCode: 'OUT_FOR_DELIVERY', rawText: 'Out for delivery' },
  DONE: { source: 'CARRIER', carrierCode: 'DELIVERED', rawText: 'Delivered - signed for by the recipient' },
  CANCEL: { source: 'MANUAL' },
  RETURN: { source: 'CARRIER', carrierCode: 'RETURN_TO_SENDER', rawText: 'Returned to sender - recipient refused the parcel' },
  LOST: { source: 'WAREHOUSE' },
};

/**
 * A carrier's scans between two statuses (no status of their own): after the keyed status, at a share
 * of the gap to the next one (only before `next` when it is given).
 */
const CARRIER_SCANS: Partial<Record<OrderStatus, { carrierCode: string; rawText: string; share: number; next?: OrderStatus }[]>> = {
  WHOUT: [{ carrierCode: 'DEPARTED_ORIGIN', rawText: 'Departed from origin facility - SHENZHEN, CN', share: 0.5 }],
  CROSS_BORDER: [
    { carrierCode: 'ARRIVED_CUSTOMS', rawText: 'Arrived at destination customs', share: 0.3 },
    { carrierCode: 'CUSTOMS_CLEARED', rawText: 'Import customs clearance completed', share: 0.7 },
  ],
  OVERSEA_WH: [{ carrierCode: 'SORTED', rawText: 'Processed at delivery facility', share: 0.5 }],
  END_DELIVERY: [{ carrierCode: 'DELIVERY_ATTEMPTED', rawText: 'Delivery attempted - recipient not available', share: 0.4, next: 'RETURN' }],
};

// ---------------------------------------------------------------- the demo's plan

type DemoOrderPlan = {
  status: OrderStatus;
  country: Exclude<DemoCountry, 'JP' | 'GB' | 'AU'>;
  service: ServiceType;
  /** created this many days before the seed */
  ageDays: number;
  /** for RETURN and LOST: the status they left from */
  exitFrom?: OrderStatus;
  /** forecast parcels of a CREATED order */
  forecast?: number;
  batch?: PickupBatchStatus;
  exception?: Extract<ExceptionStatus, '0' | '1' | '2'>;
  remark?: string;
};

/** Tenant 1 ("Demo Trading", user merchant): every status, every batch status, exceptions 0, 2 and 1. */
const MERCHANT_PLAN: DemoOrderPlan[] = [
  { status: 'CREATED', country: 'TW', service: 'BASE', ageDays: 0.1, forecast: 1 },
  { status: 'CREATED', country: 'HK', service: 'FULL_LINK', ageDays: 0.4, forecast: 2, remark: '兩箱合併出貨 Two boxes, ship together' },
  { status: 'CREATED', country: 'US', service: 'BASE', ageDays: 0.8 },
  { status: 'CREATED', country: 'SG', service: 'BASE', ageDays: 1.3, batch: 'WAIT_PREPARE_GOODS' },
  { status: 'CREATED', country: 'MY', service: 'HALF_LINK', ageDays: 1.2, batch: 'WAIT_PREPARE_GOODS' },
  { status: 'WAIT_COLLECT', country: 'TW', service: 'BASE', ageDays: 2.4, batch: 'WAIT_TAKE_GOODS' },
  { status: 'WAIT_COLLECT', country: 'HK', service: 'BASE', ageDays: 2.2, batch: 'WAIT_TAKE_GOODS' },
  { status: 'WAIT_COLLECT', country: 'SG', service: 'FULL_LINK', ageDays: 3.2, batch: 'WAIT_CONFIRM_TAKE' },
  { status: 'WAIT_COLLECT', country: 'MY', service: 'BASE', ageDays: 3.0, batch: 'WAIT_CONFIRM_TAKE' },
  { status: 'WHIN', country: 'TW', service: 'BASE', ageDays: 4.6, batch: 'FINISH_TAKE_GOODS' },
  { status: 'WHIN', country: 'US', service: 'FULL_LINK', ageDays: 4.4, batch: 'FINISH_TAKE_GOODS' },
  { status: 'WHIN', country: 'HK', service: 'BASE', ageDays: 2.0, exception: '0' },
  { status: 'WHIN', country: 'MY', service: 'BASE', ageDays: 2.6, exception: '2' },
  { status: 'WHOUT', country: 'TW', service: 'BASE', ageDays: 3.5, exception: '1', remark: '易碎品，請加強包裝 Fragile, please pack well' },
  { status: 'WHOUT', country: 'SG', service: 'HALF_LINK', ageDays: 4.0 },
  { status: 'WHOUT', country: 'US', service: 'BASE', ageDays: 3.8 },
  { status: 'CROSS_BORDER', country: 'TW', service: 'FULL_LINK', ageDays: 5.0 },
  { status: 'CROSS_BORDER', country: 'HK', service: 'BASE', ageDays: 5.5 },
  { status: 'CROSS_BORDER', country: 'US', service: 'BASE', ageDays: 6.0 },
  { status: 'OVERSEA_WH', country: 'SG', service: 'BASE', ageDays: 7.5 },
  { status: 'OVERSEA_WH', country: 'MY', service: 'FULL_LINK', ageDays: 8.0 },
  { status: 'END_DELIVERY', country: 'TW', service: 'FULL_LINK', ageDays: 8.5 },
  { status: 'END_DELIVERY', country: 'US', service: 'FULL_LINK', ageDays: 9.0 },
  { status: 'DONE', country: 'TW', service: 'BASE', ageDays: 12 },
  { status: 'DONE', country: 'HK', service: 'FULL_LINK', ageDays: 16 },
  { status: 'DONE', country: 'SG', service: 'BASE', ageDays: 20 },
  { status: 'DONE', country: 'MY', service: 'BASE', ageDays: 24 },
  { status: 'DONE', country: 'US', service: 'FULL_LINK', ageDays: 29 },
  { status: 'CANCEL', country: 'HK', service: 'BASE', ageDays: 6.0, remark: '客戶取消 Cancelled by the customer' },
  { status: 'CANCEL', country: 'TW', service: 'BASE', ageDays: 10 },
  { status: 'RETURN', country: 'US', service: 'BASE', ageDays: 14, exitFrom: 'END_DELIVERY' },
  { status: 'LOST', country: 'MY', service: 'BASE', ageDays: 18, exitFrom: 'CROSS_BORDER' },
];

/** Tenant 2 ("Harbour Imports", user merchant2): a handful, so that isolation is visible. */
const MERCHANT2_PLAN: DemoOrderPlan[] = [
  { status: 'CREATED', country: 'HK', service: 'BASE', ageDays: 0.5, forecast: 1 },
  { status: 'WHIN', country: 'TW', service: 'BASE', ageDays: 2.0 },
  { status: 'WHOUT', country: 'SG', service: 'BASE', ageDays: 3.5 },
  { status: 'DONE', country: 'US', service: 'FULL_LINK', ageDays: 15 },
  { status: 'CANCEL', country: 'MY', service: 'BASE', ageDays: 4.0 },
];

/**
 * The pick-up batches' own times, in hours before the seed (negative: after it): the pick-up asked
 * for, goods ready, taken by the truck, confirmed at the warehouse.
 */
const BATCH_HOURS: Record<PickupBatchStatus, { expected: number; ready?: number; taken?: number; confirmed?: number }> = {
  WAIT_PREPARE_GOODS: { expected: -26 },
  WAIT_TAKE_GOODS: { expected: -4, ready: 20 },
  WAIT_CONFIRM_TAKE: { expected: 31, ready: 40, taken: 30 },
  FINISH_TAKE_GOODS: { expected: 81, ready: 90, taken: 80, confirmed: 60 },
};

const PLATES = ['粵B·D3K72', '粵A·5T8Q1', '浙G·M2296'];

const EXCEPTION_SEEDS: Record<'0' | '1' | '2', { type: ExceptionType; description: string; platformRemark: string; resolution?: ExceptionResolution; merchantRemark?: string }> = {
  '0': { type: 'OVERWEIGHT', description: '實重明顯高於申報重量，請確認內容物 Measured weight well above the declared one; please confirm the contents', platformRemark: '' },
  '2': { type: 'ADDRESS', description: '收件地址缺少門牌號碼 The recipient address lacks a house number', platformRemark: '請提供完整地址 Please send the full address' },
  '1': {
    type: 'DAMAGED',
    description: '外箱一角壓損，內容物完好 One corner of the carton is crushed; contents intact',
    platformRemark: '已加固外箱 Carton reinforced',
    resolution: 'CONTINUE',
    merchantRemark: '照常出貨 Ship as it is',
  },
};

// ---------------------------------------------------------------- building the rows

type Line = { product: (typeof DEMO_PRODUCTS)[number]; quantity: number };

/** 1 to 3 products per order, picked by the order's position so that the demo is the same every time. */
function linesOf(index: number): Line[] {
  const count = 1 + (index % 3);
  return Array.from({ length: count }, (_, line) => ({
    product: must(DEMO_PRODUCTS[(index * 5 + line * 7) % DEMO_PRODUCTS.length], 'product'),
    quantity: 1 + ((index * 7 + line) % 3),
  }));
}

/** What the warehouse measures: a little off the declared weight, a box whose volume is near the weight's. */
function measureOf(declared: number, index: number) {
  const actual = Math.round((declared * (94 + ((index * 13) % 15))) / 100);
  const side = Math.cbrt(actual * 6000 * (0.6 + ((index * 29) % 80) / 100));
  return { actual, length: Math.round(side * 1.3), width: Math.round(side), height: Math.max(20, Math.round(side * 0.75)) };
}

type BuiltOrder = {
  plan: DemoOrderPlan;
  index: number;
  tenantId: number;
  userId: number;
  path: OrderStatus[];
  times: Date[];
  lines: Line[];
  currency: CurrencyCode;
  declared: number;
  measure: ReturnType<typeof measureOf> | null;
  quote: Price | null;
  charge: Price | null;
  recipient: RecipientSeed;
  warehouse: WarehouseCode;
};

const timeOf = (order: BuiltOrder, status: OrderStatus): Date | null => {
  const at = order.path.indexOf(status);
  return at < 0 ? null : must(order.times[at], 'time of a status');
};

/**
 * Seeds the demo's logistics in the caller's transaction (seedDemo). `now` is the seed's clock: every
 * time written is before it.
 */
export async function seedDemoLogistics(db: Db, now: Date = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['merchant', 'merchant2', 'warehouse']));
  const userId = (username: string) => must(people.find((p) => p.username === username), `demo user ${username}`).id;
  const warehouseUser = userId('warehouse');
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

  const plans = [...MERCHANT_PLAN.map((plan) => ({ plan, tenantId: 1, userId: userId('merchant') })), ...MERCHANT2_PLAN.map((plan) => ({ plan, tenantId: 2, userId: userId('merchant2') }))];
  const warehouses: WarehouseCode[] = ['SZ01', 'GZ01', 'YW01'];

  const built: BuiltOrder[] = [];
  for (const [index, { plan, tenantId, userId: owner }] of plans.entries()) {
    const viaPickup = plan.batch !== undefined && plan.batch !== 'WAIT_PREPARE_GOODS';
    const path = lifecyclePath(plan.status, { viaPickup, exitFrom: plan.exitFrom });
    // the orders of a batch move together: goods ready at the batch's time, received an hour after it is confirmed
    const hours = plan.batch ? BATCH_HOURS[plan.batch] : null;
    const fixed: Partial<Record<OrderStatus, Date>> = {};
    if (hours?.ready !== undefined) fixed.WAIT_COLLECT = ago(hours.ready);
    if (hours?.confirmed !== undefined) fixed.WHIN = ago(hours.confirmed - 1);
    const times = pathTimes(path, new Date(now.getTime() - plan.ageDays * DAY), now, fixed);
    const lines = linesOf(index);
    const currency = declarationCurrency(plan.country);
    const declared = 150 + lines.reduce((sum, line) => sum + line.product.grams * line.quantity, 0);
    const route = { destinationCountry: plan.country, serviceType: plan.service };
    const received = path.includes('WHIN');
    const measure = received ? measureOf(declared, index) : null;
    built.push({
      plan,
      index,
      tenantId,
      userId: owner,
      path,
      times,
      lines,
      currency,
      declared,
      measure,
      quote: await priceFor(db, route, declared, null),
      charge: measure ? await priceFor(db, route, measure.actual, { length: measure.length, width: measure.width, height: measure.height }) : null,
      recipient: must(DEMO_RECIPIENTS[plan.country][index % DEMO_RECIPIENTS[plan.country].length], 'recipient'),
      warehouse: must(warehouses[index % warehouses.length], 'warehouse'),
    });
  }

  // numbers in creation order, as the server would have handed them out
  const byCreation = [...built].sort((a, b) => must(a.times[0], 'created').getTime() - must(b.times[0], 'created').getTime());
  const sequences = await nextValues(db, 'log_order_no_seq', built.length);
  const orderNoOf = new Map(byCreation.map((order, position) => [order, formatOrderNo(must(order.times[0], 'created'), BigInt(must(sequences[position], 'sequence')))]));

  const inserted = await db
    .insert(orders)
    .values(
      built.map((order) => {
        const createdAt = must(order.times[0], 'created');
        const lastAt = must(order.times.at(-1), 'last status');
        const shipped = order.path.includes('WHOUT');
        return {
          tenantId: order.tenantId,
          orderNo: must(orderNoOf.get(order), 'order number'),
          merchantOrderNo: `${order.tenantId === 1 ? 'DT' : 'HI'}-${yymmdd(createdAt)}-${String(order.index + 1).padStart(3, '0')}`,
          serviceType: order.plan.service,
          status: order.plan.status,
          statusUpdatedAt: lastAt,
          destinationCountry: order.plan.country,
          warehouseCode: order.warehouse,
          waybillNo: shipped ? waybillNumber(order.plan.country, 10_000 + order.index) : null,
          recipientName: order.recipient.name,
          recipientPhone: order.recipient.phone,
          recipientAddress: order.recipient.address,
          recipientProvince: order.recipient.province,
          recipientCity: order.recipient.city,
          recipientDistrict: order.recipient.district,
          recipientTown: order.recipient.town,
          recipientPostcode: order.recipient.postcode,
          itemQuantity: order.lines.reduce((sum, line) => sum + line.quantity, 0),
          merchandiseValue: order.lines.reduce((sum, line) => sum + priceIn(order.currency, line.product.unitPrice) * BigInt(line.quantity), 0n),
          merchandiseCurrency: order.currency,
          declaredWeight: order.declared,
          actualWeight: order.measure?.actual ?? null,
          length: order.measure?.length ?? null,
          width: order.measure?.width ?? null,
          height: order.measure?.height ?? null,
          chargeableWeight: order.charge?.chargeableWeight ?? null,
          freightQuote: order.quote?.freight ?? null,
          freightCharge: order.charge?.freight ?? null,
          freightCurrency: order.charge?.currency ?? order.quote?.currency ?? null,
          remark: order.plan.remark ?? '',
          createdBy: order.userId,
          createdAt,
          updatedAt: lastAt,
        };
      }),
    )
    .returning({ id: orders.id, orderNo: orders.orderNo });
  const idOf = new Map(inserted.map((row) => [row.orderNo, row.id]));
  const orderId = (order: BuiltOrder) => must(idOf.get(must(orderNoOf.get(order), 'order number')), 'order id');

  await db.insert(orderItems).values(
    built.flatMap((order) =>
      order.lines.map((line, lineNo) => ({
        tenantId: order.tenantId,
        orderId: orderId(order),
        lineNo: lineNo + 1,
        name: line.product.name,
        category: line.product.category,
        quantity: line.quantity,
        specifications: line.product.specifications,
        material: line.product.material,
        unitPrice: priceIn(order.currency, line.product.unitPrice),
        currency: order.currency,
      })),
    ),
  );

  await db.insert(parcels).values([...built.flatMap((order) => parcelsOf(order, orderId(order), must(orderNoOf.get(order), 'order number'), now)), unlinkedParcel(now)]);
  await db.insert(trackingEvents).values(built.flatMap((order) => eventsOf(order, orderId(order), warehouseUser)));
  await seedBatches(db, built, orderId, now);
  await seedExceptions(db, built, orderId, warehouseUser, now);
}

async function nextValues(db: Db, sequence: 'log_order_no_seq' | 'log_batch_no_seq' | 'log_exception_no_seq', count: number): Promise<number[]> {
  const rows = await db.select({ value: sql<string>`nextval(${sequence}::regclass)::text` }).from(sql`generate_series(1, ${count}::int)`);
  return rows.map((row) => Number(row.value)).sort((a, b) => a - b);
}

/** FORECAST parcels of a CREATED order; from warehouse-in on, the measured parcel, then shipped with the order. */
function parcelsOf(order: BuiltOrder, orderId: number, orderNo: string, now: Date): (typeof parcels.$inferInsert)[] {
  const createdAt = must(order.times[0], 'created');
  const received = timeOf(order, 'WHIN');
  const shipped = timeOf(order, 'WHOUT');
  if (received && order.measure) {
    const viaPickup = order.path.includes('WAIT_COLLECT');
    const forecastAt = new Date(Math.min(createdAt.getTime() + HOUR, received.getTime()));
    return [
      {
        tenantId: order.tenantId,
        orderId,
        // goods a truck collected had no express number: the warehouse labels them with the order number (receive-service.ts)
        trackingNo: viaPickup ? orderNo : trackingNumber(1_000 + order.index),
        status: shipped ? 'SHIPPED' : 'IN_WAREHOUSE',
        weight: order.measure.actual,
        length: order.measure.length,
        width: order.measure.width,
        height: order.measure.height,
        warehouseCode: order.warehouse,
        storageTime: received,
        shipmentTime: shipped,
        createdAt: viaPickup ? received : forecastAt,
        updatedAt: shipped ?? received,
      },
    ];
  }
  const count = order.plan.forecast ?? 0;
  return Array.from({ length: count }, (_, n) => {
    const forecastAt = new Date(Math.min(createdAt.getTime() + (n + 1) * 20 * 60_000, now.getTime()));
    return {
      tenantId: order.tenantId,
      orderId,
      trackingNo: trackingNumber(1_000 + order.index * 3 + n + 500),
      status: 'FORECAST' as const,
      weight: Math.round(order.declared / count),
      warehouseCode: order.warehouse,
      createdAt: forecastAt,
      updatedAt: forecastAt,
    };
  });
}

/** A parcel the merchant announced before creating its order (package management shows it unlinked). */
function unlinkedParcel(now: Date): typeof parcels.$inferInsert {
  const at = new Date(now.getTime() - 5 * HOUR);
  return { tenantId: 1, orderId: null, trackingNo: trackingNumber(999), status: 'FORECAST', weight: 1_200, warehouseCode: 'SZ01', remark: '待建單 Order to follow', createdAt: at, updatedAt: at };
}

function eventsOf(order: BuiltOrder, orderId: number, warehouseUser: number): (typeof trackingEvents.$inferInsert)[] {
  const hub = DESTINATION_HUBS[order.plan.country];
  const place: Partial<Record<OrderStatus, string>> = {
    WHIN: warehouseLocation(order.warehouse),
    WHOUT: warehouseLocation(order.warehouse),
    CROSS_BORDER: warehouseLocation(order.warehouse),
    OVERSEA_WH: hub,
    END_DELIVERY: `${order.recipient.city}, ${order.plan.country}`,
    DONE: `${order.recipient.city}, ${order.plan.country}`,
    RETURN: `${order.recipient.city}, ${order.plan.country}`,
    LOST: hub,
  };
  const events: (typeof trackingEvents.$inferInsert)[] = [];
  order.path.forEach((status, step) => {
    const at = must(order.times[step], 'time');
    const how = MOVE_SOURCES[status];
    // our own words unless the carrier's raw text stands (as moveOrder does)
    const texts = how.rawText ? null : statusEventText(status);
    events.push({
      tenantId: order.tenantId,
      orderId,
      occurredAt: at,
      status,
      fromStatus: step === 0 ? null : must(order.path[step - 1], 'status before'),
      carrierCode: how.carrierCode ?? null,
      location: place[status] ?? '',
      descriptionZhTw: texts?.['zh-TW'] ?? null,
      descriptionZhCn: texts?.['zh-CN'] ?? null,
      descriptionEnUs: texts?.['en-US'] ?? null,
      rawText: how.rawText ?? null,
      source: how.source,
      createdBy: how.source === 'WAREHOUSE' ? warehouseUser : how.source === 'MANUAL' ? order.userId : null,
      createdAt: at,
    });
    const next = order.times[step + 1];
    if (!next) return;
    for (const scan of CARRIER_SCANS[status] ?? []) {
      if (scan.next && scan.next !== order.path[step + 1]) continue;
      const scannedAt = new Date(at.getTime() + Math.round((next.getTime() - at.getTime()) * scan.share));
      events.push({
        tenantId: order.tenantId,
        orderId,
        occurredAt: scannedAt,
        status: null,
        fromStatus: null,
        carrierCode: scan.carrierCode,
        location: status === 'WHOUT' ? warehouseLocation(order.warehouse) : hub,
        rawText: scan.rawText,
        source: 'CARRIER',
        createdAt: scannedAt,
      });
    }
  });
  return events;
}

async function seedBatches(db: Db, built: BuiltOrder[], orderId: (order: BuiltOrder) => number, now: Date): Promise<void> {
  const groups = new Map<PickupBatchStatus, BuiltOrder[]>();
  for (const order of built) if (order.plan.batch) groups.set(order.plan.batch, [...(groups.get(order.plan.batch) ?? []), order]);
  const entries = [...groups.entries()];
  const sequences = await nextValues(db, 'log_batch_no_seq', entries.length);
  const ago = (hours: number | undefined) => (hours === undefined ? null : new Date(now.getTime() - hours * HOUR));
  for (const [position, [status, members]] of entries.entries()) {
    const hours = BATCH_HOURS[status];
    const createdAt = new Date(Math.max(...members.map((order) => must(order.times[0], 'created').getTime())) + 30 * 60_000);
    const ready = ago(hours.ready);
    const expected = new Date(now.getTime() - hours.expected * HOUR);
    const [batch] = await db
      .insert(pickupBatches)
      .values({
        tenantId: must(members[0], 'batch member').tenantId,
        batchNo: formatBatchNo(createdAt, must(sequences[position], 'batch sequence')),
        status,
        shipmentTotal: members.length,
        estimatedWeight: members.reduce((sum, order) => sum + order.declared, 0),
        actualWeight: hours.confirmed === undefined ? null : members.reduce((sum, order) => sum + (order.measure?.actual ?? order.declared), 0),
        expectedPickupAt: expected,
        estimatedPickupAt: ready ? expected : null,
        actualPickupAt: ago(hours.taken),
        plate: hours.taken === undefined ? '' : must(PLATES[position % PLATES.length], 'plate'),
        contactName: '陳大文',
        contactPhone: '0912000001',
        pickupAddress: '廣東省深圳市寶安區福永街道鳳凰第三工業區 A 棟 2 樓',
        remark: status === 'WAIT_PREPARE_GOODS' ? '下午兩點後可取件 Ready after 2 pm' : '',
        createdAt,
        updatedAt: ago(hours.confirmed ?? hours.taken ?? hours.ready) ?? createdAt,
      })
      .returning({ id: pickupBatches.id });
    await db.insert(pickupBatchOrders).values(members.map((order) => ({ batchId: must(batch, 'batch').id, orderId: orderId(order), tenantId: order.tenantId })));
  }
}

async function seedExceptions(db: Db, built: BuiltOrder[], orderId: (order: BuiltOrder) => number, warehouseUser: number, now: Date): Promise<void> {
  const flagged = built.filter((order) => order.plan.exception !== undefined);
  const sequences = await nextValues(db, 'log_exception_no_seq', flagged.length);
  await db.insert(collectionExceptions).values(
    flagged.map((order, position) => {
      const status = must(order.plan.exception, 'exception status');
      const seed = EXCEPTION_SEEDS[status];
      const reportedAt = new Date(must(timeOf(order, 'WHIN'), 'received').getTime() + 40 * 60_000);
      // a handled exception was dealt with before the order shipped
      const dealtAt = status === '1' ? new Date(Math.min(reportedAt.getTime() + 3 * HOUR, (timeOf(order, 'WHOUT') ?? now).getTime() - 30 * 60_000)) : null;
      return {
        tenantId: order.tenantId,
        exceptionNo: formatExceptionNo(reportedAt, must(sequences[position], 'exception sequence')),
        orderId: orderId(order),
        type: seed.type,
        description: seed.description,
        status,
        resolution: seed.resolution ?? null,
        merchantRemark: seed.merchantRemark ?? '',
        platformRemark: seed.platformRemark,
        reportedBy: warehouseUser,
        dealtBy: dealtAt ? order.userId : null,
        dealtAt,
        createdAt: reportedAt,
        updatedAt: dealtAt ?? reportedAt,
      };
    }),
  );
}
