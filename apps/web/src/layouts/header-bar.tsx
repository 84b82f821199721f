import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Flex, Layout, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../lib/auth.ts';
import { greetingOf } from '../lib/format.ts';
import { LanguageDropdown } from './language-dropdown.tsx';
import { logout } from '../features/auth/api/logout.ts';
import { LOGIN_PATH } from '../app/session-loader.ts';

type Props = { collapsed: boolean; onToggle: () => void; extraUserMenu?: MenuProps['items']; onUserMenu?: (key: string) => void; children?: React.ReactNode };

/** The global header: menu toggle, greeting, language, and the user menu. */
export function HeaderBar({ collapsed, onToggle, extraUserMenu = [], onUserMenu, children }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const userInfo = useAuth((state) => state.userInfo);
  const signedOut = useAuth((state) => state.signedOut);
  const navigate = useNavigate();
  const name = userInfo?.realname || userInfo?.username || '';

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

  const items: MenuProps['items'] = [...extraUserMenu, { type: 'divider' }, { key: 'logout', icon: <LogoutOutlined />, label: t('layout.userMenu.logout') }];

  return (
    <Layout.Header style={{ background: 'var(--ant-color-bg-container)', padding: '0 16px', display: 'flex', alignItems: 'center', gap: 12, borderBottom: '1px solid var(--ant-color-border-secondary)' }}>
      <Button type="text" onClick={onToggle} aria-label={collapsed ? t('layout.expand') : t('layout.collapse')} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} />
      <Typography.Text data-testid="welcome" ellipsis style={{ flex: 1, minWidth: 0 }}>
        {t('layout.welcome', { greeting: t(`layout.greeting.${greetingOf(new Date().getHours())}`), name })}
      </Typography.Text>
      <Flex align="center" gap={4}>
        {children}
        <LanguageDropdown />
        <Dropdown menu={{ items, onClick: ({ key }) => (key === 'logout' ? confirmLogout() : onUserMenu?.(key)) }}>
          <Button type="text" data-testid="user-menu" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Avatar size="small" src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
            <span>{name}</span>
          </Button>
        </Dropdown>
      </Flex>
    </Layout.Header>
  );
}
