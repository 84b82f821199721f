import { create } from 'zustand';
import { storage, STORAGE_KEYS } from './storage.ts';

/** The settings drawer's options (spec §2) with the defaults of spec §9. */
export type Preferences = {
  menuTheme: 'dark' | 'light';
  primaryColor: string;
  navMode: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  sidebarCollapsed: boolean;
};

export const DEFAULT_PREFERENCES: Preferences = {
  menuTheme: 'light',
  primaryColor: '#1890FF',
  navMode: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multipage: true,
  sidebarCollapsed: false,
};

/** The constraints between options (spec §2): Fluid only with topmenu, hide-on-scroll needs a fixed header, no fixed side menu with topmenu. */
export function normalise(preferences: Preferences): Preferences {
  const next = { ...preferences };
  if (next.navMode === 'sidemenu') next.contentWidth = 'Fixed';
  if (!next.fixedHeader) next.autoHideHeader = false;
  if (next.navMode === 'topmenu') next.fixSiderbar = false;
  return next;
}

/** The stored part of the state: the preferences without the store's functions. */
function preferencesOf(state: Preferences): Preferences {
  const { menuTheme, primaryColor, navMode, contentWidth, fixedHeader, autoHideHeader, fixSiderbar, colorWeak, multipage, sidebarCollapsed } = state;
  return { menuTheme, primaryColor, navMode, contentWidth, fixedHeader, autoHideHeader, fixSiderbar, colorWeak, multipage, sidebarCollapsed };
}

type PreferencesState = Preferences & { update(change: Partial<Preferences>): void; reset(): void };

export const usePreferences = create<PreferencesState>((set, get) => ({
  ...normalise({ ...DEFAULT_PREFERENCES, ...(storage.get<Partial<Preferences>>(STORAGE_KEYS.preferences) ?? {}) }),
  update(change) {
    const next = normalise({ ...preferencesOf(get()), ...change });
    storage.set(STORAGE_KEYS.preferences, next);
    set(next);
  },
  reset() {
    storage.remove(STORAGE_KEYS.preferences);
    set(DEFAULT_PREFERENCES);
  },
}));
