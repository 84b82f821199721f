import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { noSqlText } from '../../../../eslint-rules/no-sql-text.js';

// RuleTester writes its own suites: give it vitest's
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

const raw = { messageId: 'raw' } as const;
const identifier = { messageId: 'identifier' } as const;
const runner = { messageId: 'runner' } as const;

tester.run('no-sql-text', noSqlText, {
  valid: [
    // values bound, fragments chosen from literals, lists joined as fragments
    'db.execute(sql`select * from t where id = ${id}`)',
    "sql.raw('desc nulls last')",
    'sql.raw(`asc`)',
    "sql.raw(order === 'asc' ? 'asc' : 'desc')",
    "sql.raw(a ? 'x' : b ? 'y' : 'z')",
    "sql.identifier('log_order')",
    'sql.join(columns.map((c) => sql`${c}`), sql`, `)',
    "client.query('select pg_notify($1, $2)', [channel, payload])",
    'client.query(text, values)',
    "client.query(`set local deadlock_timeout = '30s'`)",
    'db.execute(statement)',
    // a regular expression's exec is not a database
    '/^(\\d+)$/.exec(text)',
    // other objects' raw and identifier are not drizzle's
    'String.raw`a${b}`',
    'other.raw(value)',
  ],
  invalid: [
    { code: 'sql.raw(value)', errors: [raw] },
    { code: 'sql.raw(`${column} desc`)', errors: [raw] },
    { code: "sql.raw('order by ' + column)", errors: [raw] },
    { code: "sql.raw(order === 'asc' ? 'asc' : direction)", errors: [raw] },
    { code: "sql.raw(parts.join(', '))", errors: [raw] },
    { code: 'sql.raw(String(n))', errors: [raw] },
    { code: 'sql.raw()', errors: [raw] },
    { code: 'sql.identifier(name)', errors: [identifier] },
    { code: 'sql.identifier(`log_${kind}`)', errors: [identifier] },
    { code: "sql['raw'](value)", errors: [raw] },
    { code: 'client.query(`listen ${channel}`)', errors: [runner] },
    { code: "db.execute('select * from ' + table)", errors: [runner] },
    { code: "pool.query(['select 1', where].join(' '))", errors: [runner] },
    { code: 'pglite.exec(`drop table ${name}`)', errors: [runner] },
    { code: 'postgres.unsafe(`select ${column} from t`)', errors: [runner] },
    { code: "tx.execute(`select * from t order by ${column}`, [])", errors: [runner] },
  ],
});
