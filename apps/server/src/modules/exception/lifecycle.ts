import { DEAL_HIDDEN_STATUSES, EXCEPTION_STATUS_VALUES, type ExceptionStatus } from '@portal/shared/logistics';

/** Spec §4: the merchant deals with what is not hidden, that is pending ('0') or awaiting the merchant ('2'). */
export const DEALABLE: readonly ExceptionStatus[] = EXCEPTION_STATUS_VALUES.filter((status) => !DEAL_HIDDEN_STATUSES.includes(status));

/**
 * What the platform may set, from each status: ask the merchant ('2', again if need be), close ('3')
 * or cancel ('4') an open one; a handled one ('1') may still be closed. Closed and cancelled are final.
 */
export const PLATFORM_EXCEPTION_MOVES: Readonly<Record<ExceptionStatus, readonly ExceptionStatus[]>> = {
  '0': ['2', '3', '4'],
  '1': ['3'],
  '2': ['2', '3', '4'],
  '3': [],
  '4': [],
};
