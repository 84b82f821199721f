import { PUSH_ENDPOINTS_PER_TENANT_MAX, PUSH_SECRET_OVERLAP_HOURS, PUSH_TEST_TYPE } from '@portal/shared/open-api';
import type { PushEndpointRecord, PushEndpointWithSecret } from '@portal/shared/push-endpoints';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { encryptSecret } from '../../../lib/secret-box.ts';
import { recordAudit, type AuditActor } from '../../system/audit/repository.ts';
import { queueMessage } from '../outbox.ts';
import type { PushSettings } from '../settings.ts';
import { hostOf, isPrivateHost, newPushSecret, pushSecretSlot } from './model.ts';
import { countEndpoints, deleteEndpoint, findEndpoint, insertEndpoint, secretsOf, toEndpointRecord, updateEndpoint, type EndpointChange, type EndpointValues } from './repository.ts';
import { lastDeliveryOf } from '../log/repository.ts';

/*
 * A merchant's webhook endpoints (issue 15 item 3; decision 0029). The signing secret is made here, answered
 * once (creation, rotation), kept encrypted under the push settings' key and never written to an answer, an
 * audit line or a log. Every change writes one audit line in its transaction.
 */

const RESOURCE = 'push-endpoint';

function requireKey(settings: PushSettings): Buffer {
  if (!settings.key) throw conflict('pushSecretKeyMissing');
  return settings.key;
}

/** The deployment's rules on the address: https unless private targets are allowed, and no literal private host then. */
export function refuseUrl(settings: PushSettings, url: string): void {
  if (settings.allowPrivateTargets) return;
  if (!/^https:\/\//i.test(url)) throw badRequest('pushEndpointHttpsRequired');
  const host = hostOf(url);
  if (host === null) throw badRequest('pushEndpointUrlFormat');
  if (isPrivateHost(host)) throw badRequest('pushEndpointPrivateAddress', { host });
}

/** The audit's view of an endpoint: what the merchant set, never a secret. */
const auditView = (record: PushEndpointRecord) => ({ url: record.url, description: record.description, eventTypes: record.eventTypes, enabled: record.enabled, disabledReason: record.disabledReason });

export async function addEndpoint(db: Db, settings: PushSettings, tenantId: number, values: EndpointValues, actor: AuditActor): Promise<PushEndpointWithSecret> {
  const key = requireKey(settings);
  refuseUrl(settings, values.url);
  return db.transaction(async (tx) => {
    // the count is read after the insert, in the transaction: two racing additions cannot both pass the limit unseen
    const id = await insertEndpoint(tx, tenantId, values, actor.userId);
    if ((await countEndpoints(tx, tenantId)) > PUSH_ENDPOINTS_PER_TENANT_MAX) throw conflict('pushEndpointLimit', { max: PUSH_ENDPOINTS_PER_TENANT_MAX });
    const secret = newPushSecret();
    const endpoint = toEndpointRecord(await updateEndpoint(tx, tenantId, id, { secretEnc: encryptSecret(key, pushSecretSlot(id), secret) }));
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'create', label: endpoint.url, after: auditView(endpoint) });
    return { endpoint, secret };
  });
}

export async function editEndpoint(db: Db, settings: PushSettings, tenantId: number, id: number, values: EndpointValues, actor: AuditActor): Promise<PushEndpointRecord> {
  return db.transaction(async (tx) => {
    const before = await findEndpoint(tx, tenantId, id, true);
    if (!before) throw notFound();
    // an address kept as it was is not judged again: the deployment's rule may have changed since
    if (values.url !== before.url) refuseUrl(settings, values.url);
    const change: EndpointChange = { ...values };
    if (values.enabled && !before.enabled) Object.assign(change, { disabledReason: null, disabledAt: null, failingSince: null });
    if (!values.enabled && before.enabled) Object.assign(change, { disabledReason: 'MANUAL', disabledAt: new Date() });
    const after = toEndpointRecord(await updateEndpoint(tx, tenantId, id, change));
    const action = before.enabled === values.enabled ? 'update' : values.enabled ? 'enable' : 'disable';
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action, label: after.url, before: auditView(toEndpointRecord(before)), after: auditView(after) });
    return after;
  });
}

export async function removeEndpoint(db: Db, tenantId: number, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findEndpoint(tx, tenantId, id, true);
    if (!before || !(await deleteEndpoint(tx, tenantId, id))) throw notFound();
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'delete', label: before.url, before: auditView(toEndpointRecord(before)), after: null });
  });
}

/**
 * A new secret; the current one becomes the previous one and still signs until the overlap ends, so a
 * receiver that has not switched yet keeps verifying. A second rotation within the overlap drops the oldest.
 */
export async function rotateSecret(db: Db, settings: PushSettings, tenantId: number, id: number, actor: AuditActor, now = new Date()): Promise<PushEndpointWithSecret> {
  const key = requireKey(settings);
  return db.transaction(async (tx) => {
    const before = await findEndpoint(tx, tenantId, id, true);
    if (!before) throw notFound();
    const current = await currentSecretEnc(tx, tenantId, id);
    const secret = newPushSecret();
    const endpoint = toEndpointRecord(
      await updateEndpoint(tx, tenantId, id, {
        secretEnc: encryptSecret(key, pushSecretSlot(id), secret),
        previousSecretEnc: current,
        previousSecretUntil: new Date(now.getTime() + PUSH_SECRET_OVERLAP_HOURS * 3_600_000),
      }),
      now,
    );
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'rotate-secret', label: `${endpoint.url} (previous secret until ${endpoint.previousSecretUntil})` });
    return { endpoint, secret };
  });
}

async function currentSecretEnc(db: Db, tenantId: number, id: number): Promise<string> {
  const secrets = await secretsOf(db, tenantId, id);
  if (!secrets) throw notFound();
  return secrets.secretEnc;
}

/** "Send a test event": one PING message to this endpoint, enabled or not, attempted at once (trigger TEST). */
export async function sendTestEvent(db: Db, tenantId: number, id: number, actor: AuditActor): Promise<{ deliveryId: number; msgId: string }> {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, tenantId, id);
    if (!endpoint) throw notFound();
    await queueMessage(tx, tenantId, PUSH_TEST_TYPE, { test: true, endpointId: Number(id), message: 'A test event from the merchant portal', sentAt: new Date().toISOString() }, [Number(id)]);
    const delivery = await lastDeliveryOf(tx, tenantId, id);
    if (!delivery) throw notFound();
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'test', label: `${endpoint.url} ${delivery.msgId}` });
    return delivery;
  });
}
