import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFilesUnder } from '../helpers/source-files.ts';

/*
 * One writer per table: each table is inserted into, updated and deleted from by the modules of one domain
 * (apps/server/src/modules/<domain>); another domain that needs a row written asks that domain's service. Read
 * from the source: drizzle's `.insert(table)`, `.update(table)` and `.delete(table)` (a local alias of the table
 * included). A second writer fails the test: fold the write into the owner and call the owner's service, or let
 * the owner register a hook when it sits above the caller (docs/domains.md).
 */

const SOURCE = path.resolve(import.meta.dirname, '../../src');

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

  it('has each table written by one domain', () => {
    const shared = [...writers].filter(([, domains]) => domains.size > 1).map(([table, domains]) => `${table}: ${[...domains].sort().join(', ')}`);
    expect(shared.sort()).toEqual([]);
  });

  it('emits pushes from services and lifecycles, never from a repository', () => {
    const modules = path.join(SOURCE, 'modules');
    const emitting = sourceFilesUnder(modules)
      .filter((file) => /repository\.ts$/.test(file))
      .filter((file) => /\bemit[A-Z]\w*\(|emitPushEvent\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(modules, file));
    expect(emitting).toEqual([]);
  });
});
