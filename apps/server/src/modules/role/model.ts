/** The built-in roles and which catalogue entries each one is given (also for entries added later). */
export type RoleCode = 'platform_admin' | 'warehouse_operator' | 'finance_operator' | 'merchant_admin' | 'merchant_staff';

type Rule = (perms: string, platformOnly: boolean) => boolean;

const startsWithAny = (perms: string, prefixes: string[]) => prefixes.some((p) => perms.startsWith(p));

// merchant staff: the daily work, without the buttons that cancel, delete, export or move money
const STAFF_DENIED = [':cancel', ':delete', ':export', ':import', ':pay'];

export const ROLE_GRANTS: Record<RoleCode, Rule> = {
  platform_admin: () => true,
  warehouse_operator: (perms) => startsWithAny(perms, ['dashboard:', 'logistics:', 'warehouse:']),
  // the platform's side of finance only: the merchant wallet screens answer nothing for tenant 0
  finance_operator: (perms, platformOnly) => startsWithAny(perms, ['dashboard:', 'statistics:']) || (platformOnly && perms.startsWith('finance:')),
  merchant_admin: (perms, platformOnly) => !platformOnly && !startsWithAny(perms, ['system:tenant', 'system:permission', 'system:online', 'system:dict', 'system:category', 'system:token']),
  merchant_staff: (perms, platformOnly) =>
    !platformOnly &&
    startsWithAny(perms, ['dashboard:', 'product:', 'logistics:', 'purchase:']) &&
    !STAFF_DENIED.some((suffix) => perms.endsWith(suffix)),
};

export const ROLE_NAMES: Record<RoleCode, string> = {
  platform_admin: 'Platform administrator',
  warehouse_operator: 'Warehouse operator',
  finance_operator: 'Finance operator',
  merchant_admin: 'Merchant administrator',
  merchant_staff: 'Merchant staff',
};
