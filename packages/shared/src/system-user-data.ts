import { z } from 'zod';
import { PAGE_SIZE_MAX } from './api.ts';
import { msg } from './messages.ts';

/*
 * The recycle bin, import and export of users: what the server and the screens agree on.
 * The user list's own records and filters are in system-users.ts.
 */

/** How many users one batch call (delete, restore, purge) may name: a page of the list at most. */
export const USER_BATCH_MAX = PAGE_SIZE_MAX;

/**
 * Ids as the spec's client sends them in a query or a body: "1,2,3" (an array is taken too). Each a
 * positive integer, at most USER_BATCH_MAX of them, repeats dropped.
 */
export const userIdList = z
  .union([z.string().max(4000), z.array(z.union([z.number(), z.string()])).max(USER_BATCH_MAX)])
  .transform((value, context) => {
    const parts = (Array.isArray(value) ? value.map(String) : value.split(',')).map((part) => part.trim()).filter((part) => part !== '');
    if (parts.length === 0 || parts.length > USER_BATCH_MAX || !parts.every((part) => /^[1-9]\d{0,15}$/.test(part) && Number.isSafeInteger(Number(part)))) {
      context.addIssue({ code: 'custom', message: msg('userIdsInvalid'), input: value });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

/** A user in the recycle bin: no hash, no token, nothing but what the bin shows. */
export const recycledUserRecord = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  workNo: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** when the user went to the bin (ISO 8601) */
  deletedAt: z.string().nullable(),
});
export type RecycledUserRecord = z.infer<typeof recycledUserRecord>;

export const recycleBinQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  /** username or real name, any part of it */
  keyword: z.string().trim().max(64).optional(),
};

export const restoreUsersBody = z.strictObject({ userIds: userIdList });

/** The columns of the import template, in its order; titles are in the caller's language. */
export const USER_IMPORT_COLUMNS = ['username', 'realname', 'password', 'workNo', 'phone', 'email', 'departs', 'roles', 'positions'] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
