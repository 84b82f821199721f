import { REFUND_KINDS, type RefundKind } from '@portal/shared/finance';
import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';

/**
 * A refund's kind as the merchant's wallet and the platform's review both show it, in colours apart from
 * the states' blue, green and red beside it. The texts are the finance namespace's.
 */
const COLORS: Record<RefundKind, string> = { BALANCE: 'purple', CHARGE: 'cyan' };

export const REFUND_KIND_OPTIONS: readonly (StaticOption & { value: RefundKind })[] = REFUND_KINDS.map((kind) => ({
  value: kind,
  label: textKey('finance', `refundKind.${kind}`),
  color: COLORS[kind],
}));
