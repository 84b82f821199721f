import type { Language } from '@portal/shared/languages';
import { OIDC_SOURCE, type SignInType, type ThirdLoginError } from '@portal/shared/third-login';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { newToken, hashToken } from '../../../lib/tokens.ts';
import { findUserById } from '../user/repository.ts';
import { completeSignIn, refuse, type Client, type LoginResult, type Refused, type SignInSettings } from '../login/service.ts';
import type { OidcClient, OidcIdentity } from './provider.ts';
import { activeUsersByEmail, bindPending, findThirdAccount, findThirdAccountById, insertPendingAccount, markSignedIn, refreshClaims, storeTicket, takeTicket } from './repository.ts';

/** An authorisation request lives while the user signs in at the provider; a login ticket only until the page trades it. */
export const STATE_SECONDS = 10 * 60;
export const LOGIN_TICKET_SECONDS = 2 * 60;

export const LOGIN_PATH = '/user/login';

export type ThirdLoginDeps = { db: Db; oidc: OidcClient | undefined; warn: (message: string, detail: object) => void };

const stateData = z.object({ nonce: z.string(), codeVerifier: z.string(), redirect: z.string().optional() });
const loginData = z.object({ accountId: z.number().int(), userId: z.number().int() });

const loginPage = (params: Record<string, string | undefined>) => {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return `${LOGIN_PATH}?${query.toString()}`;
};
const failedTo = (error: ThirdLoginError, redirect?: string) => loginPage({ thirdError: error, redirect });

/**
 * The ways in the login page offers (GET /sys/common/getAllType; decision 0020): the spec's client asks it
 * next to the sign-in calls, with no argument, before anyone signs in, so it answers what the page needs to
 * draw itself: password and phone always, and the deployment's provider with its name.
 */
export function signInTypes(oidc: OidcClient | undefined): SignInType[] {
  const types: SignInType[] = [
    { type: 'password', kind: 'password' },
    { type: 'phone', kind: 'phone' },
  ];
  if (oidc) types.push({ type: OIDC_SOURCE, kind: 'third', name: oidc.settings.name, renderUrl: `/api/thirdLogin/render/${OIDC_SOURCE}` });
  return types;
}

/** Where to send the browser to sign in at the provider; the attempt is kept (hashed state) so that any app server can finish it. */
export async function beginThirdLogin(deps: ThirdLoginDeps, redirect: string | undefined): Promise<string> {
  const { oidc } = deps;
  if (!oidc) return failedTo('unavailable', redirect);
  let started: Awaited<ReturnType<OidcClient['begin']>>;
  try {
    started = await oidc.begin();
  } catch (error) {
    deps.warn('OpenID Connect discovery failed', { reason: error instanceof Error ? error.message : String(error) });
    return failedTo('unavailable', redirect);
  }
  const { state, nonce, codeVerifier } = started.checks;
  await storeTicket(deps.db, 'state', hashToken(state), { nonce, codeVerifier, redirect }, STATE_SECONDS);
  return started.url;
}

/**
 * The provider's redirect back (`query`: its query string). The state is used once whatever follows; then the
 * identity decides (decision 0020): bound, a login ticket for the login page; new with a verified e-mail that
 * exactly one active user has (not a super user), bound by e-mail and signed in; anything else waits, pending, for
 * an administrator. No user is ever created.
 */
export async function finishThirdLogin(deps: ThirdLoginDeps, query: URLSearchParams): Promise<string> {
  const { db, oidc } = deps;
  if (!oidc) return failedTo('unavailable');
  const state = query.get('state');
  const kept = state ? stateData.safeParse(await takeTicket(db, 'state', hashToken(state))) : undefined;
  if (!state || !kept?.success) {
    deps.warn('OpenID Connect callback with an unknown, used or expired state', {});
    return failedTo('failed');
  }
  const { redirect } = kept.data;
  let identity: OidcIdentity;
  try {
    identity = await oidc.finish(query.toString(), { state, nonce: kept.data.nonce, codeVerifier: kept.data.codeVerifier });
  } catch (error) {
    // the provider's error answer, a refused code, an invalid ID token: never the code or the tokens in the log
    deps.warn('OpenID Connect sign-in failed', { reason: error instanceof Error ? error.message : String(error), providerError: query.get('error') });
    return failedTo('failed', redirect);
  }

  const known = await findThirdAccount(db, identity.issuer, identity.subject);
  const account = known ?? (await bindNewIdentity(db, identity));
  if (known) await refreshClaims(db, known.id, identity);
  if (account.status === 'rejected') return failedTo('rejected', redirect);
  if (account.status !== 'bound' || account.userId === null) return failedTo('pending', redirect);

  const ticket = newToken();
  await storeTicket(db, 'login', hashToken(ticket), { accountId: account.id, userId: account.userId }, LOGIN_TICKET_SECONDS);
  return loginPage({ thirdToken: ticket, redirect });
}

/** A first sight: pending, unless a verified e-mail names exactly one active user who is not a super user. */
async function bindNewIdentity(db: Db, identity: OidcIdentity): Promise<{ id: number; status: string; userId: number | null }> {
  const { row, created } = await insertPendingAccount(db, OIDC_SOURCE, identity);
  if (!created || !identity.emailVerified || !identity.email) return row;
  const matches = await activeUsersByEmail(db, identity.email);
  const only = matches.length === 1 ? matches[0] : undefined;
  if (!only || only.superFlag === 1) return row;
  return (await bindPending(db, row.id, only.id, 'email', null)) ? { ...row, status: 'bound', userId: only.id } : row;
}

/**
 * GET /thirdLogin/getLoginUser/{token}: the login page trades its one-time ticket for what /sys/login answers,
 * through the same completeSignIn (frozen users and tenants refused, the session, the login log).
 */
export async function tradeLoginTicket(settings: SignInSettings, client: Client, lang: Language, ticket: string): Promise<{ signedIn: LoginResult } | Refused> {
  const { db } = settings;
  const data = loginData.safeParse(await takeTicket(db, 'login', hashToken(ticket)));
  if (!data.success) return refuse('thirdTicketInvalid', undefined, 401);
  // unbound or rebound since the callback: the ticket was for a binding that no longer holds
  const account = await findThirdAccountById(db, data.data.accountId);
  const user = account?.status === 'bound' && account.userId === data.data.userId ? await findUserById(db, data.data.userId) : undefined;
  if (!account || !user || user.delFlag !== 0) return refuse('thirdTicketInvalid', undefined, 401);
  const outcome = await completeSignIn(settings, client, lang, user);
  if ('signedIn' in outcome) await markSignedIn(db, account.id);
  return outcome;
}
