import type { ReactNode } from 'react';
import type { PermissionCode } from '@portal/shared/permissions';
import { useCan } from '../lib/permissions.ts';

/**
 * Shows its children only when the user holds `code` (spec §6: a granted auth entry, or an all-auth
 * entry with status '0'); otherwise the fallback, which is nothing by default. Hiding a button is
 * convenience only: the server checks the same code on the call.
 */
export function Access({ code, fallback = null, children }: { code: PermissionCode; fallback?: ReactNode; children: ReactNode }) {
  const can = useCan();
  return <>{can(code) ? children : fallback}</>;
}
