import type { Texts } from './languages.ts';

/** Messages of payments, pay orders and refunds (modules/finance/payment-*, refund-*). */
export const paymentMessages = {
} as const satisfies Record<string, Texts>;
