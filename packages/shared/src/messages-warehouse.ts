import type { Texts } from './languages.ts';

/** Messages of the platform's warehouse screens (modules/warehouse) and the public tracking lookup. */
export const warehouseMessages = {} as const satisfies Record<string, Texts>;
