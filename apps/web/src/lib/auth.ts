import { create } from 'zustand';
import type { AuthEntry, DictOption, MenuEntry, UserInfo } from '@portal/shared/sys';
import { SEVEN_DAYS_MS, storage, STORAGE_KEYS, TENANT_NAME_SESSION_KEY } from './storage.ts';
import { clearSession } from './session.ts';
import { lastDictVersion } from './dict-version.ts';

/** allPages: every page path of the catalogue (absent in test fixtures: every path outside the menu is then unknown) */
export type Permissions = { menu: MenuEntry[]; auth: AuthEntry[]; allAuth: AuthEntry[]; allPages?: readonly string[] };
export type Dictionaries = Record<string, DictOption[]>;

type AuthState = {
  token: string | null;
  userInfo: UserInfo | null;
  /** null until loaded after sign-in or on a reload (spec §4 "First navigation") */
  permissions: Permissions | null;
  dictionaries: Dictionaries | null;
  /** the server's version mark of `dictionaries` (lib/dict-version.ts); null: unknown, fetched again at the next answer */
  dictVersion: string | null;
  signedIn(result: { token: string; userInfo: UserInfo; sysAllDictItems: Dictionaries; tenantName?: string }): void;
  setUserInfo(userInfo: UserInfo): void;
  setPermissions(permissions: Permissions): void;
  /** `version`: the mark of the answer they came in; by default the latest answer's */
  setDictionaries(dictionaries: Dictionaries, version?: string | null): void;
  signedOut(): void;
};

/** Who is signed in; token, user and dictionaries are kept 7 days in local storage (spec §4). */
export const useAuth = create<AuthState>((set) => ({
  token: storage.get<string>(STORAGE_KEYS.token),
  userInfo: storage.get<UserInfo>(STORAGE_KEYS.userInfo),
  permissions: null,
  dictionaries: storage.get<Dictionaries>(STORAGE_KEYS.dictionaries),
  dictVersion: storage.get<string>(STORAGE_KEYS.dictVersion),
  signedIn({ token, userInfo, sysAllDictItems, tenantName }) {
    storage.set(STORAGE_KEYS.token, token, SEVEN_DAYS_MS);
    storage.set(STORAGE_KEYS.userInfo, userInfo, SEVEN_DAYS_MS);
    storage.set(STORAGE_KEYS.dictionaries, sysAllDictItems, SEVEN_DAYS_MS);
    // the sign-in answer's mark: the answer just read
    const dictVersion = lastDictVersion();
    storage.set(STORAGE_KEYS.dictVersion, dictVersion, SEVEN_DAYS_MS);
    storage.set(STORAGE_KEYS.tenantId, userInfo.tenantId, SEVEN_DAYS_MS);
    if (tenantName) {
      storage.set(STORAGE_KEYS.tenantName, tenantName, SEVEN_DAYS_MS);
      try {
        window.sessionStorage.setItem(TENANT_NAME_SESSION_KEY, tenantName);
      } catch {
        // only the user layout's company name is lost
      }
    }
    set({ token, userInfo, dictionaries: sysAllDictItems, dictVersion, permissions: null });
  },
  setUserInfo(userInfo) {
    storage.set(STORAGE_KEYS.userInfo, userInfo, SEVEN_DAYS_MS);
    set({ userInfo });
  },
  setPermissions(permissions) {
    set({ permissions });
  },
  setDictionaries(dictionaries, version = lastDictVersion()) {
    storage.set(STORAGE_KEYS.dictionaries, dictionaries, SEVEN_DAYS_MS);
    storage.set(STORAGE_KEYS.dictVersion, version, SEVEN_DAYS_MS);
    set({ dictionaries, dictVersion: version });
  },
  signedOut() {
    clearSession();
    set({ token: null, userInfo: null, permissions: null, dictionaries: null, dictVersion: null });
  },
}));
