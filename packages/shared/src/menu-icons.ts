/**
 * The icons a menu entry may name: the ones the web's side menu can draw (apps/web/src/components/menu-icon.tsx
 * is typed against this list). The menu management form's icon picker offers these and the server refuses others.
 */
export const MENU_ICONS = [
  'AccountBookOutlined',
  'ApartmentOutlined',
  'AppstoreOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'CarOutlined',
  'ControlOutlined',
  'DashboardOutlined',
  'FileTextOutlined',
  'GlobalOutlined',
  'HomeOutlined',
  'InboxOutlined',
  'LinkOutlined',
  'MenuOutlined',
  'SafetyOutlined',
  'SearchOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'ShoppingCartOutlined',
  'ShoppingOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'UserOutlined',
  'WalletOutlined',
] as const;

export type MenuIconName = (typeof MENU_ICONS)[number];

export const isMenuIcon = (name: string): name is MenuIconName => (MENU_ICONS as readonly string[]).includes(name);
