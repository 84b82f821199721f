import type { MemberInput, MemberRolesInput, MyDepartNode } from '@portal/shared/system-org';
import type { Db } from '../../../db/client.ts';
import type { AccessService } from '../../auth/access/service.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import { conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { refuseRoleAssignment, refuseUserAct, type UserAct } from '../../auth/access/delegation.ts';
import { countTopAdmins, loadGrantor, loadTarget } from '../../auth/access/grantor-repository.ts';
import {
  addMember,
  departmentGrants,
  departmentRoles,
  departmentsUnder,
  departRoleGrants,
  isMember,
  ledDepartment,
  ledOrgCodes,
  memberRoleIds,
  removeMember,
  setMemberRoles,
  type DepartRow,
} from './repository.ts';

/*
 * My department: a department head manages the members of the departments they lead and of those under
 * them, and gives them that department's roles, under the rules of delegation. A department the caller
 * does not lead (another tenant's included) does not exist for them: 404.
 */

/** The departments the caller leads, each with the departments under it. */
export async function myDepartTree(db: Db, auth: AuthContext): Promise<MyDepartNode[]> {
  const led = await ledOrgCodes(db, auth.tenantId, auth.userId);
  const rows = await departmentsUnder(db, auth.tenantId, led);
  const nodes = new Map<number, MyDepartNode>(rows.map((row) => [row.id, { id: row.id, parentId: row.parentId, orgCode: row.orgCode, departName: row.departName, head: led.includes(row.orgCode), children: [] }]));
  const roots: MyDepartNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The department, when the caller leads it or one above it; else 404. */
export async function myDepartment(db: Db, auth: AuthContext, departId: number): Promise<DepartRow> {
  const department = await ledDepartment(db, auth.tenantId, auth.userId, departId);
  if (!department) throw notFound();
  return department;
}

/** The member-to-be or member, a user of the tenant (another tenant's is 404), and whether the caller may act on them. */
async function checkedTarget(db: Db, auth: AuthContext, userId: number, act: UserAct) {
  const target = await loadTarget(db, auth.tenantId, userId);
  if (!target || target.deleted) throw notFound();
  const grantor = await loadGrantor(db, auth);
  const refusal = refuseUserAct(grantor, target, act, target.top ? await countTopAdmins(db, auth.tenantId) : 0);
  if (refusal) throw forbidden(refusal);
  return grantor;
}

/**
 * A member brings the department's permissions along (they apply in the member's current department), so
 * adding or removing one is giving or taking those: the caller must hold them all (rules of delegation).
 */
async function checkDepartmentGrants(db: Db, auth: AuthContext, departId: number, grantor: Awaited<ReturnType<typeof loadGrantor>>) {
  if (refuseRoleAssignment(grantor, await departmentGrants(db, auth.tenantId, departId))) throw forbidden('departBeyondOwn');
}

export async function addDepartMember(db: Db, access: AccessService, auth: AuthContext, { departId, userId }: MemberInput): Promise<void> {
  await myDepartment(db, auth, departId);
  const grantor = await checkedTarget(db, auth, userId, 'edit');
  if (await isMember(db, auth.tenantId, departId, userId)) throw conflict('alreadyMember');
  await checkDepartmentGrants(db, auth, departId, grantor);
  await addMember(db, auth.tenantId, departId, userId);
  await access.publish({ kind: 'user', userId });
}

export async function removeDepartMember(db: Db, access: AccessService, auth: AuthContext, { departId, userId }: MemberInput): Promise<void> {
  await myDepartment(db, auth, departId);
  if (!(await isMember(db, auth.tenantId, departId, userId))) throw notFound();
  const grantor = await checkedTarget(db, auth, userId, 'edit');
  await checkDepartmentGrants(db, auth, departId, grantor);
  await db.transaction(async (tx) => removeMember(tx, auth.tenantId, departId, userId));
  await access.publish({ kind: 'user', userId });
}

export async function myDepartmentRoles(db: Db, auth: AuthContext, departId: number) {
  await myDepartment(db, auth, departId);
  return departmentRoles(db, auth.tenantId, departId);
}

/**
 * Gives a member exactly `roleIds` of the department's roles: every role given or taken away must grant
 * only what the caller holds, and nobody changes their own roles or a top administrator's (unless top).
 */
export async function setDepartMemberRoles(db: Db, access: AccessService, auth: AuthContext, { departId, userId, roleIds }: MemberRolesInput): Promise<void> {
  await myDepartment(db, auth, departId);
  if (!(await isMember(db, auth.tenantId, departId, userId))) throw notFound();
  const own = new Set((await departmentRoles(db, auth.tenantId, departId)).map((role) => role.id));
  const wanted = [...new Set(roleIds)];
  if (wanted.some((id) => !own.has(id))) throw notFound();
  const grantor = await checkedTarget(db, auth, userId, 'roles');
  const before = await memberRoleIds(db, auth.tenantId, departId, userId);
  const add = wanted.filter((id) => !before.includes(id));
  const remove = before.filter((id) => !wanted.includes(id));
  const refusal = refuseRoleAssignment(grantor, await departRoleGrants(db, auth.tenantId, [...add, ...remove]));
  if (refusal) throw forbidden(refusal);
  await db.transaction(async (tx) => setMemberRoles(tx, auth.tenantId, userId, add, remove));
  await access.publish({ kind: 'user', userId });
}
