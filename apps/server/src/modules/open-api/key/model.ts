import { createHash, randomInt } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, API_SCOPES, SCOPE_PERMISSIONS, type ApiScope } from '@portal/shared/open-api';
import type { PermissionCode } from '@portal/shared/permissions';
import type { AccessService } from '../../auth/access/service.ts';

/*
 * What an API key looks like: "mpk_" and 40 letters and digits (about 238 random bits), so that it is
 * recognisable in a leak, selected whole by a double click, and worth no slow hash: its sha-256 is what
 * the database keeps.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 40;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS}}$`);

export function newApiKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_CHARS; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return API_KEY_PREFIX + random;
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The part of a key shown on screen after it was made. */
export const shownPartOf = (key: string) => key.slice(0, API_KEY_SHOWN_CHARS);

/** The shape of a key, checked before any lookup. */
export const isApiKeyText = (text: string) => KEY_PATTERN.test(text);

/**
 * The scopes whose every permission (SCOPE_PERMISSIONS) `holds` grants: what a user may give a key, and what
 * of a key's scopes works while that user is its holder (decision 0027).
 */
export async function scopesHeld(holds: (code: PermissionCode) => Promise<boolean>): Promise<Set<ApiScope>> {
  const held = new Set<ApiScope>();
  for (const scope of API_SCOPES) {
    const answers = await Promise.all(SCOPE_PERMISSIONS[scope].map((code) => holds(code)));
    if (answers.every(Boolean)) held.add(scope);
  }
  return held;
}

/** The scopes a user holds the rights of in a tenant, from their access (roles, departments, package). */
export type HolderRights = (holder: { userId: number; orgCode: string | null }, tenantId: number) => Promise<Set<ApiScope>>;

export function holderRights(access: AccessService): HolderRights {
  return async (holder, tenantId) => {
    const granted = await access.userAccess(holder, tenantId);
    return scopesHeld((code) => access.can(granted, code));
  };
}
