import type { ThirdAccountRecord, ThirdApproveInput } from '@portal/shared/third-login';
import type { Db } from '../../../db/client.ts';
import { conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { findUserById } from '../../auth/user/repository.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { setThirdAccount } from '../../auth/third-login/repository.ts';
import { activeUser, findThirdAccountRecord, lockThirdAccount } from './repository.ts';

const RESOURCE = 'third-account';
const labelOf = (record: ThirdAccountRecord | undefined) => record?.email ?? record?.displayName ?? '';

/** Reads the identity after a change, for the answer and the audit line. */
async function reread(db: Db, id: number): Promise<ThirdAccountRecord> {
  const record = await findThirdAccountRecord(db, id);
  if (!record) throw notFound();
  return record;
}

/**
 * Binds a pending (or rejected) identity to a user of any tenant (decision 0020). A super user or a main account
 * is a way into a whole tenant: only a super user binds an identity to one (the rule of decision 0013).
 */
export async function approveThirdAccount(db: Db, actor: AuditActor & { userId: number }, input: ThirdApproveInput): Promise<ThirdAccountRecord> {
  return db.transaction(async (tx) => {
    const locked = await lockThirdAccount(tx, input.id);
    if (!locked) throw notFound();
    if (locked.status === 'bound') throw conflict('thirdAccountAlreadyBound');
    const target = await activeUser(tx, input.userId);
    if (!target) throw notFound();
    if (target.superFlag === 1 || target.mainAccount) {
      const grantor = await findUserById(tx, actor.userId);
      if (grantor?.superFlag !== 1) throw forbidden('topAdminOnly');
    }
    const before = await reread(tx, input.id);
    await setThirdAccount(tx, input.id, { status: 'bound', userId: target.id, boundBy: 'admin', approvedBy: actor.userId });
    const after = await reread(tx, input.id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: input.id, action: 'approve', label: labelOf(after), before, after });
    return after;
  });
}

/** A pending identity is refused: it stays out until an administrator approves it after all. */
export async function rejectThirdAccount(db: Db, actor: AuditActor, id: number): Promise<ThirdAccountRecord> {
  return db.transaction(async (tx) => {
    const locked = await lockThirdAccount(tx, id);
    if (!locked) throw notFound();
    if (locked.status !== 'pending') throw conflict('thirdAccountNotPending');
    const before = await reread(tx, id);
    await setThirdAccount(tx, id, { status: 'rejected', userId: null, boundBy: null, approvedBy: actor.userId });
    const after = await reread(tx, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'reject', label: labelOf(after), before, after });
    return after;
  });
}

/** A bound identity goes back to pending: it signs nobody in until an administrator decides again (never re-bound by e-mail). */
export async function unbindThirdAccount(db: Db, actor: AuditActor, id: number): Promise<ThirdAccountRecord> {
  return db.transaction(async (tx) => {
    const locked = await lockThirdAccount(tx, id);
    if (!locked) throw notFound();
    if (locked.status !== 'bound') throw conflict('thirdAccountNotBound');
    const before = await reread(tx, id);
    await setThirdAccount(tx, id, { status: 'pending', userId: null, boundBy: null, approvedBy: null });
    const after = await reread(tx, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'unbind', label: labelOf(after), before, after });
    return after;
  });
}
