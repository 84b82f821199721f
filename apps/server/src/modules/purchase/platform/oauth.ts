import type { PurchasePlatform } from '@portal/shared/purchase';
import { int, obj, postForm, str } from './http-signing.ts';
import { DEFAULT_TIMEOUT_MS } from './platform-http.ts';
import { callIop, TAOBAO_PATHS } from './taobao-global.ts';
import { PlatformError } from './types.ts';

/*
 * The platforms' OAuth: the address the administrator is sent to, and the token calls (code → tokens,
 * refresh token → a new access token). Taobao: /oauth/authorize at the gateway's host, /auth/token/create and
 * /auth/token/refresh as signed IOP calls. 1688: auth.1688.com/oauth/authorize, and
 * system.oauth2/getToken (the "http" protocol for a code, "param2" for a refresh) with the app's secret.
 */

export type PlatformUrls = { TAOBAO: string; '1688': string };
export type AppCredentials = { appKey: string; appSecret: string };
export type TokenGrant = { accessToken: string; refreshToken: string | null; accessExpiresAt: Date; refreshExpiresAt: Date | null; accountName: string };

const ALIBABA_AUTHORIZE_URL = 'https://auth.1688.com/oauth/authorize';

/** Taobao's authorize page is on the gateway's host (https://api.taobao.global/oauth/authorize). */
export function authorizeUrl(platform: PurchasePlatform, urls: PlatformUrls, app: { appKey: string; redirectUri: string; state: string }, alibabaAuthorizeUrl = ALIBABA_AUTHORIZE_URL): string {
  if (platform === 'TAOBAO') {
    const url = new URL('/oauth/authorize', urls.TAOBAO);
    url.search = new URLSearchParams({ response_type: 'code', force_auth: 'true', client_id: app.appKey, redirect_uri: app.redirectUri, state: app.state }).toString();
    return url.toString();
  }
  const url = new URL(alibabaAuthorizeUrl);
  url.search = new URLSearchParams({ client_id: app.appKey, site: '1688', redirect_uri: app.redirectUri, state: app.state }).toString();
  return url.toString();
}

const inSeconds = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** 1688's refresh_token_timeout: "20121222222222+0800" (yyyyMMddHHmmss and an offset). */
export function parseAlibabaTime(text: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})([+-]\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, oh, om] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${oh}:${om}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function taobaoGrant(body: Record<string, unknown>, now: Date): TokenGrant {
  const accessToken = str(body.access_token);
  if (!accessToken) throw new PlatformError('refused', 'Taobao answered no access token', str(body.code));
  const refreshToken = str(body.refresh_token) || null;
  return {
    accessToken,
    refreshToken,
    accessExpiresAt: inSeconds(now, int(body.expires_in)),
    refreshExpiresAt: refreshToken ? inSeconds(now, int(body.refresh_expires_in)) : null,
    accountName: str(body.account).slice(0, 100),
  };
}

async function alibabaToken(baseUrl: string, protocol: 'http' | 'param2', app: AppCredentials, fields: Record<string, string>, timeoutMs: number): Promise<Record<string, unknown>> {
  const answer = await postForm(`${baseUrl}/${protocol}/1/system.oauth2/getToken/${encodeURIComponent(app.appKey)}`, { ...fields, client_id: app.appKey, client_secret: app.appSecret }, timeoutMs);
  const body = obj(answer.body);
  const code = str(body.error_code) || str(body.error);
  if (code || answer.status >= 400 || !str(body.access_token)) {
    if (answer.status === 429 || /QpsOverLimit/i.test(code)) throw new PlatformError('throttled', '1688 throttled the token call', code);
    if (answer.status >= 500) throw new PlatformError('unavailable', `1688 answered HTTP ${answer.status}`, code);
    // an expired or used code, a revoked refresh token, a wrong secret: the administrator authorises again
    throw new PlatformError('unauthorized', '1688 refused the token request', code || String(answer.status));
  }
  return body;
}

function alibabaGrant(body: Record<string, unknown>, now: Date, refreshToken: string | null): TokenGrant {
  const newRefresh = str(body.refresh_token) || refreshToken;
  return {
    accessToken: str(body.access_token),
    refreshToken: newRefresh,
    accessExpiresAt: inSeconds(now, int(body.expires_in)),
    refreshExpiresAt: parseAlibabaTime(str(body.refresh_token_timeout)),
    accountName: (str(body.resource_owner) || str(body.memberId) || str(body.aliId)).slice(0, 100),
  };
}

/** The authorisation code for tokens. */
export async function exchangeCode(platform: PurchasePlatform, urls: PlatformUrls, app: AppCredentials & { redirectUri: string }, code: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<TokenGrant> {
  const now = new Date();
  if (platform === 'TAOBAO') return taobaoGrant(await callIop(urls.TAOBAO, TAOBAO_PATHS.tokenCreate, { code }, { ...app, accessToken: null }, timeoutMs), now);
  const body = await alibabaToken(urls['1688'], 'http', app, { grant_type: 'authorization_code', need_refresh_token: 'true', redirect_uri: app.redirectUri, code }, timeoutMs);
  return alibabaGrant(body, now, null);
}

/** A new access token (and, on Taobao, a new refresh token) for the refresh token. */
export async function refreshGrant(platform: PurchasePlatform, urls: PlatformUrls, app: AppCredentials, refreshToken: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<TokenGrant> {
  const now = new Date();
  if (platform === 'TAOBAO') return taobaoGrant(await callIop(urls.TAOBAO, TAOBAO_PATHS.tokenRefresh, { refresh_token: refreshToken }, { ...app, accessToken: null }, timeoutMs), now);
  const body = await alibabaToken(urls['1688'], 'param2', app, { grant_type: 'refresh_token', refresh_token: refreshToken }, timeoutMs);
  return alibabaGrant(body, now, refreshToken);
}

