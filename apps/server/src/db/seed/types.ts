import type { Texts } from '@portal/shared/languages';
import type { PermissionCode } from '@portal/shared/permissions';

/** A button (permission type 2) under a menu. `code` is the permission code checked by routes and <Access>. */
export type ButtonSeed = {
  code: PermissionCode;
  /** translation key of the button's description, present in menuTitles */
  key: string;
};

/** One menu entry (permission type 0 = top-level menu, 1 = sub menu; decided by depth). */
export type MenuSeed = {
  /** translation key of the title, e.g. 'menu.logistics.order'; present in menuTitles */
  key: string;
  /** route path, absolute, kebab-case, e.g. '/logistics/international-order' */
  path: string;
  /** page component name resolved by the web's typed page registry, e.g. 'logistics/international-order-list';
   *  'layouts/RouteView' for a pure container */
  component: string;
  /** route name, unique, e.g. 'logistics-international-order' */
  name: string;
  redirect?: string;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** false means route flag '0': the item is not turned into a route */
  route?: boolean;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  /** iframe / external URL (meta.url) */
  url?: string;
  /** permission code of the menu itself, e.g. 'logistics:order:list' */
  perms?: PermissionCode;
  /** true for the platform staff side (warehouse / finance screens): never granted in a merchant tenant */
  platformOnly?: boolean;
  /** true for a merchant's screens (orders, parcels, wallet...): never granted in the platform tenant */
  merchantOnly?: boolean;
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
};

export type DictItemSeed = { value: string; text: Texts; color?: string };
/** `description` is one text in the database (an administrator's note): it is written in the platform's language. */
export type DictSeed = { code: string; name: Texts; description: Texts; items: DictItemSeed[] };
