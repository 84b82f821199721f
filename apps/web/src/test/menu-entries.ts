import type { MenuEntry } from '@portal/shared/sys';

/** A page entry of the menu as getUserPermissionByToken answers it (component 'test/page'), titled by `title`. */
export const menuEntry = (path: string, title: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  id: path.length,
  path,
  name: path,
  component: 'test/page',
  redirect: null,
  hidden: false,
  alwaysShow: false,
  route: '1',
  meta: { title, icon: null, url: null, keepAlive: false, internalOrExternal: false, permissionList: [] },
  ...extra,
});
