import { PUSH_REPLAY_BATCH_MAX, PUSH_REPLAY_RANGE_DAYS_MAX, type PushDeliveryDetail, type PushReplayFailedInput } from '@portal/shared/push-endpoints';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { findEndpoint } from '../endpoint/repository.ts';
import { attemptsOf, failedDeliveryIds, findDelivery, lockDelivery, markReplayed } from './repository.ts';

/*
 * The delivery log's rules (decision 0029): a replay makes a delivery due now, counted as REPLAY, in one
 * transaction with its audit line and the NOTIFY that wakes the relay. An attempt under way is not replayed.
 */

const RESOURCE = 'push-delivery';

export async function deliveryDetail(db: Db, tenantId: number, id: number): Promise<PushDeliveryDetail> {
  const found = await findDelivery(db, tenantId, id);
  if (!found) throw notFound();
  return { ...found, attempts: await attemptsOf(db, tenantId, id) };
}

export async function replayDelivery(db: Db, tenantId: number, id: number, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, tenantId, id);
    if (!delivery) throw notFound();
    // a worker holds the lease: its attempt is being made, and its outcome would overwrite the replay
    if (delivery.status === 'PENDING' && delivery.lockedUntil && delivery.lockedUntil > now) throw conflict('pushDeliveryInProgress');
    await markReplayed(tx, tenantId, [id]);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'replay', label: `from ${delivery.status}` });
  });
}

/** Every FAILED delivery created in the range (of one endpoint when named), due again now. */
export async function replayFailed(db: Db, tenantId: number, input: PushReplayFailedInput, actor: AuditActor): Promise<{ replayed: number }> {
  const from = new Date(input.from).getTime();
  const to = new Date(input.to).getTime();
  if (!(from < to) || to - from > PUSH_REPLAY_RANGE_DAYS_MAX * 86_400_000) throw badRequest('pushReplayRange', { days: PUSH_REPLAY_RANGE_DAYS_MAX });
  return db.transaction(async (tx) => {
    if (input.endpointId !== undefined && !(await findEndpoint(tx, tenantId, input.endpointId))) throw notFound();
    const ids = await failedDeliveryIds(tx, tenantId, input, PUSH_REPLAY_BATCH_MAX + 1);
    if (ids.length > PUSH_REPLAY_BATCH_MAX) throw badRequest('pushReplayTooMany', { max: PUSH_REPLAY_BATCH_MAX });
    const replayed = await markReplayed(tx, tenantId, ids);
    if (replayed > 0) {
      await recordAudit(tx, actor, { resource: RESOURCE, resourceId: input.endpointId ?? '*', action: 'replay-failed', label: `${replayed} failed, created ${input.from} to ${input.to}`, after: { from: input.from, to: input.to, endpointId: input.endpointId ?? null, replayed } });
    }
    return { replayed };
  });
}
