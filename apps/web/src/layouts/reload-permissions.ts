import type { NavigateFunction } from 'react-router';
import { getUserPermission } from '../features/auth/api/get-user-permission.ts';
import { useAuth } from '../lib/auth.ts';
import { menuRoutes } from '../lib/menu.ts';
import { HOME_PATH } from '../lib/paths.ts';

/**
 * Asks for the user's menu and buttons again (their department or their rights changed): the menu, the buttons
 * and the tabs follow the store; the page shown (`path`, once the answer is in) goes home if it left the menu.
 * Answers whether it had to.
 */
export async function reloadPermissions(navigate: NavigateFunction, path: () => string): Promise<boolean> {
  const permissions = await getUserPermission();
  useAuth.getState().setPermissions(permissions);
  const shown = path();
  if (shown === HOME_PATH || menuRoutes(permissions.menu).has(shown)) return false;
  navigate(HOME_PATH);
  return true;
}
