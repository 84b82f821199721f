import type { Texts } from './languages.ts';

/** Messages of recharges, vouchers and their review (modules/finance/recharge-*). */
export const rechargeMessages = {
} as const satisfies Record<string, Texts>;
