import { create } from 'zustand';
import { storage, STORAGE_KEYS } from '../../lib/storage.ts';
import { closeMany, closeTab, keepValid, openTab, refreshTab, restoreTabs, type BulkClose, type CloseRefusal, type OpenTab } from './tab-list.ts';

/** What a reload restores: the tabs' addresses in order (`keys`, as before tabs had an address of their own), and whose they are (another user starts afresh). */
type StoredTabs = { owner: string; keys: string[] };

type TabsState = {
  /** the user the tabs belong to; null until hydrated */
  owner: string | null;
  tabs: OpenTab[];
  /** loads the stored tabs of `owner` once (a reload, or another user signing in without one) */
  hydrate(owner: string, isValid: (key: string) => boolean, home: string, keyOf: (url: string) => string): void;
  /** opens or activates the tab `key` at `url`; answers the tabs closed to respect the cap */
  open(key: string, home: string, url: string): OpenTab[];
  close(key: string, home: string): CloseRefusal | null;
  closeMany(key: string, home: string, which: BulkClose): void;
  refresh(key: string): void;
  /** drops tabs whose page left the menu (a department switch, a role change) */
  prune(isValid: (key: string) => boolean): void;
};

function readStored(owner: string): string[] {
  const stored = storage.get<StoredTabs>(STORAGE_KEYS.tabs);
  return stored && stored.owner === owner && Array.isArray(stored.keys) ? stored.keys.filter((key): key is string => typeof key === 'string') : [];
}

/** The open pages of the multi-page tabs, kept in local storage so that a reload restores them. */
export const useTabsStore = create<TabsState>((set, get) => ({
  owner: null,
  tabs: [],
  hydrate(owner, isValid, home, keyOf) {
    if (get().owner === owner) return;
    set({ owner, tabs: restoreTabs(readStored(owner), isValid, home, undefined, keyOf) });
  },
  open(key, home, url) {
    const { tabs, evicted } = openTab(get().tabs, key, home, undefined, url);
    set({ tabs });
    return evicted;
  },
  close(key, home) {
    const result = closeTab(get().tabs, key, home);
    if ('refused' in result) return result.refused;
    set({ tabs: result.tabs });
    return null;
  },
  closeMany(key, home, which) {
    set({ tabs: closeMany(get().tabs, key, home, which) });
  },
  refresh(key) {
    set({ tabs: refreshTab(get().tabs, key) });
  },
  prune(isValid) {
    const tabs = get().tabs;
    const kept = keepValid(tabs, isValid);
    if (kept.length !== tabs.length) set({ tabs: kept });
  },
}));

useTabsStore.subscribe((state, previous) => {
  if (state.tabs === previous.tabs || !state.owner) return;
  storage.set<StoredTabs>(STORAGE_KEYS.tabs, { owner: state.owner, keys: state.tabs.map((tab) => tab.url) });
});
