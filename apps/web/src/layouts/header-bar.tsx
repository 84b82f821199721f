import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { ClearOutlined, ClusterOutlined, LockOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, ConfigProvider, Dropdown, Flex, Layout, theme as antdTheme, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth.ts';
import { greetingOf } from '../lib/format.ts';
import { usePreferences } from '../lib/preferences.ts';
import { ClampedText } from '../components/clamped-text.tsx';
import { LanguageDropdown } from './language-dropdown.tsx';
import { MenuSearch } from './menu-search.tsx';
import { SideMenu } from './side-menu.tsx';
import { logout } from '../features/auth/api/logout.ts';
import { NoticeBell } from '../features/announcement/components/notice-bell.tsx';
import { refreshDictCache } from '../features/auth/api/query-all-dict-items.ts';
import { reloadPermissions } from './reload-permissions.ts';
import { LOGIN_PATH } from '../lib/paths.ts';

/** The header's height; a fixed header leaves exactly this much room above the content (spec §9: 59 px). */
export const HEADER_HEIGHT = 59;
/** The dark menu colour, shared by the dark side menu and the dark top-menu header. */
export const DARK_MENU_BG = '#001529';

type Props = {
  /** the menu toggle's state (side menu collapsed, or the mobile drawer closed) */
  collapsed: boolean;
  onToggle: () => void;
  mobile: boolean;
  /** top-menu mode: the logo and a horizontal menu in the header, no toggle */
  topMenu?: { logo: ReactNode; fixedWidth: boolean };
  /** a fixed header starting this far from the left (the side menu's width); null when it scrolls with the page */
  fixedLeft: number | null;
  /** hidden by "hide header on scroll" */
  hidden: boolean;
};

type Dialog = 'settings' | 'password' | 'depart';

/**
 * The dark top-menu header. The portal's readable greys (app/app-providers.tsx) are black with
 * transparency, which on the dark header would be black on black (the menu search's text read at
 * 1.1:1): here they are white with transparency, at 4.5:1 or more on the header's blue-black.
 */
const DARK_HEADER_THEME = {
  algorithm: antdTheme.darkAlgorithm,
  token: { colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)', colorTextSecondary: 'rgba(255, 255, 255, 0.7)', colorTextTertiary: 'rgba(255, 255, 255, 0.6)', colorTextDescription: 'rgba(255, 255, 255, 0.6)' },
};

// each brings antd components the home page does not otherwise need (Form, Radio, Switch…): loaded on first use
const SettingsDrawer = lazy(() => import('./settings-drawer.tsx').then((module) => ({ default: module.SettingsDrawer })));
const ChangePasswordDialog = lazy(() => import('../features/account/components/change-password-dialog.tsx').then((module) => ({ default: module.ChangePasswordDialog })));
const DepartSwitchDialog = lazy(() => import('../features/account/components/depart-switch-dialog.tsx').then((module) => ({ default: module.DepartSwitchDialog })));

/** The global header (spec §2 "Header"): greeting, menu search, the announcements' bell, language, and the user menu. */
export function HeaderBar({ collapsed, onToggle, mobile, topMenu, fixedLeft, hidden }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const userInfo = useAuth((state) => state.userInfo);
  const signedOut = useAuth((state) => state.signedOut);
  const setDictionaries = useAuth((state) => state.setDictionaries);
  const menuTheme = usePreferences((state) => state.menuTheme);
  const navigate = useNavigate();
  const location = useLocation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // a dialog stays mounted once opened, so that it can animate out and keeps its chunk
  const [used, setUsed] = useState<ReadonlySet<Dialog>>(new Set());
  const show = (key: Dialog) => {
    setUsed((current) => new Set(current).add(key));
    setDialog(key);
  };
  const close = () => setDialog(null);
  const name = userInfo?.realname || userInfo?.username || '';
  const dark = Boolean(topMenu) && menuTheme === 'dark';

  const confirmLogout = () =>
    modal.confirm({
      title: t('layout.logoutConfirm.title'),
      content: t('layout.logoutConfirm.content'),
      okText: t('layout.logoutConfirm.ok'),
      cancelText: t('layout.logoutConfirm.cancel'),
      onOk: async () => {
        try {
          await logout();
        } catch (error) {
          // spec §4: this flow shows the failure, and signs out locally all the same
          message.error(error instanceof Error ? error.message : String(error));
        }
        signedOut();
        navigate(LOGIN_PATH);
      },
    });

  // spec §7: refleshCache, then every dictionary again into the 7-day cache
  const clearCache = async () => {
    try {
      setDictionaries(await refreshDictCache());
      message.success(t('layout.cacheRefreshed'));
    } catch {
      message.warning(t('layout.cacheRefreshFailed'));
    }
  };

  // a department's grants are part of the user's permissions: the menu and the buttons change with it
  const switchedDepartment = async () => {
    try {
      await reloadPermissions(navigate, () => location.pathname);
    } catch {
      message.error(t('errors.loadUserFailed'));
    }
  };

  const items: MenuProps['items'] = [
    { key: 'settings', icon: <SettingOutlined />, label: t('layout.userMenu.settings') },
    { key: 'password', icon: <LockOutlined />, label: t('layout.userMenu.password') },
    { key: 'depart', icon: <ClusterOutlined />, label: t('layout.userMenu.depart') },
    { key: 'clearCache', icon: <ClearOutlined />, label: t('layout.userMenu.clearCache') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.userMenu.logout') },
  ];
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'clearCache') void clearCache();
    else if (key === 'settings' || key === 'password' || key === 'depart') show(key);
  };

  const position: CSSProperties =
    fixedLeft === null
      ? {}
      : { position: 'fixed', top: 0, left: fixedLeft, right: 0, zIndex: 100, transition: 'left 0.2s, transform 0.2s', transform: hidden ? 'translateY(-100%)' : undefined };
  const greeting = t('layout.welcome', { greeting: t(`layout.greeting.${greetingOf(new Date().getHours())}`), name });

  return (
    <>
      <ConfigProvider theme={dark ? DARK_HEADER_THEME : undefined}>
        <Layout.Header
          data-testid="header"
          data-hidden={hidden || undefined}
          style={{
            ...position,
            height: HEADER_HEIGHT,
            lineHeight: `${HEADER_HEIGHT}px`,
            padding: 0,
            background: dark ? DARK_MENU_BG : 'var(--ant-color-bg-container)',
            borderBottom: dark ? 'none' : '1px solid var(--ant-color-border-secondary)',
            boxShadow: fixedLeft === null ? undefined : '0 1px 4px rgba(0, 21, 41, 0.08)',
          }}
        >
          <Flex align="center" gap={12} style={{ height: '100%', padding: '0 16px', maxWidth: topMenu?.fixedWidth ? 1200 : undefined, margin: '0 auto' }}>
            {topMenu ? (
              <>
                {topMenu.logo}
                <div style={{ flex: 1, minWidth: 0 }}>
                  <SideMenu mode="horizontal" theme={menuTheme} />
                </div>
              </>
            ) : (
              <>
                <Button type="text" onClick={onToggle} aria-label={collapsed ? t('layout.expand') : t('layout.collapse')} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} />
                <ClampedText data-testid="welcome" title={greeting} style={{ flex: 1, minWidth: 0, lineHeight: 1.5715 }}>
                  {greeting}
                </ClampedText>
              </>
            )}
            <Flex align="center" gap={4} style={{ flex: 'none' }}>
              <MenuSearch mobile={mobile} />
              <NoticeBell />
              <LanguageDropdown compact={mobile} />
              <Dropdown menu={{ items, onClick: onUserMenu }}>
                <Button type="text" data-testid="user-menu" aria-label={name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  <Avatar size="small" src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
                  {!mobile && <span>{name}</span>}
                </Button>
              </Dropdown>
            </Flex>
          </Flex>
        </Layout.Header>
      </ConfigProvider>
      <Suspense fallback={null}>
        {used.has('settings') && <SettingsDrawer open={dialog === 'settings'} onClose={close} />}
        {used.has('password') && <ChangePasswordDialog open={dialog === 'password'} onClose={close} />}
        {used.has('depart') && <DepartSwitchDialog open={dialog === 'depart'} onClose={close} onSwitched={switchedDepartment} />}
      </Suspense>
    </>
  );
}
