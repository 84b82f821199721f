import type { z } from 'zod';
import type { selectDepartRequestSchema, UserInfo } from '@portal/shared/sys';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { isStrongPassword } from '@portal/shared/password-rule';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import type { AccessService } from '../../auth/access/service.ts';
import { endSessionsOfUsers } from '../../auth/session/service.ts';
import { departsOf, findUserById, toUserInfo } from '../../auth/user/repository.ts';
import { setPassword } from '../user/repository.ts';
import { setCurrentDepartment } from './repository.ts';

/**
 * A password the user chose themselves (changed, or reset with an SMS code): one an administrator reset
 * need not be changed any more. Every session of the account ends but `keepSessionId` (the caller's own,
 * when they changed it themselves); the caller publishes the change.
 */
export async function replacePassword(db: Db, userId: number, passwordHash: string, keepSessionId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await setPassword(tx, userId, passwordHash, false);
    await endSessionsOfUsers(tx, [userId], keepSessionId);
  });
}

export type PasswordChange = { username: string; oldpassword: string; password: string; confirmpassword: string };

/**
 * The caller's own password (spec §5 messages): the other sessions end with it. A wrong old password
 * answers false (the spec's client reads it as a business failure), every other refusal throws.
 */
export async function changeOwnPassword(db: Db, access: AccessService, auth: AuthContext, input: PasswordChange): Promise<boolean> {
  const { username, oldpassword, password, confirmpassword } = input;
  if (username.toLowerCase() !== auth.username.toLowerCase()) throw forbidden('ownPasswordOnly');
  if (password !== confirmpassword) throw badRequest('passwordMismatch');
  if (!isStrongPassword(password)) throw badRequest('passwordWeak');
  const user = await findUserById(db, auth.userId);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, oldpassword))) return false;
  if (oldpassword === password) throw badRequest('passwordSameAsOld');
  await replacePassword(db, user.id, await hashPassword(password), auth.session.sessionId);
  await access.publish({ kind: 'user', userId: user.id });
  return true;
}

/** The caller's departments in the request's tenant, and the current one if it is among them. */
export async function currentDepartments(db: Db, auth: AuthContext) {
  const list = await departsOf(db, auth.userId, auth.tenantId);
  const current = list.some((d) => d.orgCode === auth.session.orgCode) ? auth.session.orgCode : null;
  return { list, orgCode: current };
}

/** Switches the caller's current department to one of theirs in the request's tenant. */
export async function selectDepartment(db: Db, access: AccessService, auth: AuthContext, input: z.infer<typeof selectDepartRequestSchema>): Promise<UserInfo> {
  const { orgCode, username } = input;
  if (username.toLowerCase() !== auth.username.toLowerCase()) throw forbidden();
  if (!orgCode.trim()) throw badRequest('departRequired');
  const departs = await departsOf(db, auth.userId, auth.tenantId);
  if (departs.length === 0) throw badRequest('noDepartments');
  // a department of another tenant, or one the user is not in, does not exist for this caller
  if (!departs.some((d) => d.orgCode === orgCode)) throw notFound();
  const user = await setCurrentDepartment(db, auth.userId, orgCode);
  await access.publish({ kind: 'user', userId: auth.userId });
  if (!user) throw notFound();
  return toUserInfo(user);
}

/** Whether the caller is the main account of the request's tenant (the merchant who registered it). */
export async function isMainAccount(db: Db, auth: AuthContext) {
  const user = await findUserById(db, auth.userId);
  return { mainAccount: Boolean(user?.mainAccount && user.defaultTenantId === auth.tenantId), tenantId: auth.tenantId };
}
