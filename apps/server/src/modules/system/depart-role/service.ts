import type { DepartRole, DepartRoleAddInput, DepartRoleEditInput, DeptRolePermissionSave, DeptRoleUserSave, GrantNode } from '@portal/shared/system-departs';
import type { Db } from '../../../db/client.ts';
import type { AccessService } from '../../auth/access/service.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { belongsIn } from '../../auth/access/built-in-roles.ts';
import { refuseGrantChange, refuseRoleAssignment, refuseUserAct } from '../../auth/access/delegation.ts';
import { countTopAdmins, loadGrantor, loadTarget } from '../../auth/access/grantor-repository.ts';
import { ceilingOf, memberIds } from '../depart/repository.ts';
import { requireDepart, withAncestors } from '../depart/service.ts';
import * as repo from './repository.ts';

/*
 * Department roles (docs/decisions/0017-department-roles.md): a role lives in one department and grants
 * its users, while that department is their current one, what it holds under the department's ceiling.
 */

async function requireRole(db: Db, tenantId: number, id: number): Promise<DepartRole> {
  const found = await repo.findRole(db, tenantId, id);
  if (!found) throw notFound();
  return found;
}

export async function listRoles(db: Db, tenantId: number, query: { deptId: number; pageNo: number; pageSize: number }) {
  await requireDepart(db, tenantId, query.deptId);
  return repo.rolesPage(db, tenantId, query.deptId, query.pageNo, query.pageSize);
}

const codeTakenIsConflict = (error: unknown): never => {
  if (violatedConstraint(error) !== null) throw conflict('departRoleCodeTaken');
  throw error;
};

export async function addRole(db: Db, tenantId: number, input: DepartRoleAddInput): Promise<DepartRole> {
  await requireDepart(db, tenantId, input.departId);
  const id = await repo
    .insertRole(db, { tenantId, departmentId: input.departId, roleCode: input.roleCode, roleName: input.roleName, description: input.description ?? '' })
    .catch(codeTakenIsConflict);
  return requireRole(db, tenantId, id);
}

export async function editRole(db: Db, tenantId: number, input: DepartRoleEditInput): Promise<DepartRole> {
  await requireRole(db, tenantId, input.id);
  await repo.updateRole(db, tenantId, input.id, { roleName: input.roleName, ...(input.description === undefined ? {} : { description: input.description }) });
  return requireRole(db, tenantId, input.id);
}

/** Deleting a role takes its grants from its users: the grantor must hold them (as when taking the role from each). */
export async function deleteRole(db: Db, access: AccessService, auth: AuthContext, id: number): Promise<void> {
  await requireRole(db, auth.tenantId, id);
  const refusal = refuseRoleAssignment(await loadGrantor(db, auth), await repo.grantsOf(db, auth.tenantId, id));
  if (refusal) throw forbidden(refusal);
  const holders = await repo.deleteRole(db, auth.tenantId, id);
  for (const userId of holders) await access.publish({ kind: 'user', userId });
}

/** The catalogue limited to the department's ceiling (and the menus above its entries), as the role's check boxes. */
export async function grantTree(db: Db, access: AccessService, tenantId: number, departId: number): Promise<GrantNode[]> {
  await requireDepart(db, tenantId, departId);
  const catalogue = await access.getCatalogue();
  const allowed = withAncestors(catalogue, await ceilingOf(db, tenantId, departId));
  const rows = catalogue.rows.filter((row) => allowed.has(row.id) && belongsIn(row, tenantId));
  const nodes = new Map<number, GrantNode>(rows.map((row) => [row.id, { key: row.id, title: row.name, menuType: row.menuType, perms: row.perms, children: [] }]));
  const roots: GrantNode[] = [];
  for (const [id, node] of nodes) {
    const parentId = catalogue.byId.get(id)?.parentId;
    const parent = parentId == null ? undefined : nodes.get(parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function roleGrants(db: Db, tenantId: number, roleId: number): Promise<number[]> {
  await requireRole(db, tenantId, roleId);
  return [...(await repo.grantsOf(db, tenantId, roleId))].sort((a, b) => a - b);
}

/**
 * Saves a department role's grants: the grantor holds what they add or take away, and what the role holds
 * afterwards fits under its department's ceiling (the menus above the ceiling's entries included).
 */
export async function saveRoleGrants(db: Db, access: AccessService, auth: AuthContext, input: DeptRolePermissionSave): Promise<void> {
  const role = await requireRole(db, auth.tenantId, input.roleId);
  const [grantor, catalogue] = await Promise.all([loadGrantor(db, auth), access.getCatalogue()]);
  const after = new Set(input.permissionIds);
  await db.transaction(async (tx) => {
    const [before, ceiling] = await Promise.all([repo.grantsOf(tx, auth.tenantId, role.id), ceilingOf(tx, auth.tenantId, role.departId)]);
    const refusal = refuseGrantChange(grantor, before, after, withAncestors(catalogue, ceiling));
    if (refusal) throw forbidden(refusal);
    await repo.replaceGrants(tx, auth.tenantId, role.id, [...after]);
  });
  for (const userId of await repo.holdersOf(db, auth.tenantId, role.id)) await access.publish({ kind: 'user', userId });
}

export async function userRoles(db: Db, tenantId: number, query: { userId: number; departId: number }): Promise<number[]> {
  await requireDepart(db, tenantId, query.departId);
  if (!(await loadTarget(db, tenantId, query.userId))) throw notFound();
  return repo.userRolesIn(db, tenantId, query.departId, query.userId);
}

/**
 * Gives the user exactly `newRoleId` of the department's roles. The user must be a member of the department,
 * the grantor may act on them (not on themselves; a top administrator only by one), and must hold every
 * grant of each role given or taken away. `oldRoleId` is the screen's view, not trusted.
 */
export async function saveUserRoles(db: Db, access: AccessService, auth: AuthContext, input: DeptRoleUserSave): Promise<void> {
  const { tenantId } = auth;
  await requireDepart(db, tenantId, input.departId);
  const target = await loadTarget(db, tenantId, input.userId);
  if (!target || target.deleted) throw notFound();
  const wanted = [...new Set(input.newRoleId)];
  if ((await repo.rolesOfDepart(db, tenantId, input.departId, wanted)).length !== wanted.length) throw notFound();
  if (!(await memberIds(db, tenantId, input.departId)).includes(input.userId)) throw badRequest('departRoleUserNotMember');
  const grantor = await loadGrantor(db, auth);
  const act = refuseUserAct(grantor, target, 'roles', await countTopAdmins(db, tenantId));
  if (act) throw forbidden(act);
  const held = await repo.userRolesIn(db, tenantId, input.departId, input.userId);
  const add = wanted.filter((id) => !held.includes(id));
  const remove = held.filter((id) => !wanted.includes(id));
  for (const roleId of [...add, ...remove]) {
    const refusal = refuseRoleAssignment(grantor, await repo.grantsOf(db, tenantId, roleId));
    if (refusal) throw forbidden(refusal);
  }
  await db.transaction((tx) => repo.setUserRoles(tx, tenantId, input.userId, add, remove));
  await access.publish({ kind: 'user', userId: input.userId });
}
