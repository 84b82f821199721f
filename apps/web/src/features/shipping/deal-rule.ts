import { DEAL_HIDDEN_STATUSES, type ExceptionStatus } from '@portal/shared/logistics';

/** The permission of the Deal button (menu-tree.ts). */
export const DEAL_PERMISSION = 'logistics:collection-exception:deal';

/** Spec §4: the Deal button is shown unless the status is '1' (handled), '3' (closed) or '4' (cancelled). */
export const dealShown = (status: ExceptionStatus): boolean => !DEAL_HIDDEN_STATUSES.includes(status);
