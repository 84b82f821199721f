import type { PermissionCode } from '@portal/shared/permissions';
import type { AuthEntry } from '@portal/shared/sys';
import { useAuth } from './auth.ts';

const actionsOf = (entry: AuthEntry) => entry.action.split(',').map((a) => a.trim());

/**
 * Spec §6: a button shows when its code is among the user's granted entries, or among all entries
 * with status '0' (a rule switched off). The server enforces the same on every call.
 */
export function hasPermission(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  if (auth.some((entry) => actionsOf(entry).includes(code))) return true;
  return allAuth.some((entry) => entry.status === '0' && actionsOf(entry).includes(code));
}

/** `can(code)` for components: menus, routes and buttons ask the same question. */
export function useCan(): (code: PermissionCode) => boolean {
  const permissions = useAuth((state) => state.permissions);
  return (code) => (permissions ? hasPermission(code, permissions.auth, permissions.allAuth) : false);
}
