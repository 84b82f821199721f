import type { PushAttemptOutcome, PushDeliveryStatus } from '@portal/shared/open-api';

/** The colours of a delivery's status and an attempt's outcome, the same in the list and the drawer. */
export const STATUS_COLORS: Record<PushDeliveryStatus, string> = { PENDING: 'blue', SUCCEEDED: 'green', FAILED: 'red' };
export const OUTCOME_COLORS: Record<PushAttemptOutcome, string> = {
  SUCCESS: 'green',
  HTTP_ERROR: 'red',
  TIMEOUT: 'orange',
  NETWORK: 'orange',
  BLOCKED_ADDRESS: 'magenta',
  REDIRECT: 'purple',
  GONE: 'volcano',
  THROTTLED: 'gold',
};
