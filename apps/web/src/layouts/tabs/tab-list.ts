/**
 * The open pages of the multi-page tabs as plain data, and every change to them as a pure function,
 * so the rules (spec §4 "Tabs") are tested without rendering anything.
 */
export type OpenTab = {
  /** which page the tab is: its pathname, or pathname + search for a page that is a tab per query (tabKey) */
  key: string;
  /** where the page is: pathname + search */
  url: string;
  /** bumped by Refresh: a new React key re-mounts the page */
  refresh: number;
  /** when the tab was last active (a counter, larger is more recent), for the cap */
  used: number;
  /** whether the page was rendered; restored tabs wait until first shown to load their page */
  mounted: boolean;
};

/** How many pages are kept alive at most, home included. */
export const MAX_TABS = 12;

export type CloseRefusal = 'home' | 'last';

const newTab = (key: string, used: number, mounted: boolean, url = key): OpenTab => ({ key, url, refresh: 0, used, mounted });

/**
 * The tab of the page at `url`: one tab per page whatever its query (a list opened from a home card
 * with ?status= is the list's tab), unless each query is a page of its own (a detail's ?id=).
 */
export function tabKey(url: string, tabPerQuery: boolean): string {
  return tabPerQuery ? url : pathOf(url);
}

/** A record's page (a detail, opened from its list with the record's id) is a tab per record; by the page registry's naming. */
export const isRecordPage = (component: string): boolean => component.endsWith('-detail');
const nextUse = (tabs: readonly OpenTab[]) => tabs.reduce((max, tab) => Math.max(max, tab.used), 0) + 1;

/** Home always comes first and is always open. */
export function withHome(tabs: readonly OpenTab[], home: string): OpenTab[] {
  const existing = tabs.find((tab) => tab.key === home);
  return [existing ?? newTab(home, 0, false), ...tabs.filter((tab) => tab.key !== home)];
}

/**
 * Opens (or activates) the page `key` at `url`. A page opened from elsewhere with another query starts
 * afresh with it (the query says what to show: the status a home card links to); without one it is
 * shown as it was left. The page's own changes of its query (the active tab's) keep it as it is.
 * Past `max` open pages, the least recently used ones are closed; never home, never the page being
 * opened. Answers the new list and what was closed.
 */
export function openTab(tabs: readonly OpenTab[], key: string, home: string, max = MAX_TABS, url = key): { tabs: OpenTab[]; evicted: OpenTab[] } {
  const used = nextUse(tabs);
  const active = tabs.find((tab) => tab.used === used - 1)?.key;
  const moved = (tab: OpenTab): OpenTab => (tab.key !== active && url !== tab.url && url.includes('?') ? { ...tab, url, refresh: tab.refresh + 1 } : { ...tab, url });
  let next = tabs.some((tab) => tab.key === key) ? tabs.map((tab) => (tab.key === key ? { ...moved(tab), used, mounted: true } : tab)) : [...tabs, newTab(key, used, true, url)];
  next = withHome(next, home);
  const evicted: OpenTab[] = [];
  while (next.length > Math.max(max, 2)) {
    const victim = next.filter((tab) => tab.key !== home && tab.key !== key).reduce((oldest, tab) => (tab.used < oldest.used ? tab : oldest));
    evicted.push(victim);
    next = next.filter((tab) => tab !== victim);
  }
  return { tabs: next, evicted };
}

/** Closes one tab, unless it is the last one or home (spec §4). */
export function closeTab(tabs: readonly OpenTab[], key: string, home: string): { tabs: OpenTab[] } | { refused: CloseRefusal } {
  if (tabs.length <= 1) return { refused: 'last' };
  if (key === home) return { refused: 'home' };
  return { tabs: tabs.filter((tab) => tab.key !== key) };
}

export type BulkClose = 'left' | 'right' | 'others';

/** Close left / right / others of `key`; home stays whatever the direction. */
export function closeMany(tabs: readonly OpenTab[], key: string, home: string, which: BulkClose): OpenTab[] {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return [...tabs];
  return tabs.filter((tab, i) => {
    if (tab.key === home || tab.key === key) return true;
    if (which === 'left') return i > index;
    if (which === 'right') return i < index;
    return false;
  });
}

/** What a bulk close would close, for greying out menu entries that would do nothing. */
export function closableCount(tabs: readonly OpenTab[], key: string, home: string, which: BulkClose): number {
  return tabs.length - closeMany(tabs, key, home, which).length;
}

/** The tab to show after the active one closed: its right neighbour, else its left one. */
export function neighbourOf(tabs: readonly OpenTab[], key: string): string | undefined {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return undefined;
  return (tabs[index + 1] ?? tabs[index - 1])?.key;
}

export function refreshTab(tabs: readonly OpenTab[], key: string): OpenTab[] {
  return tabs.map((tab) => (tab.key === key ? { ...tab, refresh: tab.refresh + 1, mounted: true } : tab));
}

/** Only the tabs whose page still exists (the menu may have changed since they were opened). */
export function keepValid(tabs: readonly OpenTab[], isValid: (key: string) => boolean): OpenTab[] {
  return tabs.filter((tab) => isValid(tab.key));
}

/** Restores the stored addresses in order, one tab per page (`keyOf`); none is rendered until shown. */
export function restoreTabs(urls: readonly string[], isValid: (url: string) => boolean, home: string, max = MAX_TABS, keyOf: (url: string) => string = (url) => url): OpenTab[] {
  const byKey = new Map<string, string>();
  for (const url of urls) if (isValid(url) && !byKey.has(keyOf(url))) byKey.set(keyOf(url), url);
  return withHome(
    [...byKey].map(([key, url], index) => newTab(key, index + 1, false, url)),
    home,
  ).slice(0, Math.max(max, 2));
}

/** The pathname of a tab key (keys carry the search too). */
export function pathOf(key: string): string {
  const index = key.indexOf('?');
  return index < 0 ? key : key.slice(0, index);
}
