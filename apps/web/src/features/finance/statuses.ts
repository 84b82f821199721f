import type { RateApplyStatus, JournalKind, AccountKind } from '@portal/shared/finance';
import { ACCOUNT_KINDS, JOURNAL_KINDS } from '@portal/shared/finance';
import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';

/** Status colours as entities/recharge and entities/refund have them: waiting blue, done green, refused red, drafts and withdrawn grey. */
export const RATE_APPLY_STATUS_OPTIONS: readonly (StaticOption & { value: RateApplyStatus })[] = [
  { value: 'DRAFT', label: textKey('finance', 'status.rateApply.DRAFT'), color: 'default' },
  { value: 'SUBMITTED', label: textKey('finance', 'status.rateApply.SUBMITTED'), color: 'processing' },
  { value: 'APPROVED', label: textKey('finance', 'status.rateApply.APPROVED'), color: 'success' },
  { value: 'REJECTED', label: textKey('finance', 'status.rateApply.REJECTED'), color: 'error' },
  { value: 'CANCELLED', label: textKey('finance', 'status.rateApply.CANCELLED'), color: 'default' },
];

const JOURNAL_COLORS: Record<JournalKind, string> = { RECHARGE: 'green', PAYMENT: 'blue', REFUND: 'purple', CONVERSION: 'cyan', REVERSAL: 'orange' };
export const JOURNAL_KIND_OPTIONS: readonly StaticOption[] = JOURNAL_KINDS.map((kind) => ({ value: kind, label: textKey('finance', `journal.${kind}`), color: JOURNAL_COLORS[kind] }));

const ACCOUNT_COLORS: Record<AccountKind, string> = { WALLET: 'blue', BANK: 'gold', REVENUE: 'green', FX: 'cyan', ROUNDING: 'default', PURCHASE: 'purple' };
export const ACCOUNT_KIND_OPTIONS: readonly StaticOption[] = ACCOUNT_KINDS.map((kind) => ({ value: kind, label: textKey('finance', `accountKind.${kind}`), color: ACCOUNT_COLORS[kind] }));
