import type { WarehouseCode } from '@portal/shared/logistics';

/**
 * What a warehouse's events show as their location. An event stores one location text for every
 * reader, so it carries the name in Chinese and in English (as the demo's own names do), not in the
 * language of the operator who happened to scan.
 */
const WAREHOUSE_LOCATIONS: Record<WarehouseCode, string> = {
  SZ01: '深圳倉 Shenzhen',
  GZ01: '廣州倉 Guangzhou',
  YW01: '義烏倉 Yiwu',
};

export const warehouseLocation = (code: string): string => WAREHOUSE_LOCATIONS[code as WarehouseCode] ?? code;
