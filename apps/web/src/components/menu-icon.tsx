import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  InboxOutlined,
  LinkOutlined,
  MenuOutlined,
  SafetyOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { MenuIconName } from '@portal/shared/menu-icons';

/**
 * The icons menus may name (packages/shared/src/menu-icons.ts, which the server checks and the icon picker
 * offers); an unknown name gets a neutral icon instead of pulling every icon in.
 */
export const MENU_ICON_COMPONENTS = {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  InboxOutlined,
  LinkOutlined,
  MenuOutlined,
  SafetyOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} satisfies Record<MenuIconName, ComponentType>;

const ICONS: Record<string, ComponentType> = MENU_ICON_COMPONENTS;

export function MenuIcon({ name }: { name: string | null }) {
  if (!name) return null;
  const Icon = Object.hasOwn(ICONS, name) ? ICONS[name] : AppstoreOutlined;
  return Icon ? <Icon /> : null;
}
