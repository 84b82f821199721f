import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { tableNamed } from './table-named.ts';

/**
 * Every table the fingerprint may read. Names are constants here, never taken from a test's input
 * at run time, and reach SQL only as their drizzle tables (table-named.ts).
 */
export const FINGERPRINT_TABLES = [
  // the open API and message push: not sys_*, so named by the tests that check them
  'api_key',
  'api_key_secret',
  'api_call_stat',
  'push_endpoint',
  'push_message',
  'push_delivery',
  'push_attempt',
  // online report and form definitions, their history, form rows and their index
  'onl_report',
  'onl_definition_history',
  'onl_form',
  'onl_form_index',
  'onl_form_row',
  'sys_announcement',
  'sys_announcement_read',
  'sys_announcement_target',
  'sys_audit_log',
  'sys_category',
  'sys_check_rule',
  'sys_depart',
  'sys_data_rule',
  'sys_depart_permission',
  'sys_depart_role',
  'sys_depart_role_permission',
  'sys_depart_role_user',
  'sys_dict',
  'sys_dict_item',
  'sys_login_lock',
  'sys_login_log',
  'sys_permission',
  'sys_position',
  'sys_role',
  'sys_role_data_rule',
  'sys_role_permission',
  'sys_session',
  'sys_sms_code',
  'sys_tenant',
  'sys_tenant_package',
  'sys_tenant_package_permission',
  'sys_third_account',
  'sys_third_ticket',
  'sys_user',
  'sys_user_avatar',
  'sys_user_depart',
  'sys_user_position',
  'sys_user_role',
  'sys_user_tenant',
  'sys_visit_log',
] as const;

export type FingerprintTable = (typeof FINGERPRINT_TABLES)[number];

/** Tables every request may touch (sign-in bookkeeping, sessions, SMS codes and their attempts): left out of the default set. */
const VOLATILE: readonly FingerprintTable[] = ['sys_login_log', 'sys_login_lock', 'sys_session', 'sys_sms_code'];

export const DEFAULT_FINGERPRINT_TABLES: readonly FingerprintTable[] = FINGERPRINT_TABLES.filter((t) => !VOLATILE.includes(t));

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/**
 * A digest of the contents of the given tables (default: every sys_* table but the volatile ones),
 * for asserting that a refused request changed nothing. The default set must cover every sys_*
 * table of the database: a new table that is missing from FINGERPRINT_TABLES fails loudly here
 * rather than silently escaping the check.
 */
export async function fingerprint(db: Db, tables?: readonly FingerprintTable[]): Promise<string> {
  const list = tables ?? DEFAULT_FINGERPRINT_TABLES;
  for (const table of list) {
    if (!(FINGERPRINT_TABLES as readonly string[]).includes(table)) throw new Error(`fingerprint: ${String(table)} is not on the allow-list`);
  }
  if (!tables) {
    const present = rowsOf<{ name: string }>(
      (await db.execute(sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name like 'sys\_%'`)) as Rows<{ name: string }>,
    ).map((r) => r.name);
    const unknown = present.filter((name) => !(FINGERPRINT_TABLES as readonly string[]).includes(name));
    if (unknown.length > 0) throw new Error(`fingerprint: add ${unknown.join(', ')} to FINGERPRINT_TABLES in test/helpers/fingerprint.ts`);
  }
  const parts: string[] = [];
  for (const table of [...list].sort()) {
    const result = (await db.execute(
      sql`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h, count(*)::int as n from ${tableNamed(table)} t`,
    )) as Rows<{ h: string; n: number }>;
    const row = rowsOf(result)[0];
    if (!row) throw new Error(`fingerprint: no answer for ${table}`);
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join('|');
}
