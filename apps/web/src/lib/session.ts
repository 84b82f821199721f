import { storage, STORAGE_KEYS, TENANT_NAME_SESSION_KEY } from './storage.ts';

/** Forgets everything a sign-in stored (spec §4 "Logout"): token, user, permissions, dictionaries, tenant. */
export function clearSession(): void {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.permissions, STORAGE_KEYS.dictionaries, STORAGE_KEYS.dictVersion, STORAGE_KEYS.tenantId, STORAGE_KEYS.tenantName, STORAGE_KEYS.mainAccount]) {
    storage.remove(key);
  }
  try {
    window.sessionStorage.removeItem(TENANT_NAME_SESSION_KEY);
  } catch {
    // nothing to forget
  }
}

export const currentToken = () => storage.get<string>(STORAGE_KEYS.token);
