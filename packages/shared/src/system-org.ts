import { z } from 'zod';
import { msg } from './messages.ts';

/*
 * The organisation of a tenant: positions and their ranks, "my department" (what
 * a department head manages) and the address book.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
};

// ------------------------------------------------------------------ positions

/** A position's rank: 1 is the highest. */
export const POSITION_RANK_MIN = 1;
export const POSITION_RANK_MAX = 10;
export const POSITION_SORT_COLUMNS = ['rank', 'code', 'name', 'createdAt'] as const;
export type PositionSortColumn = (typeof POSITION_SORT_COLUMNS)[number];

/** Letters, digits, '_' and '-': a code is typed by administrators and read by imports. */
const positionCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { error: msg('positionCodeFormat') });

export const positionInput = z.strictObject({
  code: positionCode,
  name: z.string().trim().min(1).max(100),
  rank: z.number().int().min(POSITION_RANK_MIN).max(POSITION_RANK_MAX),
});
export type PositionInput = z.infer<typeof positionInput>;
export const positionEditInput = positionInput.extend({ id });
export type PositionEditInput = z.infer<typeof positionEditInput>;

export const positionRecord = z.object({ id: z.number().int(), code: z.string(), name: z.string(), rank: z.number().int(), createdAt: z.string() });
export type PositionRecord = z.infer<typeof positionRecord>;

export const positionListQuery = {
  ...pageQuery,
  column: z.enum(POSITION_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(100).optional(),
};

/** `?code=` while typing, with the id of the position being edited (its own code is not taken). */
export const positionCheckQuery = { code: z.string().trim().min(1).max(64), id: idQuery.optional() };

// ------------------------------------------------------------------ my department

/** A department the caller leads, or one under it. */
export type MyDepartNode = { id: number; parentId: number | null; orgCode: string; departName: string; head: boolean; children: MyDepartNode[] };
export const myDepartNodeSchema: z.ZodType<MyDepartNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    orgCode: z.string(),
    departName: z.string(),
    /** the caller leads this one itself (not only one above it) */
    head: z.boolean(),
    children: z.array(myDepartNodeSchema),
  }),
).meta({ id: 'MyDepartNode' });

export const departRoleRecord = z.object({ id: z.number().int(), roleCode: z.string(), roleName: z.string(), description: z.string() });
export type DepartRoleRecord = z.infer<typeof departRoleRecord>;

export const myDepartMemberRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string(),
  email: z.string(),
  workNo: z.string(),
  /** 1 normal, 2 frozen */
  status: z.number().int(),
  head: z.boolean(),
  /** the department roles of this department the member holds */
  roleIds: z.array(z.number().int()),
});
export type MyDepartMemberRecord = z.infer<typeof myDepartMemberRecord>;

/** A user of the tenant who may join the department. */
export const memberCandidateRecord = z.object({ id: z.number().int(), username: z.string(), realname: z.string() });
export type MemberCandidateRecord = z.infer<typeof memberCandidateRecord>;

export const myDepartMembersQuery = { ...pageQuery, departId: idQuery, keyword: z.string().trim().max(100).optional() };
export const myDepartQuery = { departId: idQuery };
/** `?departId=&userId=` of removing a member. */
export const memberQuery = { departId: idQuery, userId: idQuery };
export const memberCandidatesQuery = { departId: idQuery, keyword: z.string().trim().max(100).optional() };
export const memberInput = z.strictObject({ departId: id, userId: id });
export type MemberInput = z.infer<typeof memberInput>;
export const memberRolesInput = z.strictObject({ departId: id, userId: id, roleIds: z.array(id).max(200) });
export type MemberRolesInput = z.infer<typeof memberRolesInput>;

// ------------------------------------------------------------------ address book

export type AddressBookDepartNode = { id: number; parentId: number | null; orgCode: string; departName: string; children: AddressBookDepartNode[] };
export const addressBookDepartNodeSchema: z.ZodType<AddressBookDepartNode> = z.lazy(() =>
  z.object({ id: z.number().int(), parentId: z.number().int().nullable(), orgCode: z.string(), departName: z.string(), children: z.array(addressBookDepartNodeSchema) }),
).meta({ id: 'AddressBookDepartNode' });

export const addressBookRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  departments: z.array(z.object({ id: z.number().int(), orgCode: z.string(), departName: z.string() })),
  positions: z.array(z.object({ id: z.number().int(), name: z.string(), rank: z.number().int() })),
  /** masked (0912****01) unless the reader holds system:address-book:phone; the full number never travels otherwise */
  phone: z.string(),
  phoneMasked: z.boolean(),
  email: z.string(),
  workNo: z.string(),
});
export type AddressBookRecord = z.infer<typeof addressBookRecord>;

/** `orgCode`: a department and everything under it; `keyword`: name, email, position (and phone, for readers who may see phones). */
export const addressBookQuery = {
  ...pageQuery,
  orgCode: z.string().trim().max(64).optional(),
  keyword: z.string().trim().max(100).optional(),
};

/** 0912000001 -> 0912****01: the first four and last two digits; a number too short for that shows none. */
export function maskPhone(phone: string): string {
  if (phone === '') return '';
  return phone.length < 8 ? '****' : `${phone.slice(0, 4)}****${phone.slice(-2)}`;
}
