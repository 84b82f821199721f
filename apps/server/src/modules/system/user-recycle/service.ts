import type { MessageKey } from '@portal/shared/messages';
import type { Db } from '../../../db/client.ts';
import { conflict, forbidden, notFound } from '../../../lib/errors.ts';
import type { AccessService } from '../../auth/access/service.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import { refuseUserAct } from '../../auth/access/delegation.ts';
import { countTopAdmins, loadGrantor, loadTarget } from '../../auth/access/grantor-repository.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { endSessionsOfUsers, forgetSessionsOfUsers } from '../../auth/session/service.ts';
import { moveToRecycleBin, purge, restoreFromRecycleBin, usersNamed } from './repository.ts';

/*
 * Deleting users to the tenant's recycle bin, restoring them and purging them. Every
 * call is all or nothing: one user that may not be touched (another tenant's: 404; the rules of
 * delegation: 403; the wrong place: 409) and none is.
 */

type Checked = { userId: number; username: string; top: boolean };

/** The users named, each a user of the caller's tenant in the state `deleted` says, or the refusal. */
async function checkedUsers(db: Db, auth: AuthContext, ids: number[], deleted: boolean): Promise<Checked[]> {
  const named = await usersNamed(db, auth.tenantId, ids);
  const checked: Checked[] = [];
  for (const userId of ids) {
    const target = await loadTarget(db, auth.tenantId, userId);
    const user = named.get(userId);
    // another tenant's user (or nobody) does not exist here
    if (!target || !user) throw notFound();
    if (target.deleted !== deleted) throw conflict(deleted ? 'userNotInRecycleBin' : 'userAlreadyDeleted', { username: user.username });
    // deleting is the account's, for every tenant it belongs to: one tenant may not lock a user out of another
    if (!deleted && user.otherTenants) throw conflict('userInOtherTenants', { username: user.username });
    checked.push({ userId, username: user.username, top: target.top });
  }
  return checked;
}

/** DELETE /sys/user/delete and deleteBatch: to the recycle bin, their sessions ended at once. */
/** One audit line per user moved, in the transaction of the move. */
async function audit(tx: Db, actor: AuditActor, targets: Checked[], action: 'delete' | 'restore' | 'purge') {
  const [before, after] = { delete: [false, true], restore: [true, false], purge: [true, null] }[action];
  for (const target of targets) {
    await recordAudit(tx, actor, {
      resource: 'user',
      resourceId: target.userId,
      action,
      label: target.username,
      before: { username: target.username, inRecycleBin: before },
      after: after === null ? null : { username: target.username, inRecycleBin: after },
    });
  }
}

export async function deleteUsers(db: Db, access: AccessService, auth: AuthContext, ids: number[], actor: AuditActor): Promise<number> {
  const targets = await checkedUsers(db, auth, ids, false);
  const grantor = await loadGrantor(db, auth);
  // several top administrators deleted together: the tenant keeps at least one
  let tops = await countTopAdmins(db, auth.tenantId);
  for (const target of targets) {
    const refusal: MessageKey | null = refuseUserAct(grantor, target, 'delete', tops);
    if (refusal) throw forbidden(refusal);
    if (target.top) tops -= 1;
  }
  await db.transaction(async (tx) => {
    await moveToRecycleBin(tx, ids);
    await endSessionsOfUsers(tx, ids);
    await audit(tx, actor, targets, 'delete');
  });
  // every app server forgets the sessions it holds for them
  await Promise.all(ids.map((userId) => access.publish({ kind: 'user', userId })));
  return ids.length;
}

/*
 * Restoring and purging touch users who are not active, so the count of active top administrators is not
 * theirs to lower: only the rule that a top administrator is a top administrator's to touch applies ('edit').
 */
async function checkBinAct(db: Db, auth: AuthContext, ids: number[]): Promise<Checked[]> {
  const targets = await checkedUsers(db, auth, ids, true);
  const grantor = await loadGrantor(db, auth);
  for (const target of targets) {
    const refusal = refuseUserAct(grantor, target, 'edit', 0);
    if (refusal) throw forbidden(refusal);
  }
  return targets;
}

/** PUT /sys/user/putRecycleBin: back to the user list, as they were (departments, roles, positions). */
export async function restoreUsers(db: Db, access: AccessService, auth: AuthContext, ids: number[], actor: AuditActor): Promise<number> {
  const targets = await checkBinAct(db, auth, ids);
  await db.transaction(async (tx) => {
    await restoreFromRecycleBin(tx, ids);
    await audit(tx, actor, targets, 'restore');
  });
  await Promise.all(ids.map((userId) => access.publish({ kind: 'user', userId })));
  return ids.length;
}

/** DELETE /sys/user/deleteRecycleBin: for good (docs/decisions/0014-user-purge.md). */
export async function purgeUsers(db: Db, access: AccessService, auth: AuthContext, ids: number[], actor: AuditActor): Promise<number> {
  const targets = await checkBinAct(db, auth, ids);
  await db.transaction(async (tx) => {
    await forgetSessionsOfUsers(tx, ids);
    await purge(tx, auth.tenantId, ids);
    await audit(tx, actor, targets, 'purge');
  });
  await Promise.all(ids.map((userId) => access.publish({ kind: 'user', userId })));
  return ids.length;
}
