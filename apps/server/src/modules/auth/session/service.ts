import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { CacheEvent } from '../../../lib/cache-bus.ts';
import type { Db } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { refuseUserAct } from '../access/delegation.ts';
import { loadGrantor } from '../access/grantor-repository.ts';
import { endSessions, findOwner, liveSessionIds, lockLiveSession, type SessionOwner } from './repository.ts';

// what administration asks of sessions inside its own transactions (freezing, the recycle bin, a frozen company)
export { endSessionsOfUsers, endTenantSessions, forgetSessionsOfUsers } from './repository.ts';

/*
 * Token management. Sessions are named by their id, never by their token. An administrator
 * signs out the users of their own tenant (the platform's: any tenant's); a top administrator's sessions are
 * ended by a top administrator only (decision 0013); ending one's own session is a sign-out. Every ending is
 * audited and published, so that every app server refuses the session at its next request.
 */

type Publish = (event: CacheEvent) => Promise<void>;

/** The user's home is the caller's tenant, or the caller is the platform's; another tenant's user does not exist here. */
const reachable = (auth: AuthContext, owner: SessionOwner) => auth.tenantId === PLATFORM_TENANT || owner.tenantId === auth.tenantId;

async function refuse(db: Db, auth: AuthContext, owner: SessionOwner): Promise<void> {
  const grantor = await loadGrantor(db, auth);
  // signing out never leaves a tenant without its last top administrator: the count does not matter here
  const refusal = refuseUserAct(grantor, { userId: owner.userId, top: owner.top }, 'signOut', Number.MAX_SAFE_INTEGER);
  if (refusal) throw forbidden(refusal);
}

/** The tenant a list shows: the caller's own, or for the platform any tenant it names. */
export const sessionScope = (auth: AuthContext, tenantId: number | undefined) => (auth.tenantId === PLATFORM_TENANT && tenantId !== undefined ? tenantId : auth.tenantId);

export async function revokeSession(db: Db, publish: Publish, auth: AuthContext, actor: AuditActor, id: number): Promise<number> {
  const ended = await db.transaction(async (tx) => {
    const session = await lockLiveSession(tx, id);
    if (!session || !reachable(auth, session)) throw notFound();
    await refuse(tx, auth, session);
    const ids = await endSessions(tx, [id], 'admin');
    await recordAudit(tx, actor, {
      resource: 'session',
      resourceId: id,
      action: 'revoke',
      label: session.username,
      tenantId: session.tenantId,
      before: { username: session.username, ip: session.ip, userAgent: session.userAgent, createdAt: session.createdAt, lastSeenAt: session.lastSeenAt, revoked: false },
      after: { username: session.username, revoked: true, reason: 'admin' },
    });
    return ids;
  });
  await publish({ kind: 'sessions', sessionIds: ended });
  return ended.length;
}

export async function revokeUserSessions(db: Db, publish: Publish, auth: AuthContext, actor: AuditActor, userId: number): Promise<number> {
  const ended = await db.transaction(async (tx) => {
    const owner = await findOwner(tx, userId);
    if (!owner || !reachable(auth, owner)) throw notFound();
    await refuse(tx, auth, owner);
    const live = await liveSessionIds(tx, userId);
    const ids = await endSessions(tx, live, 'admin');
    await recordAudit(tx, actor, {
      resource: 'session',
      resourceId: userId,
      action: 'revoke-all',
      label: owner.username,
      tenantId: owner.tenantId,
      before: { username: owner.username, liveSessions: live.length },
      after: { username: owner.username, liveSessions: live.length - ids.length },
    });
    return ids;
  });
  await publish({ kind: 'sessions', sessionIds: ended });
  return ended.length;
}

/**
 * The concurrent-session limit, after a sign-in opened a session: the oldest live sessions beyond `max`
 * end (reason 'limit'), on every app server. 0 means no limit.
 */
export async function endSessionsBeyondLimit(db: Db, publish: Publish, userId: number, max: number): Promise<number> {
  if (max <= 0) return 0;
  const live = await liveSessionIds(db, userId);
  const ended = await endSessions(db, live.slice(max), 'limit');
  if (ended.length > 0) await publish({ kind: 'sessions', sessionIds: ended });
  return ended.length;
}
