import { isIP } from 'node:net';
import { API_KEY_MAX_DAYS } from '@portal/shared/open-api';
import type { ApiKeyIssued, ApiKeyRecord } from '@portal/shared/open-api-keys';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../../system/audit/repository.ts';
import { hashApiKey, newApiKey, shownPartOf } from './model.ts';
import { findApiKey, insertApiKey, insertSecret, lockApiKey, nameTaken, retireSecrets, revokeApiKey, updateApiKey, type ApiKeyValues } from './repository.ts';

/*
 * A merchant's API keys (decision 0027). A key is the tenant's, not a user's: it outlives its creator's
 * session and is refused with its tenant. The whole key is answered once (add, roll) and kept nowhere:
 * the database holds its sha-256 and its first characters; the audit line holds neither.
 */

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

const mustFind = async (db: Db, tenantId: number, id: number): Promise<ApiKeyRecord> => {
  const found = await findApiKey(db, tenantId, id);
  if (!found) throw notFound();
  return found;
};

/** A new key: its first secret is answered this once. */
export async function addApiKey(db: Db, tenantId: number, input: KeyInput, actor: AuditActor): Promise<ApiKeyIssued> {
  const values = valuesOf(input);
  const key = newApiKey();
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, tenantId, values.name)) throw conflict('apiKeyNameTaken', { name: values.name });
    const id = await insertApiKey(tx, tenantId, values, actor.userId);
    await insertSecret(tx, tenantId, id, { hash: hashApiKey(key), shown: shownPartOf(key) });
    const record = await mustFind(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'api-key', resourceId: id, action: 'create', label: record.name, after: record });
    return { record, key };
  });
}

/** Name, scopes, allow-list and expiry of a working key (an expired or revoked one is 409). */
export async function editApiKey(db: Db, tenantId: number, { id, ...input }: KeyInput & { id: number }, actor: AuditActor): Promise<ApiKeyRecord> {
  return db.transaction(async (tx) => {
    // another tenant's id is 404 before its input is judged
    const locked = await lockApiKey(tx, tenantId, id);
    if (!locked) throw notFound();
    const values = valuesOf(input);
    if (locked.status !== 'ACTIVE') throw conflict('apiKeyNotActiveEdit');
    if (await nameTaken(tx, tenantId, values.name, id)) throw conflict('apiKeyNameTaken', { name: values.name });
    const before = await mustFind(tx, tenantId, id);
    await updateApiKey(tx, tenantId, id, values);
    const after = await mustFind(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'api-key', resourceId: id, action: 'update', label: after.name, before, after });
    return after;
  });
}

/** A new secret, answered once; the old one works `overlapHours` more, an older one still in overlap ends now. */
export async function rollApiKey(db: Db, tenantId: number, id: number, overlapHours: number, actor: AuditActor): Promise<ApiKeyIssued> {
  const key = newApiKey();
  return db.transaction(async (tx) => {
    const locked = await lockApiKey(tx, tenantId, id);
    if (!locked) throw notFound();
    if (locked.status !== 'ACTIVE') throw conflict('apiKeyNotActiveRoll');
    const before = await mustFind(tx, tenantId, id);
    await retireSecrets(tx, tenantId, id, overlapHours);
    await insertSecret(tx, tenantId, id, { hash: hashApiKey(key), shown: shownPartOf(key) });
    const record = await mustFind(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'api-key', resourceId: id, action: 'roll', label: record.name, before, after: { ...record, overlapHours } });
    return { record, key };
  });
}

/** Revoked at once: the guard reads the database on every call, so the next call with it is refused. */
export async function revokeKey(db: Db, tenantId: number, id: number, actor: AuditActor): Promise<ApiKeyRecord> {
  return db.transaction(async (tx) => {
    const locked = await lockApiKey(tx, tenantId, id);
    if (!locked) throw notFound();
    if (locked.status === 'REVOKED') throw conflict('apiKeyAlreadyRevoked');
    const before = await mustFind(tx, tenantId, id);
    await revokeApiKey(tx, tenantId, id, actor.userId);
    const after = await mustFind(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'api-key', resourceId: id, action: 'revoke', label: after.name, before, after });
    return after;
  });
}
