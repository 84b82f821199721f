import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CarOutlined,
  ControlOutlined,
  DashboardOutlined,
  InboxOutlined,
  SearchOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons menus may name; an unknown name gets a neutral icon instead of pulling every icon in. */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  BarChartOutlined,
  CarOutlined,
  ControlOutlined,
  DashboardOutlined,
  InboxOutlined,
  SearchOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  if (!name) return null;
  const Icon = Object.hasOwn(ICONS, name) ? ICONS[name] : AppstoreOutlined;
  return Icon ? <Icon /> : null;
}
