import type { RateApplyStatus, RechargeStatus, RefundStatus, JournalKind, AccountKind, RefundKind } from '@portal/shared/finance';
import { ACCOUNT_KINDS, JOURNAL_KINDS, REFUND_KINDS } from '@portal/shared/finance';
import type { StaticOption } from '../../components/list-page/list-config.ts';
import { fk } from './texts.ts';

/** Status colours: waiting blue, done green, refused red, undone orange, drafts and withdrawn grey. */
export const RATE_APPLY_STATUS_OPTIONS: readonly (StaticOption & { value: RateApplyStatus })[] = [
  { value: 'DRAFT', label: fk('status.rateApply.DRAFT'), color: 'default' },
  { value: 'SUBMITTED', label: fk('status.rateApply.SUBMITTED'), color: 'processing' },
  { value: 'APPROVED', label: fk('status.rateApply.APPROVED'), color: 'success' },
  { value: 'REJECTED', label: fk('status.rateApply.REJECTED'), color: 'error' },
  { value: 'CANCELLED', label: fk('status.rateApply.CANCELLED'), color: 'default' },
];

export const RECHARGE_STATUS_OPTIONS: readonly (StaticOption & { value: RechargeStatus })[] = [
  { value: 'DRAFT', label: fk('status.recharge.DRAFT'), color: 'default' },
  { value: 'SUBMITTED', label: fk('status.recharge.SUBMITTED'), color: 'processing' },
  { value: 'CONFIRMED', label: fk('status.recharge.CONFIRMED'), color: 'success' },
  { value: 'REJECTED', label: fk('status.recharge.REJECTED'), color: 'error' },
  { value: 'REVERSED', label: fk('status.recharge.REVERSED'), color: 'warning' },
];

export const REFUND_STATUS_OPTIONS: readonly (StaticOption & { value: RefundStatus })[] = [
  { value: 'SUBMITTED', label: fk('status.refund.SUBMITTED'), color: 'processing' },
  { value: 'APPROVED', label: fk('status.refund.APPROVED'), color: 'success' },
  { value: 'REJECTED', label: fk('status.refund.REJECTED'), color: 'error' },
];

const JOURNAL_COLORS: Record<JournalKind, string> = { RECHARGE: 'green', PAYMENT: 'blue', REFUND: 'purple', CONVERSION: 'cyan', REVERSAL: 'orange' };
export const JOURNAL_KIND_OPTIONS: readonly StaticOption[] = JOURNAL_KINDS.map((kind) => ({ value: kind, label: fk(`journal.${kind}`), color: JOURNAL_COLORS[kind] }));

const ACCOUNT_COLORS: Record<AccountKind, string> = { WALLET: 'blue', BANK: 'gold', REVENUE: 'green', FX: 'cyan', ROUNDING: 'default' };
export const ACCOUNT_KIND_OPTIONS: readonly StaticOption[] = ACCOUNT_KINDS.map((kind) => ({ value: kind, label: fk(`accountKind.${kind}`), color: ACCOUNT_COLORS[kind] }));

const REFUND_KIND_COLORS: Record<RefundKind, string> = { BALANCE: 'geekblue', CHARGE: 'purple' };
export const REFUND_KIND_OPTIONS: readonly StaticOption[] = REFUND_KINDS.map((kind) => ({ value: kind, label: fk(`refundKind.${kind}`), color: REFUND_KIND_COLORS[kind] }));
