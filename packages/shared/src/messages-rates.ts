import type { Texts } from './languages.ts';

/** Messages of exchange rates, rate applications, finance details and statements (modules/finance/rate-*, detail-*, statement-*). */
export const rateMessages = {
} as const satisfies Record<string, Texts>;
