import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { ApiScope } from '@portal/shared/open-api';
import type { Db } from '../../../db/client.ts';
import { apiKeys, apiKeySecrets } from '../../../db/schema/open-api.ts';
import { tenants } from '../../../db/schema/sys.ts';
import type { HolderState } from '@portal/shared/open-api';
import { holders, holderState } from '../key/repository.ts';

export type ApiKeyRecord = {
  keyId: number;
  tenantId: number;
  scopes: readonly ApiScope[];
  ipAllowList: readonly string[];
  createdBy: number | null;
  /** whose rights the key carries, and whether they still can (decision 0027) */
  holder: { userId: number; username: string; orgCode: string | null; state: HolderState } | null;
  /** the first moment it stops working by itself (its secret's overlap, its own expiry, its company's period) */
  usableUntil: Date;
};

/**
 * The key whose secret has this hash, if it works now: the secret current or inside its roll's overlap,
 * the key neither revoked nor expired, its tenant active and inside its validity period (a frozen
 * company's keys stop with its sign-ins).
 */
export async function usableKeyByHash(db: Db, hash: string): Promise<ApiKeyRecord | undefined> {
  const rows = await db
    .select({
      keyId: apiKeys.id,
      tenantId: apiKeys.tenantId,
      scopes: apiKeys.scopes,
      ipAllowList: apiKeys.ipAllowList,
      createdBy: apiKeys.createdBy,
      holderId: holders.id,
      holderName: holders.username,
      holderOrgCode: holders.orgCode,
      holderState,
      secretExpiresAt: apiKeySecrets.expiresAt,
      keyExpiresAt: apiKeys.expiresAt,
      tenantValidUntil: tenants.validUntil,
    })
    .from(apiKeySecrets)
    .innerJoin(apiKeys, and(eq(apiKeys.tenantId, apiKeySecrets.tenantId), eq(apiKeys.id, apiKeySecrets.keyId)))
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .leftJoin(holders, eq(holders.id, apiKeys.holderId))
    .where(
      and(
        eq(apiKeySecrets.hash, hash),
        or(isNull(apiKeySecrets.expiresAt), gt(apiKeySecrets.expiresAt, sql`now()`)),
        isNull(apiKeys.revokedAt),
        gt(apiKeys.expiresAt, sql`now()`),
        eq(tenants.status, 1),
        or(isNull(tenants.validFrom), lte(tenants.validFrom, sql`now()`)),
        or(isNull(tenants.validUntil), gt(tenants.validUntil, sql`now()`)),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const { holderId, holderName, holderOrgCode, holderState: state, secretExpiresAt, keyExpiresAt, tenantValidUntil, ...key } = row;
  const ends = [secretExpiresAt, keyExpiresAt, tenantValidUntil].filter((at): at is Date => at !== null).map((at) => at.getTime());
  return {
    ...key,
    holder: holderId === null ? null : { userId: Number(holderId), username: holderName ?? '', orgCode: holderOrgCode, state },
    usableUntil: new Date(Math.min(...ends)),
  };
}

/** When and from where the key was last used. */
export async function touchKey(db: Db, tenantId: number, keyId: number, ip: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: ip.slice(0, 45) })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId)));
}
