import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { thirdAccounts, thirdTickets } from '../../../db/schema/admin.ts';
import { users } from '../../../db/schema/sys.ts';
import type { ThirdAccountStatus } from '@portal/shared/third-login';
import type { OidcIdentity } from './provider.ts';

export type TicketKind = 'state' | 'login';
export type ThirdAccountRow = typeof thirdAccounts.$inferSelect;

/** Keeps a one-time value (its hash only) for `seconds`; clears the ones that died more than a day ago. */
export async function storeTicket(db: Db, kind: TicketKind, valueHash: string, data: object, seconds: number): Promise<void> {
  await db.delete(thirdTickets).where(lt(thirdTickets.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(thirdTickets).values({ kind, valueHash, data, expiresAt: sql`now() + make_interval(secs => ${seconds})` });
}

/** Uses a one-time value: its data once, while it lives; null when unknown, used or expired (one statement, so two servers never both use it). */
export async function takeTicket(db: Db, kind: TicketKind, valueHash: string): Promise<unknown> {
  const rows = await db
    .update(thirdTickets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(thirdTickets.kind, kind), eq(thirdTickets.valueHash, valueHash), isNull(thirdTickets.usedAt), gt(thirdTickets.expiresAt, sql`now()`)))
    .returning({ data: thirdTickets.data });
  return rows[0]?.data ?? null;
}

export async function findThirdAccount(db: Db, issuer: string, subject: string): Promise<ThirdAccountRow | undefined> {
  const rows = await db.select().from(thirdAccounts).where(and(eq(thirdAccounts.issuer, issuer), eq(thirdAccounts.subject, subject))).limit(1);
  return rows[0];
}

export async function findThirdAccountById(db: Db, id: number): Promise<ThirdAccountRow | undefined> {
  const rows = await db.select().from(thirdAccounts).where(eq(thirdAccounts.id, id)).limit(1);
  return rows[0];
}

/** A new identity, pending; when two callbacks of one identity race, both read the one row. */
export async function insertPendingAccount(db: Db, provider: string, identity: OidcIdentity): Promise<{ row: ThirdAccountRow; created: boolean }> {
  const inserted = await db
    .insert(thirdAccounts)
    .values({ provider, issuer: identity.issuer, subject: identity.subject, email: identity.email, emailVerified: identity.emailVerified, displayName: identity.displayName })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = await findThirdAccount(db, identity.issuer, identity.subject);
  if (!existing) throw new Error('third account vanished');
  return { row: existing, created: false };
}

/** What the provider says now (the administrators read the latest e-mail and name). */
export async function refreshClaims(db: Db, id: number, identity: OidcIdentity): Promise<void> {
  await db
    .update(thirdAccounts)
    .set({ email: identity.email, emailVerified: identity.emailVerified, displayName: identity.displayName, updatedAt: sql`now()` })
    .where(eq(thirdAccounts.id, id));
}

/** Users an e-mail may bind to: active and not deleted; two are enough to know it is not one. */
export async function activeUsersByEmail(db: Db, email: string): Promise<{ id: number; superFlag: number }[]> {
  return db
    .select({ id: users.id, superFlag: users.superFlag })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.status, 1), eq(users.delFlag, 0)))
    .limit(2);
}

/** Binds a pending identity; false when it was no longer pending (another server or administrator got there first). */
export async function bindPending(db: Db, id: number, userId: number, boundBy: 'email' | 'admin', approvedBy: number | null, from: ('pending' | 'rejected')[] = ['pending']): Promise<boolean> {
  const rows = await db
    .update(thirdAccounts)
    .set({ userId, status: 'bound', boundBy, approvedBy, updatedAt: sql`now()` })
    .where(and(eq(thirdAccounts.id, id), inArray(thirdAccounts.status, from)))
    .returning({ id: thirdAccounts.id });
  return rows.length === 1;
}

export async function markSignedIn(db: Db, id: number): Promise<void> {
  await db.update(thirdAccounts).set({ lastLoginAt: sql`now()` }).where(eq(thirdAccounts.id, id));
}

/** An identity's decision by the platform (bound to a user, rejected, or back to pending). */
export async function setThirdAccount(db: Db, id: number, values: { status: ThirdAccountStatus; userId: number | null; boundBy: 'email' | 'admin' | null; approvedBy: number | null }): Promise<void> {
  await db
    .update(thirdAccounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(thirdAccounts.id, id));
}
