import type { Db } from '../../../db/client.ts';
import type { JobQueue } from '../../../lib/jobs.ts';
import type { PurchasePlatform } from '@portal/shared/purchase';
import type { PurchasePlatformSettings } from '../platform/settings.ts';
import { refreshDueTokens } from './service.ts';

export const TOKEN_REFRESH_JOB = 'purchase-token-refresh';
/** Every five minutes: well inside TOKEN_REFRESH_AHEAD_MINUTES, so a token is renewed several passes before it runs out. */
export const TOKEN_REFRESH_CRON = '*/5 * * * *';

/** The scheduled refresh of the platforms' access tokens (decision 0019's queue); `log` hears each pass that did something. */
export function registerTokenRefresh(jobs: JobQueue, db: Db, settings: PurchasePlatformSettings, log: (outcome: { refreshed: PurchasePlatform[]; failed: PurchasePlatform[] }) => void): void {
  jobs.register(
    TOKEN_REFRESH_JOB,
    async () => {
      const outcome = await refreshDueTokens(db, settings);
      if (outcome.refreshed.length > 0 || outcome.failed.length > 0) log(outcome);
    },
    // a failed pass is not retried at once: the next pass comes in five minutes
    { cron: TOKEN_REFRESH_CRON, retryLimit: 0 },
  );
}
