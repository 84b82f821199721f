import { useMemo } from 'react';
import { NavigationType, UNSAFE_LocationContext, type Location } from 'react-router';
import type { MenuEntry } from '@portal/shared/sys';
import { PageView } from '../page-view.tsx';

/**
 * One tab's page at its own address (`url`), seeing its own location rather than the address bar's. A hidden tab still
 * re-renders (at low priority) when the router's context changes; without this, a kept-alive
 * detail page reading `?id=` would see the query of whatever page is active now. react-router has
 * no public way to pin the location of a subtree besides descendant <Routes location>, which wants
 * a splat parent route and warns under ours, so its location context is provided directly.
 */
export function TabPage({ url, entry }: { url: string; entry: MenuEntry }) {
  const value = useMemo(() => {
    const parsed = new URL(url, 'http://tab.invalid');
    const location: Location = { pathname: parsed.pathname, search: parsed.search, hash: '', state: null, key: url };
    return { location, navigationType: NavigationType.Pop };
  }, [url]);
  return (
    <UNSAFE_LocationContext.Provider value={value}>
      <PageView entry={entry} />
    </UNSAFE_LocationContext.Provider>
  );
}
