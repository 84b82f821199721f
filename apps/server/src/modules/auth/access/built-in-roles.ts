import { PLATFORM_TENANT } from '@portal/shared/tenant';

/** The built-in roles and which catalogue entries each one is given (also for entries added later). */
export type RoleCode = 'platform_admin' | 'warehouse_operator' | 'finance_operator' | 'purchaser' | 'merchant_admin' | 'merchant_staff';

/** What a rule sees of a catalogue entry: its codes and its side (neither flag: both sides' screens). */
export type CatalogueEntry = { perms: string; platformOnly: boolean; merchantOnly: boolean };

type Rule = (entry: CatalogueEntry) => boolean;

const startsWithAny = (perms: string, prefixes: string[]) => prefixes.some((p) => perms.startsWith(p));

// merchant staff: the daily work, without the buttons that cancel, delete, export or move money
const STAFF_DENIED = [':cancel', ':delete', ':export', ':import', ':pay'];

/*
 * Platform roles get the platform's screens and both sides' ones, never a merchant's (the
 * warehouse account saw the five merchant logistics pages, and could create an order under the
 * platform's own company); merchant roles never get the platform's. The access service and the
 * routes hold the same line whatever a role says; these rules keep the roles themselves honest.
 */
export const ROLE_GRANTS: Record<RoleCode, Rule> = {
  platform_admin: ({ merchantOnly }) => !merchantOnly,
  warehouse_operator: ({ perms, merchantOnly }) => !merchantOnly && startsWithAny(perms, ['dashboard:', 'warehouse:']),
  finance_operator: ({ perms, platformOnly, merchantOnly }) => !merchantOnly && (perms.startsWith('dashboard:') || (platformOnly && perms.startsWith('finance:'))),
  // buys what merchants paid for, at Taobao and 1688
  purchaser: ({ perms, merchantOnly }) => !merchantOnly && startsWithAny(perms, ['dashboard:', 'purchasing:']),
  merchant_admin: ({ perms, platformOnly }) => !platformOnly && !startsWithAny(perms, ['system:tenant', 'system:permission', 'system:online', 'system:dict', 'system:category']),
  merchant_staff: ({ perms, platformOnly }) =>
    !platformOnly &&
    startsWithAny(perms, ['dashboard:', 'product:', 'logistics:', 'purchase:']) &&
    !STAFF_DENIED.some((suffix) => perms.endsWith(suffix)),
};

/** Whether an entry can take effect in a tenant at all: a merchant's screen never in the platform's, the platform's never in a merchant's. */
export const belongsIn = (entry: Pick<CatalogueEntry, 'platformOnly' | 'merchantOnly'>, tenantId: number): boolean =>
  tenantId === PLATFORM_TENANT ? !entry.merchantOnly : !entry.platformOnly;

export const ROLE_NAMES: Record<RoleCode, string> = {
  platform_admin: 'Platform administrator',
  warehouse_operator: 'Warehouse operator',
  finance_operator: 'Finance operator',
  purchaser: 'Purchaser',
  merchant_admin: 'Merchant administrator',
  merchant_staff: 'Merchant staff',
};
