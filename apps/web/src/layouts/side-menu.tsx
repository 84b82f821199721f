import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuEntry } from '@portal/shared/sys';
import { useAuth } from '../lib/auth.ts';
import { useLanguage } from '../lib/i18n.ts';
import { entryTitle } from '../lib/menu-title.ts';
import { isExternal, menuRoutes, visibleMenu, type MenuItemNode } from '../lib/menu.ts';
import { MenuIcon } from '../components/menu-icon.tsx';
import styles from './side-menu.module.css';

/** One empty menu for every render: a new [] per call would make the store selector loop (React #185). */
const NO_MENU: MenuEntry[] = [];

type Props = { mode: 'inline' | 'horizontal'; theme: 'dark' | 'light'; collapsed?: boolean; onNavigate?: () => void };

/** The menu built from the server's tree (spec §2 "Menu building"). */
export function SideMenu({ mode, theme, collapsed, onNavigate }: Props) {
  const menu = useAuth((state) => state.permissions?.menu ?? NO_MENU);
  const loaded = useAuth((state) => state.permissions !== null);
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const routes = useMemo(() => menuRoutes(menu), [menu]);

  const items = useMemo(() => {
    const toItem = (node: MenuItemNode): NonNullable<MenuProps['items']>[number] => {
      const title = entryTitle(node.entry.meta, language);
      // the whole title on hover, wherever a menu has to cut it (the top menu, a pop-up)
      // antd wraps a submenu's element label in no title-content span: the span carries the wrapping itself
      const label = (
        <span className={styles.title} title={title} data-testid="menu-title">
          {title}
        </span>
      );
      return { key: node.key, icon: <MenuIcon name={node.entry.meta.icon} />, label, children: node.children?.map(toItem) };
    };
    return visibleMenu(menu).map(toItem);
  }, [menu, language]);

  const route = routes.get(location.pathname);
  const selected = route ? [route.entry.path] : [];
  const parents = route ? route.parents.map((p) => p.path) : [];
  // the current page's submenus open whenever the page changes (a tab, the menu search, a link), and
  // whatever the user opened stays open
  const parentsKey = parents.join('\n');
  const [openKeys, setOpenKeys] = useState<string[]>(parents);
  const [openedFor, setOpenedFor] = useState(parentsKey);
  if (openedFor !== parentsKey) {
    setOpenedFor(parentsKey);
    setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }
  // a collapsed menu shows submenus as pop-ups: controlled open keys would pop them all open
  const openProps = mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {};

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = routes.get(key)?.entry;
    if (entry) openEntry(entry, navigate);
    onNavigate?.();
  };

  // a user whose roles give no menu is told why the menu is empty, and whom to ask
  if (loaded && items.length === 0 && mode === 'inline' && !collapsed) {
    return (
      <p style={{ padding: '16px 24px', margin: 0, color: theme === 'dark' ? 'rgba(255, 255, 255, 0.65)' : 'rgba(0, 0, 0, 0.55)' }} data-testid="menu-none">
        {t('layout.menuNone')}
      </p>
    );
  }

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selected}
      {...openProps}
      onClick={onClick}
      className={mode === 'inline' && !collapsed ? styles.wrapping : undefined}
      // horizontal: as tall as the header, which draws its own bottom line
      style={mode === 'horizontal' ? { borderBottom: 'none', lineHeight: '57px', background: 'transparent' } : { borderInlineEnd: 'none' }}
    />
  );
}

/** External links open a new window; everything else is a route of the portal. */
export function openEntry(entry: MenuEntry, navigate: (path: string) => void) {
  if (isExternal(entry) && entry.meta.url) {
    window.open(entry.meta.url, '_blank', 'noopener,noreferrer');
    return;
  }
  navigate(entry.path);
}
