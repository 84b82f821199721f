import type { Db } from '../../db/client.ts';
import { inArray, sql, type AnyColumn } from 'drizzle-orm';
import { tenants, users } from '../../db/schema/sys.ts';

/* Queries every finance sub-area uses to name people and tenants in its records. */

/** Real names (else usernames) of users by id, for the "created by", "payee", "refunder" columns. */
export async function userNames(tx: Db, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, realname: users.realname, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.realname || row.username]));
}

export async function tenantNames(tx: Db, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A person's name as userNames gives it (real name, else username), for queries that join users. */
export const personName = (table: { realname: AnyColumn; username: AnyColumn }) => sql<string | null>`coalesce(nullif(${table.realname}, ''), ${table.username})`;
