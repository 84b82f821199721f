import { PAYMENT_STATUSES, RECHARGE_STATUSES, REFUND_STATUSES, type PaymentStatus, type RechargeStatus, type RefundStatus } from '@portal/shared/finance';
import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';
import { statusTabs } from './list-body.ts';

/** A payment's status as coloured tags (a recharge's and a refund's status, and a refund's kind: entities/recharge, entities/refund). */
const PAYMENT_COLORS: Record<PaymentStatus, string> = { DRAFT: 'default', PAID: 'green' };

export const PAYMENT_STATUS_OPTIONS: readonly StaticOption[] = PAYMENT_STATUSES.map((status) => ({ value: status, label: textKey('wallet', `payment.status.${status}`), color: PAYMENT_COLORS[status] }));

/** Spec §4 "wallet record states appear as tabs and drafts": All, then each state in the order a record lives through them. */
export const RECHARGE_TABS = statusTabs<RechargeStatus>(RECHARGE_STATUSES);
export const PAYMENT_TABS = statusTabs<PaymentStatus>(PAYMENT_STATUSES);
export const REFUND_TABS = statusTabs<RefundStatus>(REFUND_STATUSES);
