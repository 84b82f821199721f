import { iso } from '../../../lib/iso.ts';
import { TOKEN_REFRESH_WARNING_DAYS, type PurchasePlatform } from '@portal/shared/purchase';
import type { PlatformTokenRecord, PlatformTokenWarning } from '@portal/shared/purchase-token';
import type { CredentialRow } from './repository.ts';

/** "500123" → "50**23": enough to recognise the app, not to copy its key. */
export function maskKey(key: string): string {
  if (key.length <= 4) return '*'.repeat(key.length);
  const keep = key.length <= 8 ? 2 : 4;
  return `${key.slice(0, keep)}${'*'.repeat(key.length - keep * 2)}${key.slice(-keep)}`;
}

const DAY = 86_400_000;

/** Why the screen warns, if it does: a failed refresh first, then the refresh token's end. */
export function tokenWarning(row: Pick<CredentialRow, 'refreshTokenEnc' | 'refreshExpiresAt' | 'lastRefreshError'>, now: Date): PlatformTokenWarning | null {
  if (row.lastRefreshError) return 'REFRESH_FAILED';
  if (!row.refreshTokenEnc || !row.refreshExpiresAt) return null;
  if (row.refreshExpiresAt.getTime() <= now.getTime()) return 'REFRESH_EXPIRED';
  if (row.refreshExpiresAt.getTime() - now.getTime() <= TOKEN_REFRESH_WARNING_DAYS * DAY) return 'REFRESH_EXPIRING';
  return null;
}

/** What the screen shows of a platform's row: never the secret, never a token. */
export function tokenRecordOf(platform: PurchasePlatform, row: CredentialRow | undefined, now: Date): PlatformTokenRecord {
  if (!row) {
    return { platform, status: 'UNSET', appKeyMasked: '', appSecretSet: false, redirectUri: '', accountName: '', authorizedAt: null, accessExpiresAt: null, refreshExpiresAt: null, lastRefreshAt: null, lastRefreshError: '', warning: null, updatedAt: null };
  }
  const status = !row.accessTokenEnc ? 'UNAUTHORIZED' : row.accessExpiresAt && row.accessExpiresAt.getTime() > now.getTime() ? 'ACTIVE' : 'EXPIRED';
  return {
    platform,
    status,
    appKeyMasked: maskKey(row.appKey),
    appSecretSet: row.appSecretEnc !== '',
    redirectUri: row.redirectUri,
    accountName: row.accountName,
    authorizedAt: iso(row.authorizedAt),
    accessExpiresAt: iso(row.accessExpiresAt),
    refreshExpiresAt: iso(row.refreshExpiresAt),
    lastRefreshAt: iso(row.lastRefreshAt),
    lastRefreshError: row.lastRefreshError,
    warning: tokenWarning(row, now),
    updatedAt: iso(row.updatedAt),
  };
}

/** The audit log's view of a row: what an administrator would read (the key masked, no secret, no token). */
export const auditViewOf = (record: PlatformTokenRecord) => ({
  appKey: record.appKeyMasked,
  appSecretSet: record.appSecretSet,
  redirectUri: record.redirectUri,
  accountName: record.accountName,
  status: record.status,
  accessExpiresAt: record.accessExpiresAt,
  refreshExpiresAt: record.refreshExpiresAt,
});
