import { iso } from '../../../lib/iso.ts';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PushEndpointRecord } from '@portal/shared/push-endpoints';
import type { HolderState, PushDisabledReason, PushType } from '@portal/shared/open-api';
import type { Db } from '../../../db/client.ts';
import { pushEndpoints } from '../../../db/schema/open-api.ts';
import { users } from '../../../db/schema/sys.ts';
import { holderStateOf } from '../../auth/access/holder.ts';
import { pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

/** Sort columns the client may name (an allow-list, never SQL text from the client). */
const SORT_COLUMNS = { createdAt: pushEndpoints.createdAt, url: pushEndpoints.url } as const;

/** What an answer may carry: never a secret, encrypted or not. */
const record = {
  id: pushEndpoints.id,
  url: pushEndpoints.url,
  description: pushEndpoints.description,
  eventTypes: pushEndpoints.eventTypes,
  enabled: pushEndpoints.enabled,
  disabledReason: pushEndpoints.disabledReason,
  disabledAt: pushEndpoints.disabledAt,
  failingSince: pushEndpoints.failingSince,
  previousSecretUntil: pushEndpoints.previousSecretUntil,
  createdAt: pushEndpoints.createdAt,
  updatedAt: pushEndpoints.updatedAt,
};
type Row = {
  id: number;
  url: string;
  description: string;
  eventTypes: PushType[];
  enabled: boolean;
  disabledReason: PushDisabledReason | null;
  disabledAt: Date | null;
  failingSince: Date | null;
  previousSecretUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
};
/** An endpoint as its audit lines and answers show it, before its holder's rights are added (service.ts). */
export type EndpointView = Omit<PushEndpointRecord, 'holder' | 'holderState' | 'unheldTypes'>;
export const toEndpointRecord = (row: Row, now = new Date()): EndpointView => ({
  ...row,
  id: Number(row.id),
  disabledAt: iso(row.disabledAt),
  failingSince: iso(row.failingSince),
  // an overlap that ended is no overlap
  previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type EndpointListQuery = { pageNo: number; pageSize: number; column?: keyof typeof SORT_COLUMNS; order?: 'asc' | 'desc' };

/** Whose rights an endpoint's events carry (decision 0029). */
const holders = alias(users, 'holder');
export type EndpointHolder = { holder: string; holderState: HolderState; holderOf: { userId: number; orgCode: string | null } | null };

/** The holders of the tenant's endpoints `ids`, by endpoint id. */
export async function holdersOf(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, EndpointHolder>> {
  const found = new Map<number, EndpointHolder>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: pushEndpoints.id, holderId: holders.id, username: holders.username, orgCode: holders.orgCode, state: holderStateOf(holders, pushEndpoints.tenantId) })
    .from(pushEndpoints)
    .leftJoin(holders, eq(holders.id, pushEndpoints.holderId))
    .where(and(eq(pushEndpoints.tenantId, tenantId), inArray(pushEndpoints.id, [...ids])));
  for (const row of rows) {
    found.set(Number(row.id), { holder: row.username ?? '', holderState: row.state, holderOf: row.holderId === null ? null : { userId: Number(row.holderId), orgCode: row.orgCode } });
  }
  return found;
}

export async function listEndpoints(db: Db, tenantId: number, query: EndpointListQuery) {
  const where = eq(pushEndpoints.tenantId, tenantId);
  const column = query.column ?? 'createdAt';
  const direction = (query.order ?? (column === 'createdAt' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select(record)
      .from(pushEndpoints)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[column]), direction(pushEndpoints.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(pushEndpoints).where(where),
  ]);
  return pageOf(
    rows.map((row) => toEndpointRecord(row)),
    Number(counted[0]?.total ?? 0),
    query.pageNo,
    query.pageSize,
  );
}

export async function countEndpoints(db: Db, tenantId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(pushEndpoints).where(eq(pushEndpoints.tenantId, tenantId));
  return Number(rows[0]?.n ?? 0);
}

/** Whether another of the tenant's endpoints pushes to `url` (the lists, filters and statistics name endpoints by it). */
export async function urlTaken(db: Db, tenantId: number, url: string, exceptId: number | null = null): Promise<boolean> {
  const rows = await db
    .select({ id: pushEndpoints.id })
    .from(pushEndpoints)
    .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.url, url), exceptId === null ? undefined : ne(pushEndpoints.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** The tenant's endpoint, locked for the change about to be made (`forUpdate`). */
export async function findEndpoint(db: Db, tenantId: number, id: number, forUpdate = false): Promise<Row | null> {
  const query = db
    .select(record)
    .from(pushEndpoints)
    .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, id)));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function secretsOf(db: Db, tenantId: number, id: number): Promise<{ secretEnc: string; previousSecretEnc: string | null; previousSecretUntil: Date | null } | null> {
  const rows = await db
    .select({ secretEnc: pushEndpoints.secretEnc, previousSecretEnc: pushEndpoints.previousSecretEnc, previousSecretUntil: pushEndpoints.previousSecretUntil })
    .from(pushEndpoints)
    .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, id)));
  return rows[0] ?? null;
}

export type EndpointValues = { url: string; description: string; eventTypes: PushType[]; enabled: boolean };

/** A new endpoint; its secret is set right after (the secret's slot names the id the insert gives). */
/** A new endpoint, held by its maker. */
export async function insertEndpoint(db: Db, tenantId: number, values: EndpointValues, createdBy: number | null): Promise<number> {
  const rows = await db
    .insert(pushEndpoints)
    .values({ tenantId, ...values, disabledReason: values.enabled ? null : 'MANUAL', disabledAt: values.enabled ? null : new Date(), secretEnc: '', createdBy, holderId: createdBy })
    .returning({ id: pushEndpoints.id });
  return Number(must(rows[0], 'inserted endpoint').id);
}

export type EndpointChange = Partial<EndpointValues> & {
  holderId?: number | null;
  disabledReason?: PushDisabledReason | null;
  disabledAt?: Date | null;
  failingSince?: Date | null;
  secretEnc?: string;
  previousSecretEnc?: string | null;
  previousSecretUntil?: Date | null;
};

export async function updateEndpoint(db: Db, tenantId: number, id: number, change: EndpointChange): Promise<Row> {
  const rows = await db
    .update(pushEndpoints)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, id)))
    .returning(record);
  return must(rows[0], 'updated endpoint');
}

/** Deletes the endpoint; its deliveries and their attempts go with it (foreign keys on cascade). */
export async function deleteEndpoint(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(pushEndpoints)
    .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, id)))
    .returning({ id: pushEndpoints.id });
  return rows.length > 0;
}
