import { iso } from '../../../lib/iso.ts';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiScope } from '@portal/shared/open-api';
import type { HolderState } from '@portal/shared/open-api';
import type { ApiKeyRecord, ApiKeySortColumn, ApiKeyStatus } from '@portal/shared/open-api-keys';
import type { Db } from '../../../db/client.ts';
import { apiKeys, apiKeySecrets } from '../../../db/schema/open-api.ts';
import { users } from '../../../db/schema/sys.ts';
import { holderStateOf } from '../../auth/access/holder.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

/*
 * The queries of a tenant's API keys and their secrets. Every query filters by the tenant. A secret row
 * holds only the key's sha-256 and its first characters: nothing here can answer a whole key.
 */

/** The status is computed from the clock of the database, the one the guard (modules/open-api/access) reads. */
const status = sql<ApiKeyStatus>`case when ${apiKeys.revokedAt} is not null then 'REVOKED' when ${apiKeys.expiresAt} <= now() then 'EXPIRED' else 'ACTIVE' end`;

/** The user whose rights a key carries (decision 0027). */
export const holders = alias(users, 'holder');

/** Whether the key's holder can still carry it: active, not deleted, and still one of the key's company's users. */
export const holderState: SQL<HolderState> = holderStateOf(holders, apiKeys.tenantId);

/** Sort columns the client may name (an allow-list, DESIGN §3). */
const SORT_COLUMNS = { createdAt: apiKeys.createdAt, name: apiKeys.name, expiresAt: apiKeys.expiresAt, lastUsedAt: apiKeys.lastUsedAt } as const satisfies Record<ApiKeySortColumn, unknown>;

export type ApiKeyListQuery = { pageNo: number; pageSize: number; column?: ApiKeySortColumn; order?: 'asc' | 'desc'; name?: string; status?: ApiKeyStatus };

const selected = {
  id: apiKeys.id,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  ipAllowList: apiKeys.ipAllowList,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  status,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  createdBy: sql<string | null>`${users.username}`,
  holderId: holders.id,
  holder: sql<string | null>`${holders.username}`,
  holderOrgCode: holders.orgCode,
  holderState,
  createdAt: apiKeys.createdAt,
  updatedAt: apiKeys.updatedAt,
};
type Row = {
  id: number;
  name: string;
  scopes: ApiScope[];
  ipAllowList: string[];
  expiresAt: Date;
  revokedAt: Date | null;
  status: ApiKeyStatus;
  lastUsedAt: Date | null;
  lastUsedIp: string;
  createdBy: string | null;
  holderId: number | null;
  holder: string | null;
  holderOrgCode: string | null;
  holderState: HolderState;
  createdAt: Date;
  updatedAt: Date;
};
type SecretsOf = { shown: string; previousShown: string | null; previousUntil: string | null };

/** A key as the list shows it, and its holder for the scopes they still hold (the service adds `unheldScopes`). */
export type ApiKeyRow = Omit<ApiKeyRecord, 'unheldScopes'> & { holderOf: { userId: number; orgCode: string | null } | null };

function toRecord(row: Row, secrets: SecretsOf | undefined): ApiKeyRow {
  const { holderId, holderOrgCode, ...rest } = row;
  return {
    ...rest,
    id: Number(row.id),
    holder: row.holder ?? '',
    holderOf: holderId === null ? null : { userId: Number(holderId), orgCode: holderOrgCode },
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
    createdBy: row.createdBy ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    shown: secrets?.shown ?? '',
    previousShown: secrets?.previousShown ?? null,
    previousUntil: secrets?.previousUntil ?? null,
  };
}

/** The shown parts of the keys' secrets: the current one, and the old one while its overlap lasts. */
async function secretsOf(db: Db, tenantId: number, keyIds: number[]): Promise<Map<number, SecretsOf>> {
  const found = new Map<number, SecretsOf>();
  if (keyIds.length === 0) return found;
  const rows = await db
    .select({ keyId: apiKeySecrets.keyId, shown: apiKeySecrets.shown, expiresAt: apiKeySecrets.expiresAt })
    .from(apiKeySecrets)
    .where(and(eq(apiKeySecrets.tenantId, tenantId), inArray(apiKeySecrets.keyId, keyIds), sql`(${apiKeySecrets.expiresAt} is null or ${apiKeySecrets.expiresAt} > now())`));
  for (const row of rows) {
    const keyId = Number(row.keyId);
    const entry = found.get(keyId) ?? { shown: '', previousShown: null, previousUntil: null };
    if (row.expiresAt === null) entry.shown = row.shown;
    else {
      entry.previousShown = row.shown;
      entry.previousUntil = row.expiresAt.toISOString();
    }
    found.set(keyId, entry);
  }
  return found;
}

function whereOf(tenantId: number, query: Pick<ApiKeyListQuery, 'name' | 'status'>): SQL | undefined {
  const conditions: SQL[] = [eq(apiKeys.tenantId, tenantId)];
  if (query.name) conditions.push(ilike(apiKeys.name, `%${escapeLike(query.name)}%`));
  if (query.status) conditions.push(sql`${status} = ${query.status}`);
  return and(...conditions);
}

/** The newest first by default; the id breaks ties so that pages never repeat a row. */
function orderingOf(column: ApiKeySortColumn = 'createdAt', order: 'asc' | 'desc' = column === 'name' ? 'asc' : 'desc') {
  const direction = order === 'asc' ? asc : desc;
  const nulls = order === 'asc' ? sql`nulls first` : sql`nulls last`;
  return [sql`${SORT_COLUMNS[column]} ${order === 'asc' ? sql`asc` : sql`desc`} ${nulls}`, direction(apiKeys.id)];
}

export async function listApiKeys(db: Db, tenantId: number, query: ApiKeyListQuery) {
  const where = whereOf(tenantId, query);
  const [rows, counted] = await Promise.all([
    db
      .select(selected)
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .leftJoin(holders, eq(holders.id, apiKeys.holderId))
      .where(where)
      .orderBy(...orderingOf(query.column, query.order))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(apiKeys).where(where),
  ]);
  const secrets = await secretsOf(
    db,
    tenantId,
    rows.map((row) => Number(row.id)),
  );
  return pageOf(
    rows.map((row) => toRecord(row, secrets.get(Number(row.id)))),
    Number(counted[0]?.total ?? 0),
    query.pageNo,
    query.pageSize,
  );
}

/** One key of the tenant as the list shows it, or null (another tenant's, or none). */
export async function findApiKey(db: Db, tenantId: number, id: number): Promise<ApiKeyRow | null> {
  const rows = await db
    .select(selected)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(holders, eq(holders.id, apiKeys.holderId))
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
  const row = rows[0];
  if (!row) return null;
  return toRecord(row, (await secretsOf(db, tenantId, [id])).get(id));
}

/** Locks the key's row for the rest of the transaction (two rolls of one key happen one after the other). */
export async function lockApiKey(db: Db, tenantId: number, id: number): Promise<{ status: ApiKeyStatus; scopes: ApiScope[] } | null> {
  const rows = await db
    .select({ status, scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)))
    .for('update');
  return rows[0] ?? null;
}

/** Whether another unrevoked key of the tenant has this name (without case). */
export async function nameTaken(db: Db, tenantId: number, name: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt), sql`lower(${apiKeys.name}) = lower(${name})`];
  if (exceptId !== undefined) conditions.push(ne(apiKeys.id, exceptId));
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

export type ApiKeyValues = { name: string; scopes: ApiScope[]; expiresAt: Date; ipAllowList: string[] };

/** A new key, held by its maker. */
export async function insertApiKey(db: Db, tenantId: number, values: ApiKeyValues, createdBy: number): Promise<number> {
  const rows = await db
    .insert(apiKeys)
    .values({ tenantId, ...values, createdBy, holderId: createdBy })
    .returning({ id: apiKeys.id });
  return Number(must(rows[0], 'inserted api key').id);
}

/** New values, or only a new holder (a roll): whoever changes a key's scopes or secret becomes its holder. */
export async function updateApiKey(db: Db, tenantId: number, id: number, values: Partial<ApiKeyValues> & { holderId: number }): Promise<void> {
  await db
    .update(apiKeys)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
}

/** A new current secret: its hash and the characters shown on screen, never the key. */
export async function insertSecret(db: Db, tenantId: number, keyId: number, secret: { hash: string; shown: string }): Promise<void> {
  await db.insert(apiKeySecrets).values({ tenantId, keyId, ...secret });
}

/**
 * A roll's bookkeeping before the new secret: an old secret still in its overlap (or past it) ends now,
 * and the current one becomes the old one, working `overlapHours` more. At most two secrets remain.
 */
export async function retireSecrets(db: Db, tenantId: number, keyId: number, overlapHours: number): Promise<void> {
  await db.delete(apiKeySecrets).where(and(eq(apiKeySecrets.tenantId, tenantId), eq(apiKeySecrets.keyId, keyId), isNotNull(apiKeySecrets.expiresAt)));
  if (overlapHours === 0) {
    await db.delete(apiKeySecrets).where(and(eq(apiKeySecrets.tenantId, tenantId), eq(apiKeySecrets.keyId, keyId)));
    return;
  }
  await db
    .update(apiKeySecrets)
    .set({ expiresAt: sql`now() + make_interval(hours => ${overlapHours}::int)` })
    .where(and(eq(apiKeySecrets.tenantId, tenantId), eq(apiKeySecrets.keyId, keyId), isNull(apiKeySecrets.expiresAt)));
}

export async function revokeApiKey(db: Db, tenantId: number, id: number, userId: number | null): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}
