import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { createHash, randomBytes } from 'node:crypto';
import { PURCHASE_PLATFORMS, TOKEN_REFRESH_AHEAD_MINUTES, type PurchasePlatform } from '@portal/shared/purchase';
import type { PlatformTokenEditInput, PlatformTokenOverview, PlatformTokenRecord } from '@portal/shared/purchase-token';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { authorizeUrl, exchangeCode, refreshGrant, type TokenGrant } from '../platform/oauth.ts';
import type { PlatformCredentials } from '../platform/platform-http.ts';
import type { PurchasePlatformSettings } from '../platform/settings.ts';
import { PlatformError } from '../platform/types.ts';
import { decryptSecret, encryptSecret } from '../../../lib/secret-box.ts';
import { auditViewOf, tokenRecordOf } from './model.ts';
import { allCredentials, credentialByState, credentialOf, deleteCredential, dueForRefresh, insertCredential, updateCredential, type CredentialChange, type CredentialRow } from './repository.ts';

/*
 * The platforms' app credentials and OAuth tokens. Secrets and tokens are encrypted at rest
 * (crypto.ts) and never answered; every change writes one audit line without them. The token calls are HTTP
 * calls to the platform: no transaction is held open across them.
 */

/** The authorisation's state lives this long, and works once. */
export const OAUTH_STATE_MINUTES = 10;
export const SYSTEM_ACTOR: AuditActor = { tenantId: PLATFORM_TENANT, userId: null, username: 'system', ip: '' };
const RESOURCE = 'purchase-token';

const hashState = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');
const slot = (platform: PurchasePlatform, field: 'appSecret' | 'accessToken' | 'refreshToken') => `${platform}:${field}`;

function requireKey(settings: PurchasePlatformSettings): Buffer {
  if (!settings.key) throw conflict('purchaseTokenSecretKeyMissing');
  return settings.key;
}

function appSecretOf(settings: PurchasePlatformSettings, row: CredentialRow): string {
  const secret = decryptSecret(requireKey(settings), slot(row.platform, 'appSecret'), row.appSecretEnc);
  if (secret === null) throw conflict('purchaseTokenSecretUnreadable');
  return secret;
}

/** A platform's refusal or absence, as the administrator's message (its code only: no token, no secret). */
function platformFailure(error: unknown): Error {
  if (!(error instanceof PlatformError)) return error instanceof Error ? error : new Error(String(error));
  const reason = error.platformCode || error.kind;
  if (error.kind === 'unauthorized' || error.kind === 'refused' || error.kind === 'not_found') return conflict('purchaseTokenPlatformRefused', { reason });
  return new AppError(503, 'purchaseTokenPlatformDown', { reason });
}

function grantChange(settings: PurchasePlatformSettings, platform: PurchasePlatform, grant: TokenGrant, keep: CredentialRow): CredentialChange {
  const key = requireKey(settings);
  return {
    accessTokenEnc: encryptSecret(key, slot(platform, 'accessToken'), grant.accessToken),
    refreshTokenEnc: grant.refreshToken ? encryptSecret(key, slot(platform, 'refreshToken'), grant.refreshToken) : keep.refreshTokenEnc,
    accessExpiresAt: grant.accessExpiresAt,
    // 1688's refresh answers no new refresh token and no new end: the old ones stay
    refreshExpiresAt: grant.refreshExpiresAt ?? keep.refreshExpiresAt,
    accountName: grant.accountName || keep.accountName,
    lastRefreshError: '',
  };
}

export async function tokenOverview(db: Db, settings: PurchasePlatformSettings, now = new Date()): Promise<PlatformTokenOverview> {
  const rows = await allCredentials(db);
  return {
    records: PURCHASE_PLATFORMS.map((platform) => tokenRecordOf(platform, rows.find((row) => row.platform === platform), now)),
    mode: settings.mode,
    canStoreSecrets: settings.key !== null,
    suggestedRedirectPath: '/config/taobao-global-token',
  };
}

export async function saveApp(db: Db, settings: PurchasePlatformSettings, input: PlatformTokenEditInput, actor: AuditActor): Promise<PlatformTokenRecord> {
  const secret = input.appSecret?.trim() ?? '';
  return db.transaction(async (tx) => {
    const before = await credentialOf(tx, input.platform, true);
    if (!before && !secret) throw badRequest('purchaseTokenSecretRequired');
    const appSecretEnc = secret ? encryptSecret(requireKey(settings), slot(input.platform, 'appSecret'), secret) : undefined;
    let after: CredentialRow | undefined;
    if (!before) {
      after = await insertCredential(tx, { platform: input.platform, appKey: input.appKey, appSecretEnc: appSecretEnc ?? '', redirectUri: input.redirectUri, updatedBy: actor.userId });
    } else {
      // another app (or another secret) makes the old tokens meaningless: authorise again
      const otherApp = before.appKey !== input.appKey || appSecretEnc !== undefined;
      after = await updateCredential(tx, input.platform, {
        appKey: input.appKey,
        redirectUri: input.redirectUri,
        updatedBy: actor.userId,
        ...(appSecretEnc ? { appSecretEnc } : {}),
        ...(otherApp ? { accessTokenEnc: null, refreshTokenEnc: null, accessExpiresAt: null, refreshExpiresAt: null, accountName: '', authorizedAt: null, oauthStateHash: null, oauthStateExpiresAt: null, lastRefreshError: '' } : {}),
      });
    }
    const now = new Date();
    const record = tokenRecordOf(input.platform, after, now);
    await recordAudit(tx, actor, {
      resource: RESOURCE,
      resourceId: input.platform,
      action: before ? 'update' : 'create',
      label: `${input.platform}${secret ? ' (app secret replaced)' : ''}`,
      before: before ? auditViewOf(tokenRecordOf(input.platform, before, now)) : null,
      after: auditViewOf(record),
    });
    return record;
  });
}

export async function removeApp(db: Db, platform: PurchasePlatform, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await credentialOf(tx, platform, true);
    if (!before) throw notFound('purchaseTokenNotConfigured');
    await deleteCredential(tx, platform);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: platform, action: 'delete', label: platform, before: auditViewOf(tokenRecordOf(platform, before, new Date())), after: null });
  });
}

/** The platform's authorize address with a fresh state (stored as its hash, lapsing after OAUTH_STATE_MINUTES). */
export async function startAuthorization(db: Db, settings: PurchasePlatformSettings, platform: PurchasePlatform, actor: AuditActor): Promise<{ url: string; expiresAt: string }> {
  const state = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + OAUTH_STATE_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const row = await credentialOf(tx, platform, true);
    if (!row) throw notFound('purchaseTokenNotConfigured');
    await updateCredential(tx, platform, { oauthStateHash: hashState(state), oauthStateExpiresAt: expiresAt, updatedBy: actor.userId });
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: platform, action: 'authorize', label: `${platform}: authorisation started` });
    return { url: authorizeUrl(platform, settings.urls, { appKey: row.appKey, redirectUri: row.redirectUri, state }, settings.alibabaAuthorizeUrl), expiresAt: expiresAt.toISOString() };
  });
}

/** The code the platform sent back, for tokens: the state must be the one given out, unexpired, and is used up here. */
export async function completeAuthorization(db: Db, settings: PurchasePlatformSettings, input: { code: string; state: string }, actor: AuditActor): Promise<PlatformTokenRecord> {
  const now = new Date();
  // the state is spent before the platform is asked: a second attempt with it fails whatever the first did
  const row = await db.transaction(async (tx) => {
    const found = await credentialByState(tx, hashState(input.state));
    if (!found) return null;
    await updateCredential(tx, found.platform, { oauthStateHash: null, oauthStateExpiresAt: null });
    return found.oauthStateExpiresAt && found.oauthStateExpiresAt.getTime() > now.getTime() ? found : null;
  });
  if (!row) throw badRequest('purchaseTokenStateInvalid');
  const app = { appKey: row.appKey, appSecret: appSecretOf(settings, row), redirectUri: row.redirectUri };
  let grant: TokenGrant;
  try {
    grant = await exchangeCode(row.platform, settings.urls, app, input.code, settings.timeoutMs);
  } catch (error) {
    throw platformFailure(error);
  }
  return db.transaction(async (tx) => {
    const current = await credentialOf(tx, row.platform, true);
    // deleted or given another app meanwhile: these tokens belong to nobody
    if (!current || current.appKey !== row.appKey) throw badRequest('purchaseTokenStateInvalid');
    const after = await updateCredential(tx, row.platform, { ...grantChange(settings, row.platform, grant, current), authorizedAt: new Date(), lastRefreshAt: null, updatedBy: actor.userId });
    const record = tokenRecordOf(row.platform, after, new Date());
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: row.platform, action: 'authorized', label: `${row.platform}: ${record.accountName}`, before: auditViewOf(tokenRecordOf(row.platform, current, now)), after: auditViewOf(record) });
    return record;
  });
}

/** Renews a platform's access token with its refresh token; a failure is written on the row (the screen's warning). */
async function refreshOne(db: Db, settings: PurchasePlatformSettings, platform: PurchasePlatform, actor: AuditActor): Promise<PlatformTokenRecord> {
  const row = await credentialOf(db, platform);
  if (!row) throw notFound('purchaseTokenNotConfigured');
  const key = requireKey(settings);
  const refreshToken = row.refreshTokenEnc ? decryptSecret(key, slot(platform, 'refreshToken'), row.refreshTokenEnc) : null;
  const noteFailure = (reason: string) =>
    db.transaction(async (tx) => {
      await updateCredential(tx, platform, { lastRefreshError: reason.slice(0, 500), lastRefreshAt: new Date() });
      await recordAudit(tx, actor, { resource: RESOURCE, resourceId: platform, action: 'refresh-failed', label: `${platform}: ${reason}`.slice(0, 200) });
    });
  if (!refreshToken || (row.refreshExpiresAt && row.refreshExpiresAt.getTime() <= Date.now())) {
    // a refresh token that ran out (or no longer decrypts) is the screen's warning too
    if (row.refreshTokenEnc) await noteFailure(refreshToken ? 'refresh token expired' : 'refresh token unreadable');
    throw conflict('purchaseTokenNoRefreshToken');
  }
  let grant: TokenGrant;
  try {
    grant = await refreshGrant(platform, settings.urls, { appKey: row.appKey, appSecret: appSecretOf(settings, row) }, refreshToken, settings.timeoutMs);
  } catch (error) {
    if (error instanceof PlatformError) await noteFailure(`${error.kind}${error.platformCode ? ` (${error.platformCode})` : ''}`);
    throw platformFailure(error);
  }
  return db.transaction(async (tx) => {
    const current = await credentialOf(tx, platform, true);
    if (!current || current.appKey !== row.appKey) throw notFound('purchaseTokenNotConfigured');
    const after = await updateCredential(tx, platform, { ...grantChange(settings, platform, grant, current), lastRefreshAt: new Date() });
    const record = tokenRecordOf(platform, after, new Date());
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: platform, action: 'refresh', label: platform, after: auditViewOf(record) });
    return record;
  });
}

export const refreshNow = refreshOne;

/** The scheduled pass: every access token running out within TOKEN_REFRESH_AHEAD_MINUTES is renewed. */
export async function refreshDueTokens(db: Db, settings: PurchasePlatformSettings, now = new Date()): Promise<{ refreshed: PurchasePlatform[]; failed: PurchasePlatform[] }> {
  const due = await dueForRefresh(db, new Date(now.getTime() + TOKEN_REFRESH_AHEAD_MINUTES * 60_000), now);
  const outcome = { refreshed: [] as PurchasePlatform[], failed: [] as PurchasePlatform[] };
  for (const platform of due) {
    try {
      await refreshOne(db, settings, platform, SYSTEM_ACTOR);
      outcome.refreshed.push(platform);
    } catch {
      // written on the row (lastRefreshError) and shown as the screen's warning; the next pass tries again
      outcome.failed.push(platform);
    }
  }
  return outcome;
}

/** The live clients' credentials, decrypted at each call (the configuration may change under a running server). */
export async function credentialsFor(db: Db, settings: PurchasePlatformSettings, platform: PurchasePlatform): Promise<PlatformCredentials> {
  const row = await credentialOf(db, platform);
  if (!row || !settings.key || !row.accessTokenEnc) throw new PlatformError('unauthorized', `${platform}: no app credentials or access token configured`);
  const appSecret = decryptSecret(settings.key, slot(platform, 'appSecret'), row.appSecretEnc);
  const accessToken = decryptSecret(settings.key, slot(platform, 'accessToken'), row.accessTokenEnc);
  if (appSecret === null || accessToken === null) throw new PlatformError('unauthorized', `${platform}: the stored credentials do not decrypt with PURCHASE_SECRET_KEY`);
  return { appKey: row.appKey, appSecret, accessToken };
}
