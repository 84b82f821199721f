import type { BrowserContextOptions } from 'playwright-core';
import type { LoginResult } from '@portal/shared/sys';
import { SEVEN_DAYS_MS, STORAGE_KEYS, STORAGE_PREFIX } from '../../src/lib/storage.ts';

/** The demo users' password (the seed's). */
export const PASSWORD = 'Portal#2026';

/** The demo's users, one per role. */
export const ROLES = ['admin', 'warehouse', 'finance', 'purchaser', 'merchant', 'staff', 'merchant2'] as const;
export type Role = (typeof ROLES)[number];

/** What the browser keeps of a sign-in that matters to a page: the session's token and the user. */
export type Session = Pick<LoginResult, 'token' | 'userInfo'>;

type Envelope<T> = { success: boolean; message: string; result: T };

/** A new session of `username` by the API (POST /api/sys/login), as the sign-in form would get it. */
export async function signInByApi(url: string, username: string, password = PASSWORD): Promise<Session> {
  const response = await fetch(`${url}/api/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const envelope = (await response.json()) as Envelope<LoginResult>;
  if (!response.ok || !envelope.success) throw new Error(`sign-in of ${username}: HTTP ${response.status} ${envelope.message}`);
  return { token: envelope.result.token, userInfo: envelope.result.userInfo };
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * A browser signed in with `session`: the local storage the portal's sign-in writes (lib/auth.ts `signedIn`:
 * the token, the user and the tenant, for 7 days). The dictionaries are left out: a page loads them in its
 * own language, and so is the language itself, which each test chooses.
 */
export function storageStateOf(url: string, { token, userInfo }: Session): StorageState {
  const expire = Date.now() + SEVEN_DAYS_MS;
  const item = (key: string, value: unknown) => ({ name: STORAGE_PREFIX + key, value: JSON.stringify({ value, expire }) });
  return {
    cookies: [],
    origins: [{ origin: url, localStorage: [item(STORAGE_KEYS.token, token), item(STORAGE_KEYS.userInfo, userInfo), item(STORAGE_KEYS.tenantId, userInfo.tenantId)] }],
  };
}
