import { z } from 'zod';
import { PAGE_SIZE_MAX } from './api.ts';

/*
 * User management (spec §7 "Users, roles and permissions"): the calls under /sys/user/ that an
 * administrator makes on the users of their tenant. The server's routes and the web's forms share these.
 * A record never carries a password hash or a token: the answer schemas name every field they carry.
 */

/** 1 normal, 2 frozen (sys_user.status). */
export const USER_STATUSES = [1, 2] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_NORMAL = 1;
export const USER_FROZEN = 2;

/** The list sorts by these and nothing else. */
export const USER_SORT_COLUMNS = ['createdAt', 'username', 'realname', 'workNo'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** Avatars: images only, judged by their bytes on the server. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type AvatarType = keyof typeof AVATAR_TYPES;

/** How many users one batch freeze may name. */
export const FROZEN_BATCH_MAX = 200;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const status = z.union([z.literal(1), z.literal(2)]);

/** GET /sys/user/list: the query string (every value bound, never SQL text). */
export const userListQueryShape = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  column: z.enum(USER_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  username: z.string().trim().max(64).optional(),
  realname: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(40).optional(),
  status: z.coerce.number().pipe(status).optional(),
  departId: idParam.optional(),
  roleId: idParam.optional(),
};

const named = z.object({ id: z.number().int(), name: z.string() });

export const userRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  workNo: z.string(),
  status: z.number().int(),
  /** a super user or the tenant's main account: only another top administrator changes it */
  top: z.boolean(),
  mainAccount: z.boolean(),
  /** the department the user currently works in (one of departs) */
  orgCode: z.string().nullable(),
  departs: z.array(named.extend({ orgCode: z.string() })),
  positions: z.array(named),
  roles: z.array(named),
  createdAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecord>;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** What add and edit share: the server checks phone, email and the ids against the tenant. */
const userFields = {
  realname: z.string().trim().min(1).max(100),
  /** any form the registration accepts; stored in its canonical form ('' for none) */
  phone: optionalText(40),
  email: z.union([z.literal(''), z.email().max(255)]).optional(),
  /** a URL answered by the avatar upload ('' for none) */
  avatar: optionalText(500),
  workNo: optionalText(32),
  departIds: z.array(id).max(50).default([]),
  /** the current department: the org code of one of departIds */
  orgCode: optionalText(64),
  positionIds: z.array(id).max(50).default([]),
  roleIds: z.array(id).max(50).default([]),
};

export const userAddInput = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** the administrator chose the password, so by default its user changes it at the next sign-in, before anything else */
  passwordChangeRequired: z.boolean().default(true),
  ...userFields,
});
export type UserAddInput = z.input<typeof userAddInput>;

/** The username is not changed by an edit (sessions and logs name the user by it). */
export const userEditInput = z.strictObject({ id, ...userFields });
export type UserEditInput = z.input<typeof userEditInput>;

/** GET /sys/user/checkOnlyUser: is the username free (dataId: the user being edited)? */
export const checkOnlyUserQueryShape = {
  username: z.string().trim().min(1).max(64),
  dataId: idParam.optional(),
};

export const queryUserRoleQueryShape = { userid: idParam };
export const queryUserByDepIdQueryShape = { id: idParam };

export const frozenBatchInput = z.strictObject({
  ids: z.array(id).min(1).max(FROZEN_BATCH_MAX),
  status,
});

/** 'show': the new password is answered once; 'sms': it is sent to the user's phone. */
export const PASSWORD_RESET_MODES = ['show', 'sms'] as const;
export type PasswordResetMode = (typeof PASSWORD_RESET_MODES)[number];

export const changePasswordInput = z.strictObject({ id, mode: z.enum(PASSWORD_RESET_MODES) });

export const passwordResetResult = z.object({
  mode: z.enum(PASSWORD_RESET_MODES),
  /** only for 'show': the new password, answered this once and never stored in clear */
  password: z.string().nullable(),
  /** only for 'sms': the number it went to, masked */
  phone: z.string().nullable(),
});
export type PasswordResetResult = z.infer<typeof passwordResetResult>;

/** A member of a department (queryUserByDepId). */
export const departMemberRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string(),
  workNo: z.string(),
  status: z.number().int(),
});
export type DepartMemberRecord = z.infer<typeof departMemberRecord>;

export const avatarRecord = z.object({ url: z.string() });
