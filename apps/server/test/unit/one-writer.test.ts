import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFilesUnder } from '../helpers/source-files.ts';

/*
 * One writer per table: each table is inserted into, updated and deleted from by the modules of one domain
 * (apps/server/src/modules/<domain>); another domain that needs a row written asks that domain's service. Read
 * from the source: drizzle's `.insert(table)`, `.update(table)` and `.delete(table)` (a local alias of the table
 * included). The tables still written by a second domain are listed below, each to be folded into its owner; the
 * test fails when another appears, and when one listed no longer needs its entry, so the list only shrinks.
 */

const SOURCE = path.resolve(import.meta.dirname, '../../src');

/** table -> the domains that write it today: its owner first, then those still to fold into it */
const STILL_WRITTEN_ELSEWHERE: Record<string, readonly string[]> = {
  // the user is spread over account (registration, the phone sign-in), auth, user and system: one home to come
  sys_depart: ['system', 'account'],
  // publishing grants the new entry to the packages' merchant administrators: to go through the roles' service
  sys_role_permission: ['system', 'online'],
  sys_session: ['auth', 'system', 'account', 'user'],
  sys_tenant: ['system', 'account', 'company'],
  sys_third_account: ['system', 'auth'],
  sys_user: ['system', 'account', 'user'],
  sys_user_depart: ['system', 'account'],
  sys_user_role: ['system', 'account'],
  sys_user_tenant: ['system', 'account'],
};

/** The schema's tables: the name each is exported under -> its table name. */
function tablesByExport(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFilesUnder(path.join(SOURCE, 'db/schema'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(match[1]!, match[2]!);
  }
  return tables;
}

/** table -> the domains whose modules write it. */
function writersOf(): Map<string, Set<string>> {
  const tables = tablesByExport();
  const writers = new Map<string, Set<string>>();
  const modules = path.join(SOURCE, 'modules');
  for (const file of sourceFilesUnder(modules)) {
    const text = readFileSync(file, 'utf8');
    const aliases = new Map([...text.matchAll(/const (\w+) = (\w+);/g)].map((match) => [match[1]!, match[2]!]));
    const domain = path.relative(modules, file).split(path.sep)[0]!;
    for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = tables.get(aliases.get(match[1]!) ?? match[1]!);
      if (!table) continue;
      writers.set(table, (writers.get(table) ?? new Set()).add(domain));
    }
  }
  return writers;
}

describe('one writer per table', () => {
  const writers = writersOf();

  it('finds the writes it reads (the reading itself works)', () => {
    expect(tablesByExport().size).toBeGreaterThan(50);
    expect(writers.get('log_order')).toContain('logistics');
    expect(writers.get('fin_pay_order')).toContain('finance');
    expect(writers.size).toBeGreaterThan(50);
  });

  it('has each table written by one domain, but for those still to fold (and no more of them)', () => {
    const shared = Object.fromEntries(
      [...writers]
        .filter(([, domains]) => domains.size > 1)
        .map(([table, domains]) => [table, [...domains].sort()])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    const listed = Object.fromEntries(Object.entries(STILL_WRITTEN_ELSEWHERE).map(([table, domains]) => [table, [...domains].sort()]));
    expect(shared).toEqual(listed);
  });
});
