import type { Texts } from './languages.ts';

/** Messages of parcels, pick-up batches, collection exceptions and rate cards (modules/pickup, modules/parcel, modules/freight). */
export const pickupMessages = {} as const satisfies Record<string, Texts>;
