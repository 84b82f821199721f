import { Activity, Children, cloneElement, isValidElement, useCallback, useEffect, type ReactElement, type ReactNode } from 'react';
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseOutlined, ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { entryTitle } from '../../lib/menu-title.ts';
import { HOME_PATH } from '../../lib/paths.ts';
import { PageBreadcrumb, resolvePath, useCataloguePages, useMenuRouteMap } from '../page-area.tsx';
import { closableCount, isRecordPage, neighbourOf, pathOf, tabKey, type BulkClose, type OpenTab } from './tab-list.ts';
import { useTabsStore } from './tabs-store.ts';
import { TabPage } from './tab-page.tsx';

type MenuAction = 'refresh' | BulkClose;

/** The page being shown is listed even before the store has caught up with the address bar. */
function withCurrent(tabs: readonly OpenTab[], key: string, url: string): readonly OpenTab[] {
  return tabs.some((tab) => tab.key === key) ? tabs : [...tabs, { key, url, refresh: 0, used: Number.MAX_SAFE_INTEGER, mounted: true }];
}

/**
 * antd draws each tab's close button beside its role=tab inside the tablist, where only tabs may be
 * (axe: aria-required-children). The button stays for the pointer but leaves the accessibility tree and
 * the tab order: the keyboard closes the focused tab with Delete or Backspace (antd's keys, as in the
 * WAI-ARIA tabs pattern), and the context menu closes several.
 */
function withHiddenCloseButton(node: ReactElement<{ children?: ReactNode }>): ReactElement {
  const children = Children.map(node.props.children, (child) => (isValidElement(child) && child.type === 'button' ? cloneElement(child as ReactElement<{ tabIndex?: number; 'aria-hidden'?: boolean }>, { tabIndex: -1, 'aria-hidden': true }) : child));
  return cloneElement(node, undefined, children);
}

/**
 * The tabbed layout (spec §2, §4 "Tabs"): one tab per open page (tab-list.ts `tabKey`: a record's page
 * is a tab per record; any other page one tab whatever its query). Every
 * page stays mounted inside <Activity>, hidden when its tab is not active, so it keeps its state
 * (form input, table page, scroll); closing a tab unmounts it. The address bar stays the source of
 * truth: a click on a tab navigates, and a navigation opens or activates a tab.
 */
export function MultiTabArea() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const currentUrl = location.pathname + location.search;
  const routes = useMenuRouteMap();
  const owner = useAuth((state) => state.userInfo?.username ?? '');
  const stored = useTabsStore((state) => state.tabs);
  const current = resolvePath(routes, location.pathname, useCataloguePages());
  const currentIsPage = Boolean(current.route) && !current.redirect;

  // a record's page is a tab per record; any other page, hidden from the menu or not, one tab whatever its query
  const keyOf = useCallback((url: string) => tabKey(url, isRecordPage(resolvePath(routes, pathOf(url)).route?.entry.component ?? '')), [routes]);
  const currentKey = keyOf(currentUrl);
  const isValid = useCallback((key: string) => {
    const resolved = resolvePath(routes, pathOf(key));
    return Boolean(resolved.route) && !resolved.redirect;
  }, [routes]);
  const titleOf = useCallback((key: string) => {
    const route = resolvePath(routes, pathOf(key)).route;
    return route ? entryTitle(route.entry.meta, language) : key;
  }, [routes, language]);

  // in this order: restore the stored tabs once, drop pages that left the menu, open the current one
  useEffect(() => useTabsStore.getState().hydrate(owner, isValid, HOME_PATH, keyOf), [owner, isValid, keyOf]);
  useEffect(() => useTabsStore.getState().prune(isValid), [isValid]);
  useEffect(() => {
    if (!currentIsPage) return;
    const evicted = useTabsStore.getState().open(currentKey, HOME_PATH, currentUrl);
    for (const tab of evicted) message.info(t('tabs.evicted', { title: titleOf(tab.key) }));
  }, [currentKey, currentUrl, currentIsPage, message, t, titleOf]);

  if (current.redirect) return <Navigate to={current.redirect} replace />;
  // a page the user may not open gets no tab: the content area says so under the open ones
  const tabs = currentIsPage ? withCurrent(stored, currentKey, currentUrl) : stored;
  const urlOf = (key: string) => tabs.find((tab) => tab.key === key)?.url ?? key;

  const close = (key: string) => {
    const refusal = useTabsStore.getState().close(key, HOME_PATH);
    if (refusal === 'home') message.warning(t('tabs.homeCannotClose'));
    else if (refusal === 'last') message.warning(t('tabs.lastPage'));
    else if (key === currentKey) navigate(urlOf(neighbourOf(tabs, key) ?? HOME_PATH));
  };

  const act = (key: string, action: MenuAction) => {
    const store = useTabsStore.getState();
    if (action === 'refresh') {
      // the page re-mounts under a new key; its queries refetch as they mount (the spec's "off and on")
      store.refresh(key);
      if (key !== currentKey) navigate(urlOf(key));
      return;
    }
    store.closeMany(key, HOME_PATH, action);
    if (!useTabsStore.getState().tabs.some((tab) => tab.key === currentKey)) navigate(urlOf(key));
  };

  const menuOf = (key: string): MenuProps => {
    const entry = (action: BulkClose, label: string, icon: ReactNode) => ({ key: action, label, icon, disabled: closableCount(tabs, key, HOME_PATH, action) === 0 });
    return {
      items: [
        { key: 'refresh', label: t('tabs.refresh'), icon: <ReloadOutlined /> },
        { type: 'divider' },
        entry('left', t('tabs.closeLeft'), <VerticalRightOutlined />),
        entry('right', t('tabs.closeRight'), <VerticalLeftOutlined />),
        entry('others', t('tabs.closeOthers'), <CloseOutlined />),
      ],
      onClick: ({ key: action }) => act(key, action as MenuAction),
    };
  };

  const active = current.route;
  return (
    <div data-testid="multi-tab-area">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={currentKey}
        aria-label={t('tabs.ariaLabel')}
        onChange={(key) => navigate(urlOf(key))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        // home is always open (spec §2): it has no close button
        items={tabs.map((tab) => ({ key: tab.key, label: <span data-testid="page-tab">{titleOf(tab.key)}</span>, closable: tab.key !== HOME_PATH }))}
        renderTabBar={(props, DefaultTabBar) => (
          <DefaultTabBar {...props}>
            {(node) => (
              <Dropdown key={node.key} trigger={['contextMenu']} menu={menuOf(String(node.key))}>
                {withHiddenCloseButton(node as ReactElement<{ children?: ReactNode }>)}
              </Dropdown>
            )}
          </DefaultTabBar>
        )}
        styles={{ header: { marginBottom: 12 } }}
      />
      {active && <PageBreadcrumb route={active} />}
      {tabs
        // restored tabs load their page the first time they are shown, not all at once on a reload
        .filter((tab) => tab.mounted || tab.key === currentKey)
        .map((tab) => {
          const route = resolvePath(routes, pathOf(tab.key));
          if (!route.route || route.redirect) return null;
          return (
            <Activity key={`${tab.key}#${tab.refresh}`} mode={tab.key === currentKey ? 'visible' : 'hidden'} name={tab.key}>
              <TabPage url={tab.key === currentKey ? currentUrl : tab.url} entry={route.route.entry} />
            </Activity>
          );
        })}
    </div>
  );
}
