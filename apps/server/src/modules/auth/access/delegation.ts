import type { MessageKey } from '@portal/shared/messages';

/*
 * The rules of delegation (docs/decisions/0013-delegation.md): pure, so that property tests can
 * run them on thousands of random grant sequences, and one place every administrative call asks.
 * Permission ids are catalogue ids (sys_permission); held = what the grantor's own roles (and department
 * roles) grant them in the tenant of the request, ancestors of granted menus included.
 */

/** Who is granting: the caller, in the tenant of the request. */
export type Grantor = {
  userId: number;
  tenantId: number;
  /** a super user (superFlag 1) or the main account of this tenant: the tenant's top administrators */
  top: boolean;
  held: ReadonlySet<number>;
};

/** Whom an administrative act touches: a user of the same tenant (another tenant's user is 404 before this). */
export type Target = { userId: number; top: boolean };

const missing = (wanted: Iterable<number>, from: ReadonlySet<number>): number[] => [...wanted].filter((id) => !from.has(id));

/**
 * A change of a grant set (a role's, a department role's, a department's ceiling) from `before` to `after`:
 * everything added or taken away must be held by the grantor (nobody hands out, or takes away, what they do
 * not hold themselves), and what remains must fit under the ceiling when there is one (a department's
 * permissions bound the roles inside it).
 */
export function refuseGrantChange(grantor: Grantor, before: ReadonlySet<number>, after: ReadonlySet<number>, ceiling?: ReadonlySet<number>): MessageKey | null {
  const changed = [...after].filter((id) => !before.has(id)).concat([...before].filter((id) => !after.has(id)));
  if (missing(changed, grantor.held).length > 0) return 'grantBeyondOwn';
  if (ceiling && missing(after, ceiling).length > 0) return 'grantBeyondCeiling';
  return null;
}

/**
 * Giving a user a role, or taking it away: the role's grants must all be held by the grantor (else anyone
 * who may edit users could give themselves, or a friend, the administrator's role).
 */
export function refuseRoleAssignment(grantor: Grantor, roleGrants: ReadonlySet<number>): MessageKey | null {
  return missing(roleGrants, grantor.held).length > 0 ? 'roleBeyondOwn' : null;
}

/** A role as a change to it is judged: its grants, and whether the grantor and any top administrator hold it. */
export type RoleHolding = { grants: ReadonlySet<number>; heldByGrantor: boolean; heldByTop: boolean };

/**
 * A change of a role's grants from `role.grants` to `after` (deleting a role is a change to the empty set):
 * the change must be held (refuseGrantChange); a role a top administrator holds is changed only by a top
 * administrator (only they touch them); and nobody takes grants away from a role they hold themselves
 * (they would demote themselves, and could not give the grants back).
 */
export function refuseRoleChange(grantor: Grantor, role: RoleHolding, after: ReadonlySet<number>, ceiling?: ReadonlySet<number>): MessageKey | null {
  const refused = refuseGrantChange(grantor, role.grants, after, ceiling);
  if (refused) return refused;
  const changed = [...after].some((id) => !role.grants.has(id)) || [...role.grants].some((id) => !after.has(id));
  if (changed && role.heldByTop && !grantor.top) return 'topAdminOnly';
  if (role.heldByGrantor && [...role.grants].some((id) => !after.has(id))) return 'ownRoleShrink';
  return null;
}

/** What an administrative act does to a user; `signOut`: ending a user's sessions (token management); one's own is a sign-out, allowed. */
export type UserAct = 'edit' | 'roles' | 'freeze' | 'delete' | 'password' | 'signOut';

/**
 * Whether the grantor may do `act` to `target`: only a top administrator touches a top administrator;
 * nobody freezes, deletes or changes the roles of themselves (their own password goes through the
 * password change, which asks for the old one); the last top administrator of a tenant stays.
 * `topCount` is how many active top administrators the tenant has, the target included.
 */
export function refuseUserAct(grantor: Grantor, target: Target, act: UserAct, topCount: number): MessageKey | null {
  if (target.userId === grantor.userId) return act === 'edit' || act === 'signOut' ? null : 'notOnYourself';
  if (target.top && !grantor.top) return 'topAdminOnly';
  if (target.top && (act === 'freeze' || act === 'delete') && topCount <= 1) return 'lastTopAdmin';
  return null;
}

/**
 * A change of a merchant tenant's role grants against its package (decision 0018): nothing outside
 * the package is added (`grantBeyondPackage`). `packaged` null: the platform, which has no package.
 */
export function refusePackageGrant(packaged: ReadonlySet<number> | null, before: ReadonlySet<number>, after: ReadonlySet<number>): MessageKey | null {
  if (!packaged) return null;
  return [...after].some((id) => !before.has(id) && !packaged.has(id)) ? 'grantBeyondPackage' : null;
}

/**
 * What a role keeps of its grants outside the package: they take no effect (the access service ignores
 * them), nobody in the tenant holds them to judge their removal, and they wake if the package widens again.
 */
export function keepDormant(packaged: ReadonlySet<number> | null, before: ReadonlySet<number>, after: ReadonlySet<number>): Set<number> {
  if (!packaged) return new Set(after);
  return new Set([...after, ...[...before].filter((id) => !packaged.has(id))]);
}
