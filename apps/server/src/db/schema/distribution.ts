/**
 * How each table spreads over machines when one PostgreSQL primary is not enough (Citus; decision
 * docs/decisions/0010-tables-by-tenant.md). A table with a tenant_id column is distributed by it and is
 * listed nowhere: its shape (keys and references that include tenant_id) is checked from the catalogue by
 * test/api/schema/tenant-tables.test.ts. Every other table is named here, with its class.
 */

/** Small and shared by every tenant: replicated to every node, so any shard can join or reference them. */
export const REFERENCE_TABLES = [
  'sys_tenant',
  // the menu packages of tenants: written by the platform, read with the catalogue
  'sys_tenant_package',
  'sys_tenant_package_permission',
  'sys_user',
  'sys_permission',
  'sys_dict',
  'sys_dict_item',
  'sys_category',
  'sys_check_rule',
  'ref_currency',
  'log_rate_card',
  'fin_rate',
  // online development: the platform's report and form definitions, read with every online call
  'onl_report',
  'onl_form',
] as const;

/**
 * About people before a tenant is chosen (sessions, sign-in locks, SMS codes): kept on the coordinator,
 * never joined with tenant tables, referenced by none of them.
 */
export const GLOBAL_TABLES = [
  'sys_session',
  'sys_login_lock',
  'sys_sms_code',
  // avatar images: read one at a time by their random name, never joined (too large to replicate)
  'sys_user_avatar',
  // single sign-on: identities at a provider and the flow's one-time values, before a tenant is chosen
  'sys_third_account',
  'sys_third_ticket',
  // the platform's own app credentials at Taobao and 1688: one row per platform, never joined
  'pur_platform_credential',
  // online development: the versions of definitions, read one code at a time by the designer
  'onl_definition_history',
] as const;
