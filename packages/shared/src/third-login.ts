import { z } from 'zod';
import { msg } from './messages.ts';

/*
 * Single sign-on through an OpenID Connect provider (docs/decisions/0020-single-sign-on.md):
 * the sign-in types the login page offers, the outcomes the callback reports to it, and the administration
 * of third-party identities.
 */

/** The one provider a deployment configures is addressed by this key: GET /api/thirdLogin/render/oidc. */
export const OIDC_SOURCE = 'oidc';

/**
 * A way to sign in (GET /sys/common/getAllType): 'password' and 'phone' always; a third-party provider
 * when the deployment configures one, with the name its button shows and the address that starts it.
 */
export const signInTypeSchema = z.object({
  type: z.string(),
  kind: z.enum(['password', 'phone', 'third']),
  /** the provider's display name (third only; the page names the others in its own language) */
  name: z.string().optional(),
  /** where the browser goes to begin (third only) */
  renderUrl: z.string().optional(),
});
export type SignInType = z.infer<typeof signInTypeSchema>;

export { THIRD_LOGIN_ERRORS, type ThirdLoginError } from './third-login-outcomes.ts';

/** A path of this site to come back to after signing in: relative, never another site's (//host, /\host, a scheme). */
export function isSafeReturnPath(value: string): boolean {
  if (value.length === 0 || value.length > 500) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // control characters and spaces: a browser strips some of them, which can turn /\t/host into //host
  return ![...value].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f);
}

export const returnPath = z.string().max(500).refine(isSafeReturnPath, { error: msg('thirdRedirectInvalid') });

// ------------------------------------------------------------------ administration

export const THIRD_ACCOUNT_STATUSES = ['pending', 'bound', 'rejected'] as const;
export type ThirdAccountStatus = (typeof THIRD_ACCOUNT_STATUSES)[number];
export const THIRD_ACCOUNT_SORT_COLUMNS = ['createdAt', 'lastLoginAt', 'email', 'status'] as const;
export type ThirdAccountSortColumn = (typeof THIRD_ACCOUNT_SORT_COLUMNS)[number];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const thirdAccountRecord = z.object({
  id: z.number().int(),
  provider: z.string(),
  issuer: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  displayName: z.string(),
  status: z.enum(THIRD_ACCOUNT_STATUSES),
  boundBy: z.enum(['email', 'admin']).nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  realname: z.string().nullable(),
  tenantName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ThirdAccountRecord = z.infer<typeof thirdAccountRecord>;

export const thirdAccountListQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  column: z.enum(THIRD_ACCOUNT_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  status: z.enum(THIRD_ACCOUNT_STATUSES).optional(),
  /** part of the e-mail, display name or bound username */
  keyword: z.string().trim().max(100).optional(),
};

/** A user an identity may be bound to (the approval's picker): any tenant's, not deleted. */
export const thirdBindCandidate = z.object({ id: z.number().int(), username: z.string(), realname: z.string(), email: z.string().nullable(), tenantName: z.string(), status: z.number().int() });
export type ThirdBindCandidate = z.infer<typeof thirdBindCandidate>;
/** `prefer`: an e-mail whose users come first (the identity's own: the likeliest match). */
export const thirdCandidateQuery = { keyword: z.string().trim().max(100).optional(), prefer: z.string().trim().max(255).optional() };

export const thirdApproveInput = z.strictObject({ id, userId: id });
export type ThirdApproveInput = z.infer<typeof thirdApproveInput>;
export const thirdAccountIdInput = z.strictObject({ id });

/** The caller's own identities (profile). */
export const myThirdAccount = z.object({ id: z.number().int(), provider: z.string(), email: z.string().nullable(), displayName: z.string(), boundBy: z.enum(['email', 'admin']).nullable(), lastLoginAt: z.string().nullable(), createdAt: z.string() });
export type MyThirdAccount = z.infer<typeof myThirdAccount>;
