import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_SESSION_MAX_PER_USER } from '../../../config.ts';
import type { z } from 'zod';
import type { Language } from '@portal/shared/languages';
import type { MessageKey, MessageParams } from '@portal/shared/messages';
import type { loginRequestSchema, loginResultSchema } from '@portal/shared/sys';
import type { Db } from '../../../db/client.ts';
import { dummyPasswordHash, verifyPassword } from '../../../lib/passwords.ts';
import { newToken, hashToken } from '../../../lib/tokens.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import type { DictService } from '../../dict/service.ts';
import { departsOf, findUserByUsername, tenantListOf, toUserInfo, type UserRow } from '../user/repository.ts';
import type { AccessService } from '../access/service.ts';
import { endSessionsBeyondLimit } from '../session/service.ts';
import { clearFailures, createSession, lockedMinutes, logLogin, recordFailure, revokeSession } from './repository.ts';

export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * A business failure the spec's client reads from an HTTP 200 answer (success false, `code` in the
 * body): the route answers it with `request.fail(...refused)`.
 */
export type Refused = { refused: [key: MessageKey, params: MessageParams | undefined, code: number] };
export const refuse = (key: MessageKey, params: MessageParams | undefined, code: number): Refused => ({ refused: [key, params, code] });

/** Who signs in from where: the login log and the session keep it. */
export type Client = { ip: string; userAgent: string };
export const clientMeta = (request: FastifyRequest): Client => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

/**
 * What opening a session needs besides the database: its lifetime, the concurrent-session limit
 * (SESSION_MAX_PER_USER, 0 = none) and the cache bus that tells every app server of the sessions it ended.
 */
export type SignInSettings = { db: Db; sessionTtlDays: number; sessionMaxPerUser: number; publish: AccessService['publish']; dicts: Pick<DictService, 'all'> };

/** What every way in (password, SMS code, single sign-on) opens sessions with: the app's own settings. */
export const signInSettingsOf = (app: FastifyInstance): SignInSettings => ({
  db: app.database.db,
  sessionTtlDays: app.settings.SESSION_TTL_DAYS,
  sessionMaxPerUser: app.settings.SESSION_MAX_PER_USER ?? DEFAULT_SESSION_MAX_PER_USER,
  publish: app.accessService.publish,
  dicts: app.dictService,
});

/**
 * The end of every way in (password, SMS code), once the credentials are proven: refuses a frozen
 * account or tenant, else opens a session and answers what the spec's client stores after login
 * (token, userInfo, sysAllDictItems, departs, multi_depart, tenantList).
 */
export async function completeSignIn(settings: SignInSettings, client: Client, lang: Language, user: UserRow): Promise<{ signedIn: LoginResult } | Refused> {
  const { db } = settings;
  const who = { username: user.username, userId: user.id, tenantId: user.defaultTenantId, ...client };
  if (user.status !== 1) {
    await logLogin(db, { ...who, success: false, reason: 'frozen' });
    return refuse('accountFrozen', undefined, 403);
  }
  const tenantList = await tenantListOf(db, user.id);
  if (!tenantList.some((t) => t.id === user.defaultTenantId)) {
    await logLogin(db, { ...who, success: false, reason: 'tenant frozen' });
    return refuse('tenantFrozen', undefined, 403);
  }

  const token = newToken();
  await createSession(db, { tokenHash: hashToken(token), userId: user.id, ttlDays: settings.sessionTtlDays, ...client });
  // the oldest sessions beyond the limit end, the new one never (it is the newest)
  await endSessionsBeyondLimit(db, settings.publish, user.id, settings.sessionMaxPerUser);
  await logLogin(db, { ...who, success: true });
  const [departs, sysAllDictItems] = await Promise.all([departsOf(db, user.id, user.defaultTenantId), settings.dicts.all(lang)]);
  return {
    signedIn: {
      token,
      userInfo: toUserInfo(user),
      sysAllDictItems,
      departs,
      multi_depart: Math.min(departs.length, 2),
      tenantList,
    },
  };
}

/** Username and password, with the account lock: five failures in 15 minutes lock the name (known or not) for 15 minutes. */
export async function signInWithPassword(
  settings: SignInSettings,
  client: Client,
  lang: Language,
  input: z.infer<typeof loginRequestSchema>,
): Promise<{ signedIn: LoginResult } | Refused> {
  const { db } = settings;
  const { username, password } = input;
  const usernameKey = username.toLowerCase();

  const minutes = await lockedMinutes(db, usernameKey);
  if (minutes > 0) {
    await logLogin(db, { username, success: false, reason: 'locked', ...client });
    return refuse('accountLocked', { minutes }, 429);
  }
  const user = await findUserByUsername(db, username);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !valid) {
    await recordFailure(db, usernameKey);
    await logLogin(db, { username, userId: user?.id, tenantId: user?.defaultTenantId, success: false, reason: 'bad credentials', ...client });
    return refuse('loginFailed', undefined, 401);
  }
  await clearFailures(db, usernameKey);
  return completeSignIn(settings, client, lang, user);
}

/** Ends the caller's session on every app server, and logs the sign-out. */
export async function logout(db: Db, access: AccessService, auth: AuthContext, client: Client): Promise<void> {
  await revokeSession(db, auth.session.sessionId);
  await access.publish({ kind: 'session', tokenHash: auth.tokenHash });
  await logLogin(db, { username: auth.username, userId: auth.userId, tenantId: auth.tenantId, success: true, logType: 2, ...client });
}
