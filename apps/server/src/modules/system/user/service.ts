import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { Language } from '@portal/shared/languages';
import { formatMessage } from '@portal/shared/messages';
import { isStrongPassword } from '@portal/shared/password-rule';
import { normalisePhone, USERNAME_PATTERN } from '@portal/shared/sys';
import {
  AVATAR_TYPES,
  USER_FROZEN,
  type AvatarType,
  type changePasswordInput,
  type frozenBatchInput,
  type PasswordResetResult,
  type userAddInput,
  type userEditInput,
  type UserRecord,
} from '@portal/shared/system-users';
import type { Db } from '../../../db/client.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import type { AccessService } from '../../auth/access/service.ts';
import type { SmsGateway } from '../../sms/provider.ts';
import { refuseRoleAssignment, refuseUserAct, type Grantor, type UserAct } from '../../auth/access/delegation.ts';
import { countTopAdmins, loadGrantor, loadTarget } from '../../auth/access/grantor-repository.ts';
import { endSessionsOfUsers } from '../../auth/session/service.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import {
  findUserRecord,
  grantsOfRoles,
  insertAvatar,
  insertUser,
  phoneTakenBy,
  replaceLinks,
  setPassword,
  setStatus,
  tenantDepartments,
  tenantPositionIds,
  tenantRoleIds,
  updateUser,
  userRoleIds,
  usernameTakenBy,
  phoneOfUser,
  type UserValues,
} from './repository.ts';

/** What the administrative user calls need besides the caller. */
export type UserAdmin = { db: Db; access: AccessService; gateway: SmsGateway };

/** The URL an avatar is kept and served under: a random name, so that it names nobody. */
export const AVATAR_PATH = '/api/sys/user/avatar/';
export const AVATAR_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** A user of the caller's tenant (outside the recycle bin), or 404: another tenant's user does not exist here. */
async function targetOf(db: Db, tenantId: number, userId: number) {
  const target = await loadTarget(db, tenantId, userId);
  if (!target || target.deleted) throw notFound();
  return target;
}

async function refuseAct(db: Db, grantor: Grantor, userId: number, act: UserAct) {
  const target = await targetOf(db, grantor.tenantId, userId);
  const refusal = refuseUserAct(grantor, target, act, await countTopAdmins(db, grantor.tenantId));
  if (refusal) throw forbidden(refusal);
  return target;
}

type Fields = z.infer<typeof userEditInput>;

/** The checked values of the form: the canonical phone, the tenant's own departments, positions and roles. */
async function checkedFields(db: Db, tenantId: number, input: Omit<Fields, 'id'>, currentAvatar: string | null) {
  const raw = input.phone?.trim() ?? '';
  const phone = raw === '' ? null : normalisePhone(raw);
  if (raw !== '' && !phone) throw badRequest('phoneInvalid');
  const avatar = input.avatar ?? '';
  // only an image uploaded here (or the one the user already has): no address of another site
  if (avatar !== '' && avatar !== currentAvatar && !(avatar.startsWith(AVATAR_PATH) && AVATAR_NAME.test(avatar.slice(AVATAR_PATH.length)))) throw badRequest('userAvatarInvalid');
  const departIds = unique(input.departIds);
  const positionIds = unique(input.positionIds);
  const roleIds = unique(input.roleIds);
  const [departs, positions, roles] = await Promise.all([tenantDepartments(db, tenantId, departIds), tenantPositionIds(db, tenantId, positionIds), tenantRoleIds(db, tenantId, roleIds)]);
  // another tenant's department, position or role does not exist here
  if (departs.length !== departIds.length || positions.length !== positionIds.length || roles.length !== roleIds.length) throw notFound();
  const wanted = input.orgCode?.trim() ?? '';
  if (wanted !== '' && !departs.some((d) => d.orgCode === wanted)) throw badRequest('userCurrentDepartNotAmong');
  const orgCode = wanted !== '' ? wanted : (departIds.map((id) => departs.find((d) => d.id === id)?.orgCode).find(Boolean) ?? null);
  const values: UserValues = { realname: input.realname, phone, email: input.email ? input.email : null, avatar, workNo: input.workNo ?? '', orgCode };
  return { values, links: { departIds, positionIds, roleIds } };
}

/** Every role given or taken away must hold nothing the grantor does not hold (delegation.ts). */
async function refuseRoleChanges(db: Db, grantor: Grantor, before: readonly number[], after: readonly number[]) {
  const changed = after.filter((id) => !before.includes(id)).concat(before.filter((id) => !after.includes(id)));
  const grants = await grantsOfRoles(db, grantor.tenantId, changed);
  for (const roleGrants of grants.values()) {
    const refusal = refuseRoleAssignment(grantor, roleGrants);
    if (refusal) throw forbidden(refusal);
  }
  return changed.length > 0;
}

/** A unique index that another request beat the checks to. */
function conflictOf(error: unknown): never {
  const constraint = violatedConstraint(error);
  if (constraint === 'sys_user_username_uq') throw conflict('usernameTaken');
  if (constraint === 'sys_user_phone_uq') throw conflict('phoneTaken');
  throw error;
}

export async function addUser({ db, access }: UserAdmin, auth: AuthContext, input: z.infer<typeof userAddInput>, actor: AuditActor): Promise<UserRecord> {
  const { username, password, passwordChangeRequired, ...fields } = input;
  if (!USERNAME_PATTERN.test(username)) throw badRequest('usernameInvalid');
  if (!isStrongPassword(password)) throw badRequest('passwordWeak');
  const { values, links } = await checkedFields(db, auth.tenantId, fields, null);
  const grantor = await loadGrantor(db, auth);
  await refuseRoleChanges(db, grantor, [], links.roleIds);
  if (await usernameTakenBy(db, username)) throw conflict('usernameTaken');
  if (values.phone && (await phoneTakenBy(db, values.phone))) throw conflict('phoneTaken');
  const passwordHash = await hashPassword(password);
  let userId: number;
  try {
    userId = await db.transaction(async (scoped) => {
      const id = await insertUser(scoped, auth.tenantId, { ...values, username, passwordHash, passwordChangeRequired, createdBy: auth.userId });
      await replaceLinks(scoped, auth.tenantId, id, links);
      await recordAudit(scoped, actor, { resource: 'user', resourceId: id, action: 'create', label: username, after: await findUserRecord(scoped, auth.tenantId, id) });
      return id;
    });
  } catch (error) {
    conflictOf(error);
  }
  await access.publish({ kind: 'user', userId });
  const record = await findUserRecord(db, auth.tenantId, userId);
  if (!record) throw notFound();
  return record;
}

export async function editUser({ db, access }: UserAdmin, auth: AuthContext, input: z.infer<typeof userEditInput>, actor: AuditActor): Promise<UserRecord> {
  const { id, ...fields } = input;
  const grantor = await loadGrantor(db, auth);
  await refuseAct(db, grantor, id, 'edit');
  const current = await findUserRecord(db, auth.tenantId, id);
  if (!current) throw notFound();
  const { values, links } = await checkedFields(db, auth.tenantId, fields, current.avatar);
  const before = await userRoleIds(db, auth.tenantId, id);
  const rolesChange = before.length !== links.roleIds.length || before.some((roleId) => !links.roleIds.includes(roleId));
  // nobody changes their own roles, and only a top administrator those of a top administrator
  if (rolesChange) await refuseAct(db, grantor, id, 'roles');
  await refuseRoleChanges(db, grantor, before, links.roleIds);
  if (values.phone && (await phoneTakenBy(db, values.phone, id))) throw conflict('phoneTaken');
  try {
    await db.transaction(async (scoped) => {
      await updateUser(scoped, id, values);
      await replaceLinks(scoped, auth.tenantId, id, links);
      await recordAudit(scoped, actor, { resource: 'user', resourceId: id, action: 'update', label: current.username, before: current, after: await findUserRecord(scoped, auth.tenantId, id) });
    });
  } catch (error) {
    conflictOf(error);
  }
  // departments and roles decide what the user may do: every app server forgets what it knew
  await access.publish({ kind: 'user', userId: id });
  const record = await findUserRecord(db, auth.tenantId, id);
  if (!record) throw notFound();
  return record;
}

/** Whether the username is free; the user being edited (dataId) must be one of the tenant's. */
export async function checkUsername(db: Db, tenantId: number, username: string, dataId: number | undefined): Promise<'free' | 'invalid' | 'taken'> {
  if (dataId !== undefined) await targetOf(db, tenantId, dataId);
  if (!USERNAME_PATTERN.test(username)) return 'invalid';
  return (await usernameTakenBy(db, username, dataId)) ? 'taken' : 'free';
}

export async function rolesOfUser(db: Db, tenantId: number, userId: number): Promise<number[]> {
  await targetOf(db, tenantId, userId);
  return userRoleIds(db, tenantId, userId);
}

/**
 * Freezes (2) or unfreezes (1) users of the tenant, all or none: a frozen user's sessions end at once on
 * every app server, and they cannot sign in (auth/login refuses status 2 with accountFrozen).
 */
export async function freezeUsers({ db, access }: UserAdmin, auth: AuthContext, input: z.infer<typeof frozenBatchInput>, actor: AuditActor): Promise<void> {
  const ids = unique(input.ids);
  const grantor = await loadGrantor(db, auth);
  const freezing = input.status === USER_FROZEN;
  // several top administrators in one batch: each one frozen leaves one fewer
  let tops = await countTopAdmins(db, auth.tenantId);
  for (const id of ids) {
    const target = await targetOf(db, auth.tenantId, id);
    const refusal = refuseUserAct(grantor, target, freezing ? 'freeze' : 'edit', tops);
    if (refusal) throw forbidden(refusal);
    if (freezing && target.top) tops -= 1;
  }
  await db.transaction(async (scoped) => {
    const before = await Promise.all(ids.map((id) => findUserRecord(scoped, auth.tenantId, id)));
    await setStatus(scoped, ids, input.status);
    if (freezing) await endSessionsOfUsers(scoped, ids);
    for (const [index, id] of ids.entries()) {
      const was = before[index];
      await recordAudit(scoped, actor, {
        resource: 'user',
        resourceId: id,
        action: freezing ? 'freeze' : 'unfreeze',
        label: was?.username ?? '',
        before: { status: was?.status },
        after: { status: input.status },
      });
    }
  });
  for (const userId of ids) await access.publish({ kind: 'user', userId });
}

// no look-alikes (0/O, 1/l/I): a password read aloud or typed from a screen
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** 14 random characters with letters and digits: strong by the shared rule, about 80 bits. */
export function generatePassword(): string {
  const all = LETTERS + DIGITS;
  const chars = Array.from({ length: 14 }, () => all[randomInt(all.length)] ?? 'x');
  chars[randomInt(chars.length)] = DIGITS[randomInt(DIGITS.length)] ?? '2';
  let password = chars.join('');
  if (!/[A-Za-z]/.test(password)) password = `a${password.slice(1)}`;
  return isStrongPassword(password) ? password : generatePassword();
}

const masked = (phone: string) => (phone.length <= 4 ? '****' : `${phone.slice(0, Math.max(0, phone.length - 8))}****${phone.slice(-4)}`);

/**
 * An administrator's reset of another user's password: a new strong one, shown once or sent by SMS; the
 * user's sessions end, and they must change it before they can do anything else. With SMS, the password
 * changes only if the provider accepted the message.
 */
export async function resetUserPassword(
  { db, access, gateway }: UserAdmin,
  auth: AuthContext,
  lang: Language,
  input: z.infer<typeof changePasswordInput>,
  actor: AuditActor,
): Promise<PasswordResetResult> {
  // a reset's password is one to change at once: the caller's own is changed with the old one instead
  if (input.id === auth.userId) throw forbidden('userPasswordOwnReset');
  const grantor = await loadGrantor(db, auth);
  await refuseAct(db, grantor, input.id, 'password');
  const phone = input.mode === 'sms' ? await phoneOfUser(db, input.id) : null;
  if (input.mode === 'sms' && !phone) throw badRequest('userHasNoPhone');
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (scoped) => {
    // the administrator knows it: the user changes it at their next sign-in
    await setPassword(scoped, input.id, passwordHash, true);
    await endSessionsOfUsers(scoped, [input.id]);
    // that it was reset and how it was handed over; never the password
    const target = await findUserRecord(scoped, auth.tenantId, input.id);
    await recordAudit(scoped, actor, { resource: 'user', resourceId: input.id, action: 'password', label: target?.username ?? '', after: { mode: input.mode } });
    if (phone) {
      try {
        await gateway.send(phone, formatMessage(lang, 'userPasswordSmsText', { password }));
      } catch {
        throw new AppError(503, 'smsSendFailed');
      }
    }
  });
  await access.publish({ kind: 'user', userId: input.id });
  return phone ? { mode: 'sms', password: null, phone: masked(phone) } : { mode: 'show', password, phone: null };
}

/** The type the bytes show, among the avatar types, or null. */
export function avatarTypeOf(content: Buffer): AvatarType | null {
  const starts = (bytes: number[], at = 0) => content.length >= at + bytes.length && bytes.every((byte, index) => content[at + index] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(ascii('RIFF')) && starts(ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Keeps an uploaded avatar (its type judged by its bytes) and answers the URL the user record keeps. */
export async function storeAvatar(db: Db, auth: AuthContext, content: Buffer): Promise<{ url: string }> {
  const type = avatarTypeOf(content);
  if (!type) throw badRequest('avatarNotImage');
  const storedName = `${randomBytes(16).toString('hex')}.${AVATAR_TYPES[type]}`;
  await insertAvatar(db, { storedName, mimeType: type, size: content.length, content, createdBy: auth.userId });
  return { url: `${AVATAR_PATH}${storedName}` };
}
