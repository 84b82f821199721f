import { lazy, Suspense, useEffect, useState } from 'react';
import { Grid, Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences.ts';
import { useLanguage } from '../lib/i18n.ts';
import { HOME_PATH } from '../lib/paths.ts';
import { DARK_MENU_BG, HEADER_HEIGHT, HeaderBar } from './header-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { ContentArea } from './content-area.tsx';
import { useLiveSession } from './use-live-session.ts';

// antd's Drawer is the menu on a phone only: a wide screen does not load it
const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer.tsx').then((module) => ({ default: module.MobileMenuDrawer })));

/** Spec §9: 200 px (250 in English), 80 px collapsed; the logo is 45 px high. */
export const SIDER_WIDTH = { default: 200, 'en-US': 250, collapsed: 80 } as const;
export const LOGO_HEIGHT = 45;
/** "Fixed" content width in top-menu mode (ant-design-pro's wide page). */
const FIXED_CONTENT_WIDTH = 1200;

function Logo({ collapsed, dark }: { collapsed: boolean; dark: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={HOME_PATH}
      data-testid="logo"
      style={{ display: 'flex', alignItems: 'center', justifyContent: collapsed ? 'center' : undefined, gap: 8, height: LOGO_HEIGHT, padding: collapsed ? 0 : '0 16px', overflow: 'hidden', whiteSpace: 'nowrap', flex: 'none' }}
    >
      <img src="/favicon.svg" alt={collapsed ? t('layout.home') : ''} style={{ height: 28, width: 28 }} />
      {!collapsed && (
        // the English title is longer than the side menu is wide: two lines rather than cut off
        <strong style={{ color: dark ? '#fff' : 'var(--ant-color-text)', lineHeight: 1.25, whiteSpace: 'normal', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {t('productTitle')}
        </strong>
      )}
    </Link>
  );
}

/** Whether the header is out of view: scrolling down past it hides it, any scroll up brings it back. */
function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      // a few pixels of jitter (touch pads, momentum) must not make the header flicker
      if (Math.abs(y - last) < 4) return;
      setHidden(y > HEADER_HEIGHT && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled && hidden;
}

/** Side (or top) menu, header, content and footer (spec §2 "Layouts"), shaped by the settings drawer's preferences. */
export function MainLayout() {
  const { t } = useTranslation();
  const language = useLanguage();
  const preferences = usePreferences();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const collapsed = preferences.sidebarCollapsed;
  const width = language === 'en-US' ? SIDER_WIDTH['en-US'] : SIDER_WIDTH.default;
  const toggle = () => (mobile ? setDrawerOpen((open) => !open) : preferences.update({ sidebarCollapsed: !collapsed }));
  // on a phone the menu is always the drawer, whatever the navigation mode
  const topMenu = preferences.navMode === 'topmenu' && !mobile;
  const sider = !mobile && !topMenu;
  const siderWidth = collapsed ? SIDER_WIDTH.collapsed : width;
  const dark = preferences.menuTheme === 'dark';
  const headerHidden = useHideOnScroll(preferences.fixedHeader && preferences.autoHideHeader);
  const fixedWidth = topMenu && preferences.contentWidth === 'Fixed';
  useLiveSession();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {sider && (
        <Layout.Sider
          width={width}
          collapsedWidth={SIDER_WIDTH.collapsed}
          collapsed={collapsed}
          theme={preferences.menuTheme}
          trigger={null}
          data-testid="side-menu"
          // a fixed side menu stays in view while the page scrolls, and scrolls its own overflow
          style={preferences.fixSiderbar ? { position: 'sticky', top: 0, height: '100vh', overflowY: 'auto', zIndex: 101 } : { zIndex: 101 }}
        >
          <Logo collapsed={collapsed} dark={dark} />
          <SideMenu mode="inline" theme={preferences.menuTheme} collapsed={collapsed} />
        </Layout.Sider>
      )}
      {mobile && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} width={width} background={dark ? DARK_MENU_BG : undefined}>
            <Logo collapsed={false} dark={dark} />
            <SideMenu mode="inline" theme={preferences.menuTheme} onNavigate={() => setDrawerOpen(false)} />
          </MobileMenuDrawer>
        </Suspense>
      )}
      <Layout>
        <HeaderBar
          collapsed={mobile ? !drawerOpen : collapsed}
          onToggle={toggle}
          mobile={mobile}
          topMenu={topMenu ? { logo: <Logo collapsed={false} dark={dark} />, fixedWidth } : undefined}
          fixedLeft={preferences.fixedHeader ? (sider ? siderWidth : 0) : null}
          hidden={headerHidden}
        />
        {/* spec §9: a fixed header leaves 59 px above the content */}
        <Layout.Content style={{ margin: mobile ? 8 : 16, paddingTop: preferences.fixedHeader ? HEADER_HEIGHT : 0 }}>
          <div style={fixedWidth ? { maxWidth: FIXED_CONTENT_WIDTH, margin: '0 auto' } : undefined}>
            <ContentArea />
          </div>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px' }} data-testid="footer">
          {t('layout.copyright')}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
