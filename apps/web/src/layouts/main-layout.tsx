import { useState } from 'react';
import { Drawer, Grid, Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences.ts';
import { useLanguage } from '../lib/i18n.ts';
import { HOME_PATH } from '../app/session-loader.ts';
import { HeaderBar } from './header-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { ContentArea } from './content-area.tsx';

/** Spec §9: 200 px (250 in English), 80 px collapsed; the logo is 45 px high. */
export const SIDER_WIDTH = { default: 200, 'en-US': 250, collapsed: 80 } as const;

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={HOME_PATH} style={{ display: 'flex', alignItems: 'center', gap: 8, height: 45, padding: '0 16px', overflow: 'hidden', whiteSpace: 'nowrap' }}>
      <img src="/favicon.svg" alt="" style={{ height: 28, width: 28 }} />
      {!collapsed && <strong style={{ color: 'inherit' }}>{t('productTitle')}</strong>}
    </Link>
  );
}

/** Side menu, header, content and footer (spec §2 "Layouts"). */
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

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!mobile && (
        <Layout.Sider width={width} collapsedWidth={SIDER_WIDTH.collapsed} collapsed={collapsed} theme={preferences.menuTheme} trigger={null} data-testid="side-menu">
          <Logo collapsed={collapsed} />
          <SideMenu mode="inline" theme={preferences.menuTheme} collapsed={collapsed} />
        </Layout.Sider>
      )}
      {mobile && (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={width} styles={{ body: { padding: 0 } }}>
          <Logo collapsed={false} />
          <SideMenu mode="inline" theme="light" onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout>
        <HeaderBar collapsed={mobile ? !drawerOpen : collapsed} onToggle={toggle} />
        <Layout.Content style={{ margin: 16 }}>
          <ContentArea />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>{t('layout.copyright')}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
