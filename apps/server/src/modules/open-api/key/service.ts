import { isIP } from 'node:net';
import type { Page } from '@portal/shared/api';
import { API_KEY_MAX_DAYS, SCOPE_PERMISSIONS, type ApiScope } from '@portal/shared/open-api';
import type { ApiKeyIssued, ApiKeyRecord } from '@portal/shared/open-api-keys';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import type { HeldRights } from '../../auth/access/holder.ts';
import { hashApiKey, newApiKey, shownPartOf } from './model.ts';
import { findApiKey, insertApiKey, insertSecret, listApiKeys, lockApiKey, nameTaken, retireSecrets, revokeApiKey, updateApiKey, type ApiKeyListQuery, type ApiKeyRow, type ApiKeyValues } from './repository.ts';

/*
 * A merchant's API keys (decision 0027). A key acts in its tenant with the rights of its holder, the user
 * who made it or last changed its scopes or secret: nobody gives a key a scope whose rights they do not hold,
 * and a scope stops when its holder loses them, the whole key when its holder is frozen, deleted or leaves.
 * The whole key is answered once (add, roll) and kept nowhere: the database holds its sha-256 and its first
 * characters; the audit line holds neither.
 */

/** Who changes a key, and the scopes whose rights they hold (the key's scopes are bounded by them). */
export type KeyActor = AuditActor & { userId: number; held: ReadonlySet<ApiScope> };

/** 403 naming the first scope the actor does not hold the rights of. */
function refuseUnheld(scopes: readonly ApiScope[], actor: KeyActor): void {
  const unheld = scopes.find((scope) => !actor.held.has(scope));
  if (unheld) throw forbidden('apiKeyScopeBeyondOwn', { scope: unheld });
}

/** A key for the screen: the scopes its holder no longer holds the rights of, from the holder's access now. */
async function withHolderRights(row: ApiKeyRow, rights: HeldRights, tenantId: number): Promise<ApiKeyRecord> {
  const { holderOf, ...record } = row;
  const held = holderOf ? await rights(SCOPE_PERMISSIONS, holderOf, tenantId) : new Set<ApiScope>();
  return { ...record, unheldScopes: record.scopes.filter((scope) => !held.has(scope)) };
}

export async function apiKeyPage(db: Db, rights: HeldRights, tenantId: number, query: ApiKeyListQuery): Promise<Page<ApiKeyRecord>> {
  const page = await listApiKeys(db, tenantId, query);
  return { ...page, records: await Promise.all(page.records.map((row) => withHolderRights(row, rights, tenantId))) };
}

export type KeyInput = { name: string; scopes: ApiKeyValues['scopes']; expiresAt: string; ipAllowList: string[] };

const DAY_MS = 86_400_000;

/** The expiry: in the future and at most API_KEY_MAX_DAYS from now (on edit too: an edit never reaches further). */
function expiryOf(text: string, now = Date.now()): Date {
  const at = new Date(text);
  if (!(at.getTime() > now)) throw badRequest('apiKeyExpiryPast');
  if (at.getTime() > now + API_KEY_MAX_DAYS * DAY_MS) throw badRequest('apiKeyExpiryTooFar', { days: API_KEY_MAX_DAYS });
  return at;
}

/** One entry of an IP allow-list in its canonical text ("10.0.0.0/8", "2001:db8::/32"), or null when it is neither an address nor a CIDR range. */
export function canonicalIpEntry(entry: string): string | null {
  const match = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(entry);
  if (!match) return null;
  const address = (match[1] ?? '').toLowerCase();
  const family = isIP(address);
  if (family === 0) return null;
  if (match[2] === undefined) return address;
  const bits = Number(match[2]);
  if (bits > (family === 4 ? 32 : 128) || (match[2].length > 1 && match[2].startsWith('0'))) return null;
  return `${address}/${bits}`;
}

/** The allow-list checked entry by entry (400 naming the first wrong one), blank lines dropped, each entry once. */
function allowListOf(entries: string[]): string[] {
  const list: string[] = [];
  for (const entry of entries) {
    if (entry === '') continue;
    const canonical = canonicalIpEntry(entry);
    if (!canonical) throw badRequest('apiKeyIpEntryInvalid', { entry: entry.slice(0, 64) });
    if (!list.includes(canonical)) list.push(canonical);
  }
  return list;
}

function valuesOf(input: KeyInput): ApiKeyValues {
  return { name: input.name, scopes: input.scopes, expiresAt: expiryOf(input.expiresAt), ipAllowList: allowListOf(input.ipAllowList) };
}

/** A key as its audit lines show it (its holder by name and state). */
const mustFind = async (db: Db, tenantId: number, id: number): Promise<Omit<ApiKeyRow, 'holderOf'>> => {
  const found = await findApiKey(db, tenantId, id);
  if (!found) throw notFound();
  const record: Omit<ApiKeyRow, 'holderOf'> & { holderOf?: ApiKeyRow['holderOf'] } = { ...found };
  delete record.holderOf;
  return record;
};
/** A key its actor just made, edited or rolled: they hold every scope of it. */
const heldWhole = (record: Omit<ApiKeyRow, 'holderOf'>): ApiKeyRecord => ({ ...record, unheldScopes: [] });

/** A new key: its first secret is answered this once. */
export async function addApiKey(db: Db, tenantId: number, input: KeyInput, actor: KeyActor): Promise<ApiKeyIssued> {
  const values = valuesOf(input);
  refuseUnheld(values.scopes, actor);
  const key = newApiKey();
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, tenantId, values.name)) throw conflict('apiKeyNameTaken', { name: values.name });
    const id = await insertApiKey(tx, tenantId, values, actor.userId);
    await insertSecret(tx, tenantId, id, { hash: hashApiKey(key), shown: shownPartOf(key) });
    const record = await mustFind(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'api-key', resourceId: id, action: 'create', label: record.name, after: record });
    return { record: heldWhole(record), key };
  });
}

/** Name, scopes, allow-list and expiry of a working key (an expired or revoked one is 409). */
/** The editor becomes the key's holder: every scope it keeps must be theirs to give. */
export async function editApiKey(db: Db, tenantId: number, { id, ...input }: KeyInput & { id: number }, actor: KeyActor): Promise<ApiKeyRecord> {
  return db.transaction(async (tx) => {
    // another tenant's id is 404 before its input is judged
    const locked = await lockApiKey(tx, tenantId, id);
    if (!locked) throw notFound();
    const values = valuesOf(input);
    if (locked.status !== 'ACTIVE') throw conflict('apiKeyNotActiveEdit');
    refuseUnheld(values.scopes, actor);
    if (await nameTaken(tx, tenantId, values.name, id)) throw conflict('apiKeyNameTaken', { name: values.name });
    const before = await mustFind(tx, tenantId, id);
    await updateApiKey(tx, tenantId, id, { ...values, holderId: actor.userId });
    const after = await mustFind(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'api-key', resourceId: id, action: 'update', label: after.name, before, after });
    return heldWhole(after);
  });
}

/**
 * A new secret, answered once; the old one works `overlapHours` more, an older one still in overlap ends now.
 * Whoever receives the whole key holds every scope of it, and becomes its holder.
 */
export async function rollApiKey(db: Db, tenantId: number, id: number, overlapHours: number, actor: KeyActor): Promise<ApiKeyIssued> {
  const key = newApiKey();
  return db.transaction(async (tx) => {
    const locked = await lockApiKey(tx, tenantId, id);
    if (!locked) throw notFound();
    if (locked.status !== 'ACTIVE') throw conflict('apiKeyNotActiveRoll');
    refuseUnheld(locked.scopes, actor);
    const before = await mustFind(tx, tenantId, id);
    await updateApiKey(tx, tenantId, id, { holderId: actor.userId });
    await retireSecrets(tx, tenantId, id, overlapHours);
    await insertSecret(tx, tenantId, id, { hash: hashApiKey(key), shown: shownPartOf(key) });
    const record = await mustFind(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'api-key', resourceId: id, action: 'roll', label: record.name, before, after: { ...record, overlapHours } });
    return { record: heldWhole(record), key };
  });
}

/** Revoked at once: the guard reads the database on every call, so the next call with it is refused. */
export async function revokeKey(db: Db, rights: HeldRights, tenantId: number, id: number, actor: AuditActor): Promise<ApiKeyRecord> {
  await db.transaction(async (tx) => {
    const locked = await lockApiKey(tx, tenantId, id);
    if (!locked) throw notFound();
    if (locked.status === 'REVOKED') throw conflict('apiKeyAlreadyRevoked');
    const before = await mustFind(tx, tenantId, id);
    await revokeApiKey(tx, tenantId, id, actor.userId);
    const after = await mustFind(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'api-key', resourceId: id, action: 'revoke', label: after.name, before, after });
  });
  const found = await findApiKey(db, tenantId, id);
  if (!found) throw notFound();
  return withHolderRights(found, rights, tenantId);
}
