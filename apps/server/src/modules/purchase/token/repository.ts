import { and, asc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { PurchasePlatform } from '@portal/shared/purchase';
import type { Db } from '../../../db/client.ts';
import { platformCredentials } from '../../../db/schema/purchase.ts';

/** One platform's row of pur_platform_credential (a global table: the platform's own apps). */
export type CredentialRow = typeof platformCredentials.$inferSelect;
export type CredentialChange = Partial<Omit<typeof platformCredentials.$inferInsert, 'platform' | 'createdAt'>>;

export async function credentialOf(db: Db, platform: PurchasePlatform, lock = false): Promise<CredentialRow | undefined> {
  const query = db.select().from(platformCredentials).where(eq(platformCredentials.platform, platform));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function allCredentials(db: Db): Promise<CredentialRow[]> {
  return db.select().from(platformCredentials).orderBy(asc(platformCredentials.platform));
}

export async function insertCredential(db: Db, values: typeof platformCredentials.$inferInsert): Promise<CredentialRow> {
  const [row] = await db.insert(platformCredentials).values(values).returning();
  if (!row) throw new Error('pur_platform_credential: the insert returned no row');
  return row;
}

export async function updateCredential(db: Db, platform: PurchasePlatform, change: CredentialChange): Promise<CredentialRow | undefined> {
  const [row] = await db
    .update(platformCredentials)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(platformCredentials.platform, platform))
    .returning();
  return row;
}

export async function deleteCredential(db: Db, platform: PurchasePlatform): Promise<number> {
  const rows = await db.delete(platformCredentials).where(eq(platformCredentials.platform, platform)).returning({ platform: platformCredentials.platform });
  return rows.length;
}

/** The row whose authorisation under way has this state (its sha-256), locked. */
export async function credentialByState(db: Db, stateHash: string): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(platformCredentials).where(eq(platformCredentials.oauthStateHash, stateHash)).for('update');
  return row;
}

/** Platforms whose access token runs out before `before` and whose refresh token still works at `now`. */
export async function dueForRefresh(db: Db, before: Date, now: Date): Promise<PurchasePlatform[]> {
  const rows = await db
    .select({ platform: platformCredentials.platform })
    .from(platformCredentials)
    .where(
      and(
        isNotNull(platformCredentials.refreshTokenEnc),
        lte(platformCredentials.accessExpiresAt, before),
        or(isNull(platformCredentials.refreshExpiresAt), gt(platformCredentials.refreshExpiresAt, now)),
      ),
    );
  return rows.map((row) => row.platform);
}
