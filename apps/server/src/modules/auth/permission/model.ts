import type { AuthEntry, MenuEntry } from '@portal/shared/sys';
import type { Catalogue, UserAccess } from '../access/service.ts';
import type { PermissionRow } from '../access/repository.ts';

/** The menu management entry: only super users see it (spec §6). */
export const SUPER_ONLY_PATH = '/system/permission';

const MENU_TYPES = new Set([0, 1]);
const BUTTON_TYPE = 2;

const toAuth = (row: PermissionRow): AuthEntry => ({ action: row.perms, describe: row.name, type: row.permsType, status: row.status });

/**
 * The menu tree, granted buttons and every button of the system, as the spec's client expects them
 * from getUserPermissionByToken, and the path of every page of the catalogue.
 */
export function buildPermissionResult(catalogue: Catalogue, access: UserAccess, superFlag: number) {
  const children = new Map<number | null, PermissionRow[]>();
  for (const row of catalogue.rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const granted = (row: PermissionRow) => access.grantedIds.has(row.id);
  // an entry whose page reads another screen's rows is shown to a holder of that screen's code only (EntryNeeds)
  const readable = (row: PermissionRow) => catalogue.needs.get(row.id)?.some((code) => access.codes.has(code) || catalogue.openCodes.has(code)) ?? true;

  const build = (parentId: number | null): MenuEntry[] => {
    const entries: MenuEntry[] = [];
    for (const row of children.get(parentId) ?? []) {
      if (!MENU_TYPES.has(row.menuType) || !granted(row) || !readable(row)) continue;
      if (row.path === SUPER_ONLY_PATH && superFlag !== 1) continue;
      const hadChildren = (children.get(row.id) ?? []).some((c) => MENU_TYPES.has(c.menuType));
      const kids = build(row.id);
      // a container whose children are all hidden from this user is hidden too
      if (hadChildren && kids.length === 0) continue;
      const buttons = (children.get(row.id) ?? []).filter((c) => c.menuType === BUTTON_TYPE && granted(c)).map(toAuth);
      entries.push({
        id: row.id,
        path: row.path,
        name: row.componentName,
        component: row.component,
        redirect: row.redirect,
        hidden: row.hidden,
        alwaysShow: row.alwaysShow,
        route: row.isRoute ? '1' : '0',
        meta: {
          title: row.name,
          titles: row.titles,
          icon: row.icon,
          url: row.url,
          keepAlive: row.keepAlive,
          internalOrExternal: row.internalOrExternal,
          permissionList: buttons,
        },
        ...(kids.length > 0 ? { children: kids } : {}),
      });
    }
    return entries;
  };

  // every page a menu could route to, granted or not: the web answers 403 for these and 404 for other paths
  const allPages: string[] = [];
  const walk = (parentId: number | null) => {
    for (const row of children.get(parentId) ?? []) {
      // an entry that is no route (the spec's route '0') takes its children with it, as the web's router does
      if (!MENU_TYPES.has(row.menuType) || !row.isRoute) continue;
      if (row.path) allPages.push(row.path);
      walk(row.id);
    }
  };
  walk(null);

  const buttons = catalogue.rows.filter((r) => r.menuType === BUTTON_TYPE);
  return {
    menu: build(null),
    auth: buttons.filter(granted).map(toAuth),
    allAuth: buttons.map(toAuth),
    allPages,
  };
}
