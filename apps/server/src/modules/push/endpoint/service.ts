import type { Page } from '@portal/shared/api';
import { PUSH_ENDPOINTS_PER_TENANT_MAX, PUSH_SECRET_OVERLAP_HOURS, PUSH_TEST_TYPE, PUSH_TYPE_PERMISSIONS, type PushType } from '@portal/shared/open-api';
import type { PushEndpointRecord, PushEndpointWithSecret } from '@portal/shared/push-endpoints';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { encryptSecret } from '../../../lib/secret-box.ts';
import type { HeldRights } from '../../auth/access/holder.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { queueMessage } from '../../../lib/outbox.ts';
import type { PushSettings } from '../settings.ts';
import { targetRefusal } from '../delivery/address-guard.ts';
import { hostOf, literalAddressOf, newPushSecret, portOf, pushSecretSlot } from './model.ts';
import { referenceChanged } from '../../../lib/reference-memory.ts';
import { countEndpoints, deleteEndpoint, findEndpoint, holdersOf, insertEndpoint, listEndpoints, secretsOf, toEndpointRecord, updateEndpoint, urlTaken, type EndpointChange, type EndpointListQuery, type EndpointValues, type EndpointView } from './repository.ts';
import { lastDeliveryOf } from '../log/repository.ts';

/*
 * A merchant's webhook endpoints (decision 0029). The signing secret is made here, answered
 * once (creation, rotation), kept encrypted under the push settings' key and never written to an answer, an
 * audit line or a log. Every change writes one audit line in its transaction.
 */

const RESOURCE = 'push-endpoint';

/**
 * Who changes an endpoint, and the event types whose read rights they hold: an endpoint's events carry the
 * rights of its holder, who made it or last changed it (decision 0029), so nobody subscribes it to more.
 */
export type EndpointActor = AuditActor & { userId: number; held: ReadonlySet<PushType> };

function refuseUnheld(types: readonly PushType[], actor: EndpointActor): void {
  const unheld = types.find((type) => !actor.held.has(type));
  if (unheld) throw forbidden('pushTypeBeyondOwn', { type: unheld });
}

/** Endpoints for the screen: their holder, and the event types the holder no longer holds the rights of (not sent). */
async function withHolders(db: Db, rights: HeldRights, tenantId: number, views: EndpointView[]): Promise<PushEndpointRecord[]> {
  const holders = await holdersOf(db, tenantId, views.map((view) => view.id));
  return Promise.all(
    views.map(async (view) => {
      const found = holders.get(view.id);
      const held = found?.holderOf ? await rights(PUSH_TYPE_PERMISSIONS, found.holderOf, tenantId) : new Set<PushType>();
      return { ...view, holder: found?.holder ?? '', holderState: found?.holderState ?? 'DELETED', unheldTypes: view.eventTypes.filter((type) => !held.has(type)) };
    }),
  );
}

export async function endpointPage(db: Db, rights: HeldRights, tenantId: number, query: EndpointListQuery): Promise<Page<PushEndpointRecord>> {
  const page = await listEndpoints(db, tenantId, query);
  return { ...page, records: await withHolders(db, rights, tenantId, page.records) };
}

/** One endpoint as the screen shows it, read after the change's commit. */
async function shown(db: Db, rights: HeldRights, tenantId: number, view: EndpointView): Promise<PushEndpointRecord> {
  const [record] = await withHolders(db, rights, tenantId, [view]);
  if (!record) throw notFound();
  return record;
}

function requireKey(settings: PushSettings): Buffer {
  if (!settings.key) throw conflict('pushSecretKeyMissing');
  return settings.key;
}

/**
 * The deployment's rules on the address (decision 0029): https unless private targets are allowed; a literal
 * address (or localhost) neither of the server's own networks unless allowed, nor the portal's own listening
 * address, nor an IPv6 form carrying an IPv4 address. A name is checked where it resolves, at each delivery.
 */
export function refuseUrl(settings: PushSettings, url: string): void {
  if (!settings.targets.allowPrivateTargets && !/^https:\/\//i.test(url)) throw badRequest('pushEndpointHttpsRequired');
  const host = hostOf(url);
  if (host === null) throw badRequest('pushEndpointUrlFormat');
  const address = literalAddressOf(host);
  if (address === null) return;
  const refusal = targetRefusal(address, portOf(url), settings.targets);
  if (refusal === 'own-address') throw badRequest('pushEndpointOwnAddress', { host });
  if (refusal === 'embedded-ipv4') throw badRequest('pushEndpointEmbeddedIpv4', { host });
  if (refusal !== null) throw badRequest('pushEndpointPrivateAddress', { host });
}

/** The audit's view of an endpoint: what the merchant set, never a secret. */
const auditView = (record: EndpointView) => ({ url: record.url, description: record.description, eventTypes: record.eventTypes, enabled: record.enabled, disabledReason: record.disabledReason });

export async function addEndpoint(db: Db, settings: PushSettings, rights: HeldRights, tenantId: number, values: EndpointValues, actor: EndpointActor): Promise<PushEndpointWithSecret> {
  const key = requireKey(settings);
  refuseUrl(settings, values.url);
  refuseUnheld(values.eventTypes, actor);
  const made = await db.transaction(async (tx) => {
    if (await urlTaken(tx, tenantId, values.url)) throw conflict('pushEndpointUrlTaken', { url: values.url });
    // the count is read after the insert, in the transaction: two racing additions cannot both pass the limit unseen
    const id = await insertEndpoint(tx, tenantId, values, actor.userId);
    if ((await countEndpoints(tx, tenantId)) > PUSH_ENDPOINTS_PER_TENANT_MAX) throw conflict('pushEndpointLimit', { max: PUSH_ENDPOINTS_PER_TENANT_MAX });
    const secret = newPushSecret();
    const endpoint = toEndpointRecord(await updateEndpoint(tx, tenantId, id, { secretEnc: encryptSecret(key, pushSecretSlot(id), secret) }));
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'create', label: endpoint.url, after: auditView(endpoint) });
    return { endpoint, secret };
  });
  await referenceChanged(db, `pushEndpoints:${tenantId}`);
  return { endpoint: await shown(db, rights, tenantId, made.endpoint), secret: made.secret };
}

/** The editor becomes the endpoint's holder: every event it keeps must be theirs to read. */
export async function editEndpoint(db: Db, settings: PushSettings, rights: HeldRights, tenantId: number, id: number, values: EndpointValues, actor: EndpointActor): Promise<PushEndpointRecord> {
  const edited = await db.transaction(async (tx) => {
    const before = await findEndpoint(tx, tenantId, id, true);
    if (!before) throw notFound();
    // an address kept as it was is not judged again: the deployment's rule may have changed since
    if (values.url !== before.url) refuseUrl(settings, values.url);
    if (values.url !== before.url && (await urlTaken(tx, tenantId, values.url, id))) throw conflict('pushEndpointUrlTaken', { url: values.url });
    refuseUnheld(values.eventTypes, actor);
    const change: EndpointChange = { ...values, holderId: actor.userId };
    if (values.enabled && !before.enabled) Object.assign(change, { disabledReason: null, disabledAt: null, failingSince: null });
    if (!values.enabled && before.enabled) Object.assign(change, { disabledReason: 'MANUAL', disabledAt: new Date() });
    const after = toEndpointRecord(await updateEndpoint(tx, tenantId, id, change));
    const action = before.enabled === values.enabled ? 'update' : values.enabled ? 'enable' : 'disable';
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action, label: after.url, before: auditView(toEndpointRecord(before)), after: auditView(after) });
    return after;
  });
  await referenceChanged(db, `pushEndpoints:${tenantId}`);
  return shown(db, rights, tenantId, edited);
}

export async function removeEndpoint(db: Db, tenantId: number, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findEndpoint(tx, tenantId, id, true);
    if (!before || !(await deleteEndpoint(tx, tenantId, id))) throw notFound();
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'delete', label: before.url, before: auditView(toEndpointRecord(before)), after: null });
  });
  await referenceChanged(db, `pushEndpoints:${tenantId}`);
}

/**
 * A new secret; the current one becomes the previous one and still signs until the overlap ends, so a
 * receiver that has not switched yet keeps verifying. A second rotation within the overlap drops the oldest.
 */
export async function rotateSecret(db: Db, settings: PushSettings, rights: HeldRights, tenantId: number, id: number, actor: AuditActor, now = new Date()): Promise<PushEndpointWithSecret> {
  const key = requireKey(settings);
  const rotated = await db.transaction(async (tx) => {
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
  return { endpoint: await shown(db, rights, tenantId, rotated.endpoint), secret: rotated.secret };
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
