import type { PlaceOrderInput } from '../platform/types.ts';

/*
 * The warehouses' receiving addresses a purchase is sent to (the sellers ship there by domestic express).
 * The name carries the portal's receiving code so the warehouse knows the parcel is a purchase.
 */
const ADDRESSES: Record<string, PlaceOrderInput['address']> = {
  SZ01: { name: '深圳倉 採購收貨', phone: '0755-86000001', province: '廣東省', city: '深圳市', district: '寶安區', street: '福永街道 鳳凰第四工業區 8 棟 1 樓', postcode: '518103' },
  GZ01: { name: '廣州倉 採購收貨', phone: '020-36000001', province: '廣東省', city: '廣州市', district: '白雲區', street: '人和鎮 鶴龍街 18 號 2 號倉', postcode: '510470' },
  YW01: { name: '義烏倉 採購收貨', phone: '0579-85000001', province: '浙江省', city: '金華市', district: '義烏市', street: '北苑街道 春晗路 66 號', postcode: '322000' },
};

/** The receiving address of a warehouse code (the first warehouse's for an unknown code, which the schema does not allow anyway). */
export const warehouseAddress = (code: string): PlaceOrderInput['address'] => ADDRESSES[code] ?? (ADDRESSES.SZ01 as PlaceOrderInput['address']);
