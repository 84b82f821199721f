import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { LogisticsSummary } from '@portal/shared/logistics-schemas';
import type { Db } from '../../../db/client.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { summarizeLogistics, type SummaryParts } from './repository.ts';

/** How long the all-tenant figures are reused: counting a million orders is not done per page view. */
export const PLATFORM_SUMMARY_TTL_MS = 30_000;

/**
 * The home page's figures for the caller's tenant: a merchant's own, or every merchant's for the
 * platform's staff, kept for PLATFORM_SUMMARY_TTL_MS. One per app: the cache lives as long as it does.
 */
export function logisticsSummaries(db: Db): { of(tenantId: number, parts: SummaryParts): Promise<LogisticsSummary> } {
  // one entry (the platform's); the promise is kept so that callers arriving together share one count
  const platformFigures = new TtlCache<'platform', Promise<LogisticsSummary>>(PLATFORM_SUMMARY_TTL_MS, 1);

  const platformSummary = (): Promise<LogisticsSummary> => {
    const cached = platformFigures.get('platform');
    if (cached) return cached;
    const computing = summarizeLogistics(db, null);
    platformFigures.set('platform', computing);
    // a failure is not kept for 30 s: the next caller tries again
    computing.catch(() => platformFigures.delete('platform'));
    return computing;
  };

  return {
    of: async (tenantId, parts) => {
      if (tenantId !== PLATFORM_TENANT) return summarizeLogistics(db, tenantId, parts);
      // every merchant's figures are counted once for all the staff; each reader gets those of their lists
      const all = await platformSummary();
      return {
        byStatus: parts.orders ? all.byStatus : null,
        ordersPerDay: parts.orders ? all.ordersPerDay : null,
        parcelsInWarehouse: parts.parcels ? all.parcelsInWarehouse : null,
        openExceptions: parts.exceptions ? all.openExceptions : null,
      };
    },
  };
}
