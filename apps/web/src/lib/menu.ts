import type { MenuEntry } from '@portal/shared/sys';

/** The container component of the spec's menus: a group with no page of its own. */
export const ROUTE_VIEW = 'layouts/RouteView';

export type MenuRoute = { entry: MenuEntry; parents: MenuEntry[] };

/** Every routable entry by path (route '0' skipped, spec §2), with its parents for breadcrumbs. */
export function menuRoutes(menu: readonly MenuEntry[]): Map<string, MenuRoute> {
  const routes = new Map<string, MenuRoute>();
  const walk = (entries: readonly MenuEntry[], parents: MenuEntry[]) => {
    for (const entry of entries) {
      if (entry.route === '0') continue;
      routes.set(entry.path, { entry, parents });
      walk(entry.children ?? [], [...parents, entry]);
    }
  };
  walk(menu, []);
  // a hidden page opened from the page whose path it extends (/product-search/product from /product-search)
  // sits under that page: its breadcrumb leads back there
  for (const route of routes.values()) {
    if (!route.entry.hidden) continue;
    const opener = openerOf(routes, route.entry.path);
    if (opener && !route.parents.includes(opener.entry)) route.parents = [...opener.parents, opener.entry];
  }
  return routes;
}

/** The nearest shown page whose path is a leading part of `path`, segment by segment. */
function openerOf(routes: ReadonlyMap<string, MenuRoute>, path: string): MenuRoute | undefined {
  for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) {
    const found = routes.get(path.slice(0, end));
    if (found && !found.entry.hidden) return found;
  }
  return undefined;
}

export type MenuItemNode = { key: string; entry: MenuEntry; children?: MenuItemNode[] };

/**
 * The menu to draw (spec §2 "Menu building"): hidden entries are skipped; entries with visible
 * children become submenus unless alwaysShow is set.
 */
export function visibleMenu(menu: readonly MenuEntry[]): MenuItemNode[] {
  return menu
    .filter((entry) => !entry.hidden && entry.route !== '0')
    .map((entry) => {
      const children = visibleMenu(entry.children ?? []);
      return children.length > 0 && !entry.alwaysShow ? { key: entry.path, entry, children } : { key: entry.path, entry };
    });
}

/** The entries the menu search lists: visible, and not plain route-view containers (spec §2 "Menu search"). */
export function searchableEntries(menu: readonly MenuEntry[]): MenuEntry[] {
  return menu.flatMap((entry) => {
    if (entry.hidden || entry.route === '0') return [];
    const inner = searchableEntries(entry.children ?? []);
    return entry.component === ROUTE_VIEW ? inner : [entry, ...inner];
  });
}

/** External links open a new window; internal URLs show in an iframe page. */
export function isExternal(entry: MenuEntry): boolean {
  return Boolean(entry.meta.url) && entry.meta.internalOrExternal;
}
export function isIframe(entry: MenuEntry): boolean {
  return Boolean(entry.meta.url) && !entry.meta.internalOrExternal;
}
