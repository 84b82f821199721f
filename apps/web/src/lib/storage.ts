/** Local storage under the spec's `pro__` namespace (§9), each value with an optional expiry. */
export const STORAGE_PREFIX = 'pro__';
/** Token, user info and dictionaries live 7 days (spec §4, §9). */
export const SEVEN_DAYS_MS = 604_800_000;

export const STORAGE_KEYS = {
  token: 'Access-Token',
  userInfo: 'Login_Userinfo',
  dictionaries: 'UI_CACHE_DB_DICT_ALL_ITEMS',
  /** the version mark the dictionaries above were fetched under (lib/dict-version.ts) */
  dictVersion: 'UI_CACHE_DB_DICT_VERSION',
  permissions: 'USER_PERMISSIONS',
  tenantId: 'TENANT_ID',
  /** the company signed in to, for home: every tab of the browser shows it, as it does the user */
  tenantName: 'TENANT_NAME',
  mainAccount: 'MAIN_ACCOUNT',
  preferences: 'PREFERENCES',
  tabs: 'MULTI_TABS',
} as const;
/** A key computed from a route path (the menu search remembers each chosen entry's title, spec §2). */
export type RouteTitleKey = `ROUTE_TITLE:${string}`;
/** A choice one user makes once and the screen keeps for them on this computer (the receiving warehouse). */
export type UserChoiceKey = `USER_CHOICE:${number}:${string}`;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | RouteTitleKey | UserChoiceKey;

/** Where user `userId`'s choice `name` is kept, e.g. `pro__USER_CHOICE:7:RECEIVE_WAREHOUSE`; sign-out keeps it. */
export const userChoiceKey = (userId: number, name: string): UserChoiceKey => `USER_CHOICE:${userId}:${name}`;

/** Where the title of the menu entry at `path` is kept: one key per path, e.g. `pro__ROUTE_TITLE:/system/user`. */
export const routeTitleKey = (path: string): RouteTitleKey => `ROUTE_TITLE:${path}`;

type Stored<T> = { value: T; expire: number | null };

function safe<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    // storage disabled or full: the app still works, it just does not remember
    return fallback;
  }
}

export const storage = {
  get<T>(key: StorageKey): T | null {
    return safe(() => {
      const raw = window.localStorage.getItem(STORAGE_PREFIX + key);
      if (raw === null) return null;
      const stored = JSON.parse(raw) as Stored<T>;
      if (stored.expire !== null && stored.expire <= Date.now()) {
        window.localStorage.removeItem(STORAGE_PREFIX + key);
        return null;
      }
      return stored.value;
    }, null);
  },
  set<T>(key: StorageKey, value: T, ttlMs: number | null = null): void {
    safe(() => window.localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify({ value, expire: ttlMs === null ? null : Date.now() + ttlMs } satisfies Stored<T>)), undefined);
  },
  remove(key: StorageKey): void {
    safe(() => window.localStorage.removeItem(STORAGE_PREFIX + key), undefined);
  },
};

/** The company name shown by the user layout lives in session storage (spec §2). */
export const TENANT_NAME_SESSION_KEY = `${STORAGE_PREFIX}TENANT_NAME`;
