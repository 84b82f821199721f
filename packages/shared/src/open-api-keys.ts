import { z } from 'zod';
import { API_KEY_IP_ALLOW_MAX, API_KEY_ROLL_OVERLAP_HOURS_DEFAULT, API_KEY_ROLL_OVERLAP_HOURS_MAX, API_SCOPES, HOLDER_STATES } from './open-api.ts';
import { msg } from './messages.ts';

/*
 * A merchant's API keys (token configuration; decision 0027). The whole key is answered
 * once, by `add` and `roll`; every other answer shows only its first characters.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** ACTIVE: it works; EXPIRED: its expiry passed; REVOKED: its owner ended it. Computed, never stored. */
export const API_KEY_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const API_KEY_SORT_COLUMNS = ['createdAt', 'name', 'expiresAt', 'lastUsedAt'] as const;
export type ApiKeySortColumn = (typeof API_KEY_SORT_COLUMNS)[number];

export const API_KEY_NAME_MAX = 100;

export const apiKeyRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  ipAllowList: z.array(z.string()),
  expiresAt: z.string(),
  status: z.enum(API_KEY_STATUSES),
  revokedAt: z.string().nullable(),
  /** the first characters of the current secret ("mpk_AbCd1234") */
  shown: z.string(),
  /** during a roll's overlap: the first characters of the old secret and when it stops working */
  previousShown: z.string().nullable(),
  previousUntil: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string(),
  createdBy: z.string(),
  /** the username of the key's holder: who made it or last changed its scopes or secret */
  holder: z.string(),
  holderState: z.enum(HOLDER_STATES),
  /** the key's scopes whose rights its holder no longer holds: refused at each call */
  unheldScopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecord>;

/** The answer of `add` and `roll`: the record and, this once, the whole key. */
export const apiKeyIssued = z.object({ record: apiKeyRecord, key: z.string() });
export type ApiKeyIssued = z.infer<typeof apiKeyIssued>;

const name = z.string().trim().min(1).max(API_KEY_NAME_MAX);
/** at least one, each once (duplicates are dropped) */
const scopes = z
  .array(z.enum(API_SCOPES))
  .min(1, { error: msg('apiKeyScopesRequired') })
  .max(API_SCOPES.length * 2)
  .transform((list) => API_SCOPES.filter((scope) => list.includes(scope)));
/** an instant with its offset; "in the future and at most a year away" is checked against the server's clock */
// (a missing one gets the ordinary "is required")
const expiresAt = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? undefined : msg('apiKeyExpiryFormat')) });
/** addresses or CIDR ranges; each entry's form is checked by the server, which names the wrong one */
const ipAllowList = z
  .array(z.string().trim().max(64, { error: msg('apiKeyIpEntryTooLong') }))
  .max(API_KEY_IP_ALLOW_MAX, { error: msg('apiKeyIpListTooLong') })
  .default([]);

export const apiKeyInput = z.strictObject({ name, scopes, expiresAt, ipAllowList });
export type ApiKeyInput = z.input<typeof apiKeyInput>;

export const apiKeyEditInput = apiKeyInput.extend({ id });
export type ApiKeyEditInput = z.input<typeof apiKeyEditInput>;

export const apiKeyRollInput = z.strictObject({
  id,
  /** how long the old secret keeps working, in hours (0: it stops now) */
  overlapHours: z.number().int().min(0).max(API_KEY_ROLL_OVERLAP_HOURS_MAX).default(API_KEY_ROLL_OVERLAP_HOURS_DEFAULT),
});
export type ApiKeyRollInput = z.input<typeof apiKeyRollInput>;

export const apiKeyRevokeInput = z.strictObject({ id });

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
};

export const apiKeyListQuery = {
  ...pageQuery,
  column: z.enum(API_KEY_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  name: z.string().trim().max(API_KEY_NAME_MAX).optional(),
  status: z.enum(API_KEY_STATUSES).optional(),
};
