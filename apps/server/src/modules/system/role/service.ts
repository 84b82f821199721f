import type { PermissionTree, PermissionTreeNode, RoleRecord } from '@portal/shared/system-roles';
import type { Db } from '../../../db/client.ts';
import { conflict, forbidden, notFound } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import type { Catalogue } from '../../auth/access/service.ts';
import { belongsIn } from '../../auth/access/built-in-roles.ts';
import { keepDormant, refusePackageGrant, refuseRoleAssignment, refuseRoleChange, refuseUserAct, type Grantor } from '../../auth/access/delegation.ts';
import { loadPackagePermissionIds } from '../../auth/access/repository.ts';
import { countTopAdmins, loadGrantor, loadTarget } from '../../auth/access/grantor-repository.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import {
  addRoleUsers,
  deleteRoles,
  insertRole,
  lockRole,
  removeRoleUsers,
  replaceRoleGrants,
  roleCodeTaken,
  roleGrants,
  roleMembers,
  rolesByIds,
  updateRole,
  type RoleColumns,
} from './repository.ts';

/** What a role call needs of the app: the caller and the cache bus (every app server drops what it knew of these users). */
export type RoleCaller = { auth: AuthContext; actor: AuditActor; publish: (event: { kind: 'user'; userId: number } | { kind: 'permissions' }) => void };

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** The role's code for a line of the audit log (the role is locked and the tenant's by then). */
async function roleLabel(db: Db, tenantId: number, roleId: number): Promise<string> {
  return (await rolesByIds(db, tenantId, [roleId]))[0]?.roleCode ?? '';
}

// past this many users, one event that clears everything is cheaper than one per user
const PER_USER_EVENTS = 50;

function publishUsers(caller: RoleCaller, userIds: readonly number[]): void {
  if (userIds.length > PER_USER_EVENTS) caller.publish({ kind: 'permissions' });
  else for (const userId of new Set(userIds)) caller.publish({ kind: 'user', userId });
}

/** Whether a code is free; `exceptId`, the role being edited, must be the tenant's (404 otherwise). */
export async function checkRoleCode(db: Db, tenantId: number, roleCode: string, exceptId?: number): Promise<boolean> {
  if (exceptId !== undefined && (await rolesByIds(db, tenantId, [exceptId])).length === 0) throw notFound('roleNotFound');
  return !(await roleCodeTaken(db, tenantId, roleCode, exceptId));
}

export async function addRole(db: Db, tenantId: number, input: RoleColumns, actor: AuditActor): Promise<RoleRecord> {
  if (await roleCodeTaken(db, tenantId, input.roleCode)) throw conflict('roleCodeTaken', { code: input.roleCode });
  return db.transaction(async (tx) => {
    const role = await insertRole(tx, tenantId, input);
    await recordAudit(tx, actor, { resource: 'role', resourceId: role.id, action: 'create', label: role.roleCode, after: role });
    return role;
  });
}

export async function editRole(db: Db, tenantId: number, id: number, input: RoleColumns, actor: AuditActor): Promise<RoleRecord> {
  const before = (await rolesByIds(db, tenantId, [id]))[0];
  if (!before) throw notFound('roleNotFound');
  if (await roleCodeTaken(db, tenantId, input.roleCode, id)) throw conflict('roleCodeTaken', { code: input.roleCode });
  return db.transaction(async (tx) => {
    const role = must(await updateRole(tx, tenantId, id, input));
    await recordAudit(tx, actor, { resource: 'role', resourceId: id, action: 'update', label: role.roleCode, before, after: role });
    return role;
  });
}

function must<T>(value: T | null): T {
  if (value === null) throw notFound('roleNotFound');
  return value;
}

/** A role as the rules of delegation judge a change to it. */
async function holding(db: Db, grantor: Grantor, tenantId: number, roleId: number) {
  const [grants, members] = await Promise.all([roleGrants(db, tenantId, roleId), roleMembers(db, tenantId, roleId)]);
  return { grants, members, heldByGrantor: members.some((m) => m.userId === grantor.userId), heldByTop: members.some((m) => m.top) };
}

/**
 * Deleting roles is a change of each one's grants to nothing, and takes it from its users: refused when a
 * role holds what the grantor does not, when the grantor holds it, or when a top administrator does and the
 * grantor is not one. All or nothing; an id of another tenant is 404.
 */
export async function removeRoles(db: Db, caller: RoleCaller, ids: readonly number[]): Promise<void> {
  const { tenantId } = caller.auth;
  const unique = [...new Set(ids)];
  const grantor = await loadGrantor(db, caller.auth);
  const affected = await db.transaction(async (tx) => {
    const users: number[] = [];
    for (const id of unique) {
      if (!(await lockRole(tx, tenantId, id))) throw notFound('roleNotFound');
      const role = await holding(tx, grantor, tenantId, id);
      const refused = refuseRoleChange(grantor, role, new Set()) ?? (role.members.length > 0 ? refuseRoleAssignment(grantor, role.grants) : null);
      if (refused) throw forbidden(refused);
      users.push(...role.members.map((m) => m.userId));
      const record = (await rolesByIds(tx, tenantId, [id]))[0];
      await recordAudit(tx, caller.actor, {
        resource: 'role',
        resourceId: id,
        action: 'delete',
        label: record?.roleCode ?? '',
        before: { ...record, permissionIds: sorted(role.grants), userIds: sorted(role.members.map((m) => m.userId)) },
      });
    }
    await deleteRoles(tx, tenantId, unique);
    return users;
  });
  publishUsers(caller, affected);
}

/** The tree of what the caller may grant in this tenant: held entries that belong in it, in catalogue order. */
export function grantableTree(catalogue: Catalogue, grantor: Grantor): PermissionTree {
  const rows = catalogue.rows.filter((row) => grantor.held.has(row.id) && belongsIn(row, grantor.tenantId));
  const nodes = new Map<number, PermissionTreeNode>(rows.map((row) => [row.id, { key: row.id, title: row.name, menuType: row.menuType, perms: row.perms }]));
  const treeList: PermissionTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as PermissionTreeNode;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) (parent.children ??= []).push(node);
    else treeList.push(node);
  }
  return { treeList, ids: rows.map((row) => row.id) };
}

/** 404 unless the role is the tenant's. */
export async function requireRole(db: Db, tenantId: number, roleId: number): Promise<void> {
  if ((await rolesByIds(db, tenantId, [roleId])).length === 0) throw notFound('roleNotFound');
}

export async function rolePermissionIds(db: Db, tenantId: number, roleId: number): Promise<number[]> {
  await requireRole(db, tenantId, roleId);
  return [...(await roleGrants(db, tenantId, roleId))].sort((a, b) => a - b);
}

/**
 * Replaces a role's grants. The change is judged against what the database holds (the role locked), not
 * against the screen's `lastpermissionIds`, which a client could make up.
 */
export async function saveRolePermission(db: Db, caller: RoleCaller, roleId: number, permissionIds: readonly number[]): Promise<void> {
  const { tenantId } = caller.auth;
  const grantor = await loadGrantor(db, caller.auth);
  const packaged = await loadPackagePermissionIds(db, tenantId);
  const requested = new Set(permissionIds);
  const members = await db.transaction(async (tx) => {
    if (!(await lockRole(tx, tenantId, roleId))) throw notFound('roleNotFound');
    const role = await holding(tx, grantor, tenantId, roleId);
    const outside = refusePackageGrant(packaged, role.grants, requested);
    if (outside) throw forbidden(outside);
    const after = keepDormant(packaged, role.grants, requested);
    const refused = refuseRoleChange(grantor, role, after);
    if (refused) throw forbidden(refused);
    await replaceRoleGrants(tx, tenantId, roleId, role.grants, after);
    await recordAudit(tx, caller.actor, {
      resource: 'role',
      resourceId: roleId,
      action: 'grant',
      label: await roleLabel(tx, tenantId, roleId),
      before: { permissionIds: sorted(role.grants) },
      after: { permissionIds: sorted(after) },
    });
    return role.members.map((m) => m.userId);
  });
  publishUsers(caller, members);
}

/**
 * Gives a role to users, or takes it from them: the grantor must hold all of the role's grants, and may do
 * it to each user (not themselves; a top administrator only if a top administrator). All or nothing; a user
 * of another tenant (or in the recycle bin) is 404.
 */
export async function changeRoleUsers(db: Db, caller: RoleCaller, roleId: number, userIds: readonly number[], change: 'add' | 'remove'): Promise<void> {
  const { tenantId } = caller.auth;
  const grantor = await loadGrantor(db, caller.auth);
  const unique = [...new Set(userIds)];
  await db.transaction(async (tx) => {
    if (!(await lockRole(tx, tenantId, roleId))) throw notFound('roleNotFound');
    const refusedRole = refuseRoleAssignment(grantor, await roleGrants(tx, tenantId, roleId));
    const topCount = await countTopAdmins(tx, tenantId);
    for (const userId of unique) {
      const target = await loadTarget(tx, tenantId, userId);
      if (!target || target.deleted) throw notFound('roleUserNotFound');
      const refused = refuseUserAct(grantor, target, 'roles', topCount) ?? refusedRole;
      if (refused) throw forbidden(refused);
    }
    const before = sorted((await roleMembers(tx, tenantId, roleId)).map((m) => m.userId));
    if (change === 'add') await addRoleUsers(tx, tenantId, roleId, unique);
    else await removeRoleUsers(tx, tenantId, roleId, unique);
    const after = sorted((await roleMembers(tx, tenantId, roleId)).map((m) => m.userId));
    await recordAudit(tx, caller.actor, { resource: 'role', resourceId: roleId, action: 'members', label: await roleLabel(tx, tenantId, roleId), before: { userIds: before }, after: { userIds: after } });
  });
  publishUsers(caller, unique);
}
