import { useMemo } from 'react';
import { Breadcrumb } from 'antd';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@portal/shared/sys';
import { useAuth } from '../lib/auth.ts';
import { useLanguage } from '../lib/i18n.ts';
import { entryTitle } from '../lib/menu-title.ts';
import { menuRoutes, ROUTE_VIEW, type MenuRoute } from '../lib/menu.ts';
import { HOME_PATH } from '../lib/paths.ts';
import { ForbiddenResult } from './forbidden-result.tsx';
import { PageView } from './page-view.tsx';

/** Home is a static route (spec §2): every signed-in user has it, whatever the menu says. */
const HOME_ENTRY: MenuEntry = {
  id: 0,
  path: HOME_PATH,
  name: 'dashboard-analysis',
  component: 'dashboard/analysis',
  redirect: null,
  hidden: false,
  alwaysShow: false,
  route: '1',
  meta: { title: 'menu.home', icon: 'DashboardOutlined', url: null, keepAlive: true, internalOrExternal: false, permissionList: [] },
};

/** Every page of the signed-in user's menu by path. */
export function useMenuRouteMap(): Map<string, MenuRoute> {
  const menu = useAuth((state) => state.permissions?.menu);
  return useMemo(() => menuRoutes(menu ?? []), [menu]);
}

const NO_PAGES: ReadonlySet<string> = new Set();

/** The path of every page of the catalogue, the user's or not (the server's allPages). */
export function useCataloguePages(): ReadonlySet<string> {
  const pages = useAuth((state) => state.permissions?.allPages);
  return useMemo(() => (pages ? new Set(pages) : NO_PAGES), [pages]);
}

/** forbidden: a page of the catalogue outside the user's menu (403, shown in place; the address stays). */
export type Resolved = { route: MenuRoute | undefined; redirect: string | undefined; forbidden?: true };

/**
 * Where a path leads: a page, a container's redirect, 403 for a page of the catalogue the user may not
 * open, or 404. Pages take their record's id in the query (a detail: `…/detail?id=1`), so a path
 * matches exactly, in the menu as in the catalogue.
 */
export function resolvePath(routes: ReadonlyMap<string, MenuRoute>, pathname: string, catalogue: ReadonlySet<string> = NO_PAGES): Resolved {
  const route = routes.get(pathname) ?? (pathname === HOME_PATH ? { entry: HOME_ENTRY, parents: [] } : undefined);
  if (!route) return catalogue.has(pathname) ? { route: undefined, redirect: undefined, forbidden: true } : { route: undefined, redirect: '/404' };
  if (route.entry.component === ROUTE_VIEW) return { route, redirect: route.entry.redirect ?? route.entry.children?.[0]?.path ?? '/404' };
  return { route, redirect: undefined };
}

/** Where the current path leads. */
export function useCurrentRoute(): Resolved {
  const routes = useMenuRouteMap();
  const catalogue = useCataloguePages();
  const { pathname } = useLocation();
  return resolvePath(routes, pathname, catalogue);
}

export function PageBreadcrumb({ route }: { route: MenuRoute }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const items = [
    { key: 'home', title: <Link to={HOME_PATH}>{t('layout.home')}</Link> },
    ...route.parents.map((p) => ({ key: p.path, title: entryTitle(p.meta, language) })),
    ...(route.entry.path === HOME_PATH ? [] : [{ key: route.entry.path, title: entryTitle(route.entry.meta, language) }]),
  ];
  return <Breadcrumb items={items} style={{ marginBottom: 12 }} />;
}

/** The content area without tabs: the current page only. */
export function PageArea() {
  const { route, redirect, forbidden } = useCurrentRoute();
  if (redirect) return <Navigate to={redirect} replace />;
  if (forbidden) return <ForbiddenResult />;
  if (!route) return null;
  return (
    <>
      <PageBreadcrumb route={route} />
      <PageView entry={route.entry} />
    </>
  );
}
