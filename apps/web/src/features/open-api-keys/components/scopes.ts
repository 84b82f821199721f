import type { ApiScope } from '@portal/shared/open-api';

/** The scopes grouped by the resource they act on, in the order the drawer shows them. */
export const SCOPE_GROUPS = [
  { group: 'orders', scopes: ['orders:read', 'orders:write'] },
  { group: 'tracking', scopes: ['tracking:read'] },
  { group: 'parcels', scopes: ['parcels:read'] },
  { group: 'wallet', scopes: ['wallet:read'] },
  { group: 'purchases', scopes: ['purchases:read'] },
] as const satisfies readonly { group: string; scopes: readonly ApiScope[] }[];

/** The key of a scope's text: i18next reads ":" as a namespace separator, so the texts use "_". */
export const scopeTextKey = (scope: ApiScope) => `scope.${scope.replace(':', '_') as 'orders_read'}` as const;
