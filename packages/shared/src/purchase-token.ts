import { z } from 'zod';
import { PURCHASE_PLATFORMS } from './purchase.ts';
import { msg } from './messages.ts';

/*
 * The platforms' app credentials and OAuth tokens: the app key, the app secret (write-only:
 * stored encrypted, never answered), the redirect URI, and the state of the authorisation. No answer carries
 * the secret or a token.
 */

export const purchasePlatformParam = z.enum(PURCHASE_PLATFORMS);

/** ACTIVE: the access token works; EXPIRED: it ran out and could not be renewed; UNAUTHORIZED: the app is saved, nobody authorised it yet. */
export const PLATFORM_TOKEN_STATUSES = ['UNSET', 'UNAUTHORIZED', 'ACTIVE', 'EXPIRED'] as const;
export type PlatformTokenStatus = (typeof PLATFORM_TOKEN_STATUSES)[number];

/** Why the screen warns: the refresh token runs out soon (or did), or the last refresh failed. */
export const PLATFORM_TOKEN_WARNINGS = ['REFRESH_EXPIRING', 'REFRESH_EXPIRED', 'REFRESH_FAILED'] as const;
export type PlatformTokenWarning = (typeof PLATFORM_TOKEN_WARNINGS)[number];

export const platformTokenRecord = z.object({
  platform: purchasePlatformParam,
  status: z.enum(PLATFORM_TOKEN_STATUSES),
  /** the app key with its middle masked ("50****23"); empty when unset */
  appKeyMasked: z.string(),
  /** whether an app secret is stored (never the secret) */
  appSecretSet: z.boolean(),
  redirectUri: z.string(),
  accountName: z.string(),
  authorizedAt: z.string().nullable(),
  accessExpiresAt: z.string().nullable(),
  refreshExpiresAt: z.string().nullable(),
  lastRefreshAt: z.string().nullable(),
  lastRefreshError: z.string(),
  warning: z.enum(PLATFORM_TOKEN_WARNINGS).nullable(),
  updatedAt: z.string().nullable(),
});
export type PlatformTokenRecord = z.infer<typeof platformTokenRecord>;

export const platformTokenOverview = z.object({
  records: z.array(platformTokenRecord),
  /** 'demo': the embedded catalogue answers, the tokens are not used until PURCHASE_PLATFORMS=live */
  mode: z.enum(['demo', 'live']),
  /** false: the server has no PURCHASE_SECRET_KEY and cannot store a secret */
  canStoreSecrets: z.boolean(),
  /** the redirect URI this site suggests: its own token page, which completes the authorisation */
  suggestedRedirectPath: z.string(),
});
export type PlatformTokenOverview = z.infer<typeof platformTokenOverview>;

// an http(s) address with a host and no spaces (the shared package has no URL class: a pattern is enough here)
const httpsUrl = z
  .string()
  .trim()
  .max(500, { error: msg('purchaseTokenRedirectUri') })
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/, { error: msg('purchaseTokenRedirectUri') });

export const platformTokenEditInput = z.object({
  platform: purchasePlatformParam,
  appKey: z.string().trim().min(1, { error: msg('purchaseTokenAppKey') }).max(64, { error: msg('purchaseTokenAppKey') }).regex(/^[A-Za-z0-9_-]+$/, { error: msg('purchaseTokenAppKey') }),
  /** absent or empty: the stored secret stays (required the first time) */
  appSecret: z.string().max(200).optional(),
  redirectUri: httpsUrl,
});
export type PlatformTokenEditInput = z.infer<typeof platformTokenEditInput>;

export const platformOnlyInput = z.object({ platform: purchasePlatformParam });

export const platformAuthorizeResult = z.object({ url: z.string(), expiresAt: z.string() });

/** What the platform sent back to the redirect URI. */
export const platformCallbackInput = z.object({
  code: z.string().trim().min(1).max(500),
  state: z.string().trim().min(1).max(200),
});
