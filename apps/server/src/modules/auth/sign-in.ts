import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Envelope } from '@portal/shared/api';
import type { loginResultSchema } from '@portal/shared/sys';
import { newToken, hashToken } from '../../lib/tokens.ts';
import { departsOf, tenantListOf, toUserInfo, type UserRow } from '../user/repository.ts';
import { createSession, logLogin } from './login-repository.ts';

export type LoginResult = z.infer<typeof loginResultSchema>;

/** Who signs in from where: the login log and the session keep it. */
export const clientMeta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

/**
 * The end of every way in (password, SMS code), once the credentials are proven: refuses a frozen
 * account or tenant, else opens a session and answers what the spec's client stores after login
 * (token, userInfo, sysAllDictItems, departs, multi_depart, tenantList).
 */
export async function completeSignIn(app: FastifyInstance, request: FastifyRequest, user: UserRow): Promise<Envelope<LoginResult | null>> {
  const db = app.database.db;
  const meta = clientMeta(request);
  const who = { username: user.username, userId: user.id, tenantId: user.defaultTenantId, ...meta };
  if (user.status !== 1) {
    await logLogin(db, { ...who, success: false, reason: 'frozen' });
    return request.fail('accountFrozen', undefined, 403);
  }
  const tenantList = await tenantListOf(db, user.id);
  if (!tenantList.some((t) => t.id === user.defaultTenantId)) {
    await logLogin(db, { ...who, success: false, reason: 'tenant frozen' });
    return request.fail('tenantFrozen', undefined, 403);
  }

  const token = newToken();
  await createSession(db, { tokenHash: hashToken(token), userId: user.id, ttlDays: app.settings.SESSION_TTL_DAYS, ...meta });
  await logLogin(db, { ...who, success: true });
  const [departs, sysAllDictItems] = await Promise.all([departsOf(db, user.id, user.defaultTenantId), app.dictService.all(request.lang)]);
  return request.ok(
    {
      token,
      userInfo: toUserInfo(user),
      sysAllDictItems,
      departs,
      multi_depart: Math.min(departs.length, 2),
      tenantList,
    },
    'loginSuccess',
  );
}
