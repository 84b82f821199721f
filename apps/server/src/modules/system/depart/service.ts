import type { DepartAddInput, DepartEditInput, DepartIdNode, DepartMoveInput, DepartNode, DepartPermissionSave, DepartRecord } from '@portal/shared/system-departs';
import type { Db } from '../../../db/client.ts';
import type { AccessService, Catalogue } from '../../auth/access/service.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { refuseGrantChange, refuseUserAct } from '../../auth/access/delegation.ts';
import { countTopAdmins, loadGrantor, loadTarget } from '../../auth/access/grantor-repository.ts';
import { nameKey, nextChildCode, renumbered, reordered } from './model.ts';
import * as repo from './repository.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';

/** The tenant's departments as a tree, each with its heads and member count. */
export async function departTree(db: Db, tenantId: number): Promise<DepartNode[]> {
  const [rows, { heads, counts }] = await Promise.all([repo.listDeparts(db, tenantId), repo.membersByDepart(db, tenantId)]);
  const nodes = new Map<number, DepartNode>(rows.map((r) => [r.id, { ...r, heads: heads.get(r.id) ?? [], memberCount: counts.get(r.id) ?? 0, children: [] }]));
  return treeOf(rows, nodes);
}

/** The id/title tree of tree selects. */
export async function departIdTree(db: Db, tenantId: number): Promise<DepartIdNode[]> {
  const rows = await repo.listDeparts(db, tenantId);
  const nodes = new Map<number, DepartIdNode>(rows.map((r) => [r.id, { key: r.id, value: r.id, title: r.departName, orgCode: r.orgCode, children: [] }]));
  return treeOf(rows, nodes);
}

/** Rows in sibling order hung under their parents; a row whose parent is gone is a root. */
function treeOf<N extends { children: N[] }>(rows: DepartRecord[], nodes: Map<number, N>): N[] {
  const roots: N[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function requireDepart(db: Db, tenantId: number, id: number): Promise<DepartRecord> {
  const found = await repo.findDepart(db, tenantId, id);
  if (!found) throw notFound();
  return found;
}

/** A free code under the parent ('' for a top department). */
async function freeCode(db: Db, tenantId: number, parentCode: string): Promise<string> {
  const code = nextChildCode(parentCode, await repo.codesUnder(db, tenantId, parentCode));
  if (!code) throw conflict('departCodesExhausted');
  return code;
}

/** A unique violation of the org code (two administrators adding at once) is a 409, not a 500. */
async function codeClashIsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violatedConstraint(error) !== null) throw conflict('departOrgCodeTaken');
    throw error;
  }
}

/** Two departments side by side with one name could not be told apart in any picker: 409 naming it. */
function refuseSiblingName(siblings: readonly DepartRecord[], name: string, exceptId?: number): void {
  const key = nameKey(name);
  const same = siblings.find((sibling) => sibling.id !== exceptId && nameKey(sibling.departName) === key);
  if (same) throw conflict('departNameTaken', { name: same.departName });
}

export async function addDepart(db: Db, tenantId: number, input: DepartAddInput, actor: AuditActor): Promise<DepartRecord> {
  const parentId = input.parentId ?? null;
  const parent = parentId === null ? null : await requireDepart(db, tenantId, parentId);
  return codeClashIsConflict(() =>
    db.transaction(async (tx) => {
      const siblings = await repo.childrenOf(tx, tenantId, parentId);
      refuseSiblingName(siblings, input.departName);
      const orgCode = await freeCode(tx, tenantId, parent?.orgCode ?? '');
      const added = await repo.insertDepart(tx, { tenantId, parentId, departName: input.departName, orgCode, sortNo: input.sortNo ?? siblings.length });
      await recordAudit(tx, actor, { resource: 'depart', resourceId: added.id, action: 'create', label: added.departName, after: added });
      return added;
    }),
  );
}

export async function editDepart(db: Db, access: AccessService, tenantId: number, input: DepartEditInput, actor: AuditActor): Promise<DepartRecord> {
  const before = await requireDepart(db, tenantId, input.id);
  const changedHeads = await db.transaction(async (tx) => {
    refuseSiblingName(await repo.childrenOf(tx, tenantId, before.parentId), input.departName, input.id);
    await repo.updateDepart(tx, tenantId, input.id, { departName: input.departName, ...(input.sortNo === undefined ? {} : { sortNo: input.sortNo }) });
    let members: number[] = [];
    if (input.headUserIds !== undefined) {
      const ids = new Set(await repo.memberIds(tx, tenantId, input.id));
      if (input.headUserIds.some((userId) => !ids.has(userId))) throw badRequest('departHeadNotMember');
      await repo.setHeads(tx, tenantId, input.id, input.headUserIds);
      members = [...ids];
    }
    await recordAudit(tx, actor, { resource: 'depart', resourceId: input.id, action: 'update', label: before.departName, before, after: await requireDepart(tx, tenantId, input.id) });
    return members;
  });
  // a head's "my department" changes with it
  for (const userId of changedHeads) await access.publish({ kind: 'user', userId });
  return requireDepart(db, tenantId, input.id);
}

/** Refused while the department has sub-departments or members: deleting would orphan them or silently take their department away. */
export async function removeDepart(db: Db, tenantId: number, id: number, actor: AuditActor): Promise<void> {
  const before = await requireDepart(db, tenantId, id);
  if ((await repo.countChildren(db, tenantId, id)) > 0) throw conflict('departHasChildren');
  if ((await repo.memberIds(db, tenantId, id)).length > 0) throw conflict('departHasMembers');
  // its permissions, roles, their grants and users go with it (foreign keys cascade)
  // without members, its roles granted nobody anything: no cached access changes
  await db.transaction(async (tx) => {
    await repo.deleteDepart(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: 'depart', resourceId: id, action: 'delete', label: before.departName, before });
  });
}

/**
 * Drag and drop: the department goes under `parentId` at `index` among its new siblings. Moving under
 * another parent gives the subtree new org codes (the users whose current department it is follow).
 */
export async function moveDepart(db: Db, access: AccessService, tenantId: number, input: DepartMoveInput): Promise<void> {
  const moved = await requireDepart(db, tenantId, input.id);
  const parent = input.parentId === null ? null : await requireDepart(db, tenantId, input.parentId);
  if (parent && parent.orgCode.startsWith(moved.orgCode)) throw badRequest('departMoveIntoItself');
  const renumberedUsers = await codeClashIsConflict(() =>
    db.transaction(async (tx) => {
      const users: number[] = [];
      if (moved.parentId !== input.parentId) {
        const newRoot = await freeCode(tx, tenantId, parent?.orgCode ?? '');
        const subtree = (await repo.listDeparts(tx, tenantId)).filter((d) => d.orgCode.startsWith(moved.orgCode));
        for (const d of subtree) {
          const code = renumbered(d.orgCode, moved.orgCode, newRoot);
          await repo.updateDepart(tx, tenantId, d.id, { orgCode: code, ...(d.id === moved.id ? { parentId: input.parentId } : {}) });
          users.push(...(await repo.renumberMembers(tx, tenantId, d.id, d.orgCode, code)));
        }
      }
      const siblings = await repo.childrenOf(tx, tenantId, input.parentId);
      const order = reordered(
        siblings.map((s) => s.id),
        moved.id,
        input.index,
      );
      for (const [sortNo, id] of order.entries()) await repo.updateDepart(tx, tenantId, id, { sortNo });
      return users;
    }),
  );
  for (const userId of renumberedUsers) await access.publish({ kind: 'user', userId });
}

/* Members */

export async function listMembers(db: Db, tenantId: number, query: { depId: number; pageNo: number; pageSize: number; username?: string | undefined }) {
  await requireDepart(db, tenantId, query.depId);
  return repo.membersPage(db, tenantId, query.depId, query.pageNo, query.pageSize, query.username);
}

/** Adding or removing a member acts on that user: the rules of delegation (a top administrator only by one). */
async function refuseActOn(db: Db, auth: AuthContext, userIds: number[]): Promise<void> {
  const grantor = await loadGrantor(db, auth);
  for (const userId of userIds) {
    const target = await loadTarget(db, auth.tenantId, userId);
    if (!target || target.deleted) throw notFound();
    const refusal = refuseUserAct(grantor, target, 'edit', await countTopAdmins(db, auth.tenantId));
    if (refusal) throw forbidden(refusal);
  }
}

export async function addMembers(db: Db, access: AccessService, auth: AuthContext, input: { depId: number; userIdList: number[] }): Promise<void> {
  const depart = await requireDepart(db, auth.tenantId, input.depId);
  const userIds = [...new Set(input.userIdList)];
  await refuseActOn(db, auth, userIds);
  await db.transaction(async (tx) => {
    await repo.addMembers(tx, auth.tenantId, depart.id, userIds);
    await repo.giveCurrentDepartment(tx, userIds, depart.orgCode);
  });
  for (const userId of userIds) await access.publish({ kind: 'user', userId });
}

export async function removeMember(db: Db, access: AccessService, auth: AuthContext, input: { depId: number; userId: number }): Promise<void> {
  const depart = await requireDepart(db, auth.tenantId, input.depId);
  await refuseActOn(db, auth, [input.userId]);
  const removed = await db.transaction(async (tx) => {
    if (!(await repo.removeMember(tx, auth.tenantId, depart.id, input.userId))) return false;
    await repo.replaceCurrentDepartment(tx, auth.tenantId, input.userId, depart.orgCode);
    return true;
  });
  if (!removed) throw notFound();
  await access.publish({ kind: 'user', userId: input.userId });
}

/* The ceiling */

export async function queryCeiling(db: Db, tenantId: number, departId: number): Promise<number[]> {
  await requireDepart(db, tenantId, departId);
  return [...(await repo.ceilingOf(db, tenantId, departId))].sort((a, b) => a - b);
}

/**
 * Saves the department's ceiling. The grantor must hold what they add or take away (refuseGrantChange);
 * what the department's roles hold beyond the new ceiling is taken from them in the same transaction:
 * narrowing a department is the administrator's intent, and refusing would make them edit every role
 * first (it would not be effective anyway: grants are intersected with the ceiling when loaded).
 * `lastpermissionIds` is the screen's view and is not trusted: the change is from what the database holds.
 */
export async function saveCeiling(db: Db, access: AccessService, auth: AuthContext, input: DepartPermissionSave): Promise<void> {
  await requireDepart(db, auth.tenantId, input.departId);
  const grantor = await loadGrantor(db, auth);
  const after = new Set(input.permissionIds);
  await db.transaction(async (tx) => {
    const before = await repo.ceilingOf(tx, auth.tenantId, input.departId);
    const refusal = refuseGrantChange(grantor, before, after);
    if (refusal) throw forbidden(refusal);
    await repo.replaceCeiling(tx, auth.tenantId, input.departId, [...after]);
    await repo.trimRolesToCeiling(tx, auth.tenantId, input.departId, [...after]);
  });
  await access.publish({ kind: 'permissions' });
}

/** A ceiling with the ancestors of its entries: a role granted a leaf is granted the menus above it. */
export function withAncestors(catalogue: Catalogue, ids: ReadonlySet<number>): Set<number> {
  const all = new Set<number>();
  for (const id of ids) {
    for (let row = catalogue.byId.get(id); row && !all.has(row.id); row = row.parentId == null ? undefined : catalogue.byId.get(row.parentId)) all.add(row.id);
  }
  return all;
}
