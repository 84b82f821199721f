import type { Texts } from '@portal/shared/languages';
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

/** A company's built-in roles are its own to rename: each is made in the company's language (docs/glossary.md). */
export const ROLE_NAMES: Record<RoleCode, Texts> = {
  platform_admin: { 'zh-TW': '平台管理員', 'zh-CN': '平台管理员', 'en-US': 'Platform administrator' },
  warehouse_operator: { 'zh-TW': '倉庫操作員', 'zh-CN': '仓库操作员', 'en-US': 'Warehouse operator' },
  finance_operator: { 'zh-TW': '財務人員', 'zh-CN': '财务人员', 'en-US': 'Finance operator' },
  purchaser: { 'zh-TW': '採購員', 'zh-CN': '采购员', 'en-US': 'Purchaser' },
  merchant_admin: { 'zh-TW': '商家管理員', 'zh-CN': '商家管理员', 'en-US': 'Merchant administrator' },
  merchant_staff: { 'zh-TW': '商家員工', 'zh-CN': '商家员工', 'en-US': 'Merchant staff' },
};
