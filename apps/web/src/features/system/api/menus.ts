import type { menuEditInput, menuInput, MenuRecord, MenuTreeNode } from '@portal/shared/system-menus';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useAuth } from '../../../lib/auth.ts';
import type { Permissions } from '../../../lib/auth.ts';

/** Types of a request body before the server's defaults apply (types only; no zod at runtime). */
type InputOf<S extends { '~standard': { types?: { input: unknown } | undefined } }> = NonNullable<S['~standard']['types']>['input'];
export type MenuInput = InputOf<typeof menuInput>;
export type MenuEditInput = InputOf<typeof menuEditInput>;

export const MENUS_KEY = ['system', 'menus'] as const;

/** GET /sys/permission/list: the whole catalogue, menus and buttons, as one tree. */
export const listMenus = (signal?: AbortSignal) => http.get<MenuTreeNode[]>('/sys/permission/list', { signal });

export const menuTreeQuery = () => queryOptions({ queryKey: [...MENUS_KEY, 'tree'], queryFn: ({ signal }) => listMenus(signal) });

export const useMenuTree = () => useQuery(menuTreeQuery());

/** GET /sys/permission/getSystemMenuList: the top-level menus. */
export const topMenus = () => http.get<MenuRecord[]>('/sys/permission/getSystemMenuList');

/** GET /sys/permission/getSystemSubmenu?parentId=: the entries right under one menu. */
export const submenus = (parentId: number) => http.get<MenuRecord[]>('/sys/permission/getSystemSubmenu', { params: { parentId } });

/** GET /sys/permission/getSystemSubmenuBatch?parentIds=1,2: the entries right under each of several menus. */
export const submenusOf = (parentIds: readonly number[]) => http.get<Record<string, MenuRecord[]>>('/sys/permission/getSystemSubmenuBatch', { params: { parentIds: parentIds.join(',') } });

/**
 * After a change: the list reloads, and so does the administrator's own menu (every other signed-in user
 * gets it on their next load: the server publishes the change to every app server).
 */
function useAfterChange() {
  const client = useQueryClient();
  const setPermissions = useAuth((state) => state.setPermissions);
  return async () => {
    await client.invalidateQueries({ queryKey: MENUS_KEY });
    const permissions = await http.get<Permissions>('/sys/permission/getUserPermissionByToken', { silent: true }).catch(() => null);
    if (permissions) setPermissions(permissions);
  };
}

/** POST /sys/permission/add. Silent: the drawer shows the refusal. */
export const addMenu = (input: MenuInput) => http.post<MenuRecord>('/sys/permission/add', input, { silent: true });

export function useAddMenu() {
  const after = useAfterChange();
  return useMutation({ mutationFn: addMenu, onSuccess: after });
}

/** PUT /sys/permission/edit. Silent: the drawer shows the refusal. */
export const editMenu = (input: MenuEditInput) => http.put<MenuRecord>('/sys/permission/edit', input, { silent: true });

export function useEditMenu() {
  const after = useAfterChange();
  return useMutation({ mutationFn: editMenu, onSuccess: after });
}

/** DELETE /sys/permission/delete?id=. Silent: the row action says why it was refused (409: entries under it, built in). */
export const deleteMenu = (id: number) => http.delete<null>('/sys/permission/delete', { params: { id }, silent: true });

export function useDeleteMenu() {
  const after = useAfterChange();
  return useMutation({ mutationFn: deleteMenu, onSuccess: after });
}
