import { useMemo } from 'react';
import { NavigationType, UNSAFE_LocationContext, type Location } from 'react-router';
import type { MenuEntry } from '@portal/shared/sys';
import { PageView } from '../page-view.tsx';

/**
 * One tab's page, seeing its own location rather than the address bar's. A hidden tab still
 * re-renders (at low priority) when the router's context changes; without this, a kept-alive
 * detail page reading `?id=` would see the query of whatever page is active now. react-router has
 * no public way to pin the location of a subtree besides descendant <Routes location>, which wants
 * a splat parent route and warns under ours, so its location context is provided directly.
 */
export function TabPage({ tabKey, entry }: { tabKey: string; entry: MenuEntry }) {
  const value = useMemo(() => {
    const url = new URL(tabKey, 'http://tab.invalid');
    const location: Location = { pathname: url.pathname, search: url.search, hash: '', state: null, key: tabKey };
    return { location, navigationType: NavigationType.Pop };
  }, [tabKey]);
  return (
    <UNSAFE_LocationContext.Provider value={value}>
      <PageView entry={entry} />
    </UNSAFE_LocationContext.Provider>
  );
}
