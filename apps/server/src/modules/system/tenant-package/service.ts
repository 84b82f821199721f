import type { PackageEditInput, PackageInput, PackageRecord, PackageTree } from '@portal/shared/system-tenants';
import type { PermissionTreeNode } from '@portal/shared/system-roles';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import type { Catalogue } from '../../auth/access/service.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import {
  countTenantsUsing,
  deletePackage,
  findPackage,
  insertPackage,
  lockPackage,
  makeDefault,
  packageNameTaken,
  packagePermissionIds,
  replacePackagePermissions,
  updatePackage,
} from './repository.ts';

/*
 * Tenant menu packages (docs/decisions/0018-tenant-packages.md): the menus and buttons a merchant
 * tenant may use. Only merchant-side entries (never a platformOnly one) can be in a package; a package is
 * kept closed under ancestors, so a role's tree, which checks a node's ancestors with it, fits inside it.
 * A change to a package narrows (or widens) every tenant using it at once, on every app server.
 */

/** What a package call needs of the app: who acts (for the audit log) and the cache bus. */
export type PackageCaller = { actor: AuditActor; publish: (event: { kind: 'permissions' }) => Promise<void> | void };

const RESOURCE = 'tenant-package';
const taken = (name: string) => conflict('packageNameTaken', { name });

async function saving<T>(name: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (violatedConstraint(error) === 'sys_tenant_package_name_uq') throw taken(name);
    throw error;
  }
}

const requireFound = (record: PackageRecord | null): PackageRecord => {
  if (!record) throw notFound('packageNotFound');
  return record;
};

export async function addPackage(db: Db, caller: PackageCaller, input: PackageInput): Promise<PackageRecord> {
  if (await packageNameTaken(db, input.name)) throw taken(input.name);
  return saving(input.name, () =>
    db.transaction(async (scoped) => {
      const id = await insertPackage(scoped, input);
      const after = requireFound(await findPackage(scoped, id));
      await recordAudit(scoped, caller.actor, { resource: RESOURCE, resourceId: id, action: 'create', label: after.name, before: null, after });
      return after;
    }),
  );
}

export async function editPackage(db: Db, caller: PackageCaller, { id, ...values }: PackageEditInput): Promise<PackageRecord> {
  return saving(values.name, () =>
    db.transaction(async (scoped) => {
      const before = requireFound(await lockPackage(scoped, id));
      if (await packageNameTaken(scoped, values.name, id)) throw taken(values.name);
      // registration must always find a package to give
      if (before.isDefault && values.status === 0) throw conflict('packageIsDefault');
      await updatePackage(scoped, id, values);
      const after = requireFound(await findPackage(scoped, id));
      await recordAudit(scoped, caller.actor, { resource: RESOURCE, resourceId: id, action: 'update', label: after.name, before, after });
      return after;
    }),
  );
}

/** Refused while tenants use it (409, how many), and for the default (409). */
export async function removePackage(db: Db, caller: PackageCaller, id: number): Promise<void> {
  await db.transaction(async (scoped) => {
    const before = requireFound(await lockPackage(scoped, id));
    if (before.isDefault) throw conflict('packageIsDefault');
    const using = await countTenantsUsing(scoped, id);
    if (using > 0) throw conflict('packageInUse', { count: using });
    await deletePackage(scoped, id);
    await recordAudit(scoped, caller.actor, { resource: RESOURCE, resourceId: id, action: 'delete', label: before.name, before, after: null });
  });
}

/** The package registration gives from now on (a disabled one cannot be). */
export async function setDefaultPackage(db: Db, caller: PackageCaller, id: number): Promise<PackageRecord> {
  return db.transaction(async (scoped) => {
    const before = requireFound(await lockPackage(scoped, id));
    if (before.status !== 1) throw badRequest('packageDisabled', { name: before.name });
    await makeDefault(scoped, id);
    const after = requireFound(await findPackage(scoped, id));
    await recordAudit(scoped, caller.actor, { resource: RESOURCE, resourceId: id, action: 'set-default', label: after.name, before, after });
    return after;
  });
}

/** Whether an entry may be in a package: a merchant-side or both-sides entry, never the platform's own. */
const packable = (row: { platformOnly: boolean }) => !row.platformOnly;

/** The merchant side of the catalogue as a tree to tick, and what the package holds. */
export async function packageTree(db: Db, catalogue: Catalogue, id: number): Promise<PackageTree> {
  requireFound(await findPackage(db, id));
  const held = await packagePermissionIds(db, id);
  const rows = catalogue.rows.filter(packable);
  const nodes = new Map<number, PermissionTreeNode>(rows.map((row) => [row.id, { key: row.id, title: row.name, menuType: row.menuType, perms: row.perms }]));
  const treeList: PermissionTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as PermissionTreeNode;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) (parent.children ??= []).push(node);
    else treeList.push(node);
  }
  return { treeList, ids: rows.map((row) => row.id), checkedIds: rows.filter((row) => held.has(row.id)).map((row) => row.id) };
}

/** `ids` with their ancestors: a package holds a screen's menu groups with the screen. */
export function withAncestors(catalogue: Catalogue, ids: Iterable<number>): Set<number> {
  const closed = new Set<number>();
  for (const id of ids) {
    let row = catalogue.byId.get(id);
    while (row && !closed.has(row.id)) {
      closed.add(row.id);
      row = row.parentId === null ? undefined : catalogue.byId.get(row.parentId);
    }
  }
  return closed;
}

const codesOf = (catalogue: Catalogue, ids: Iterable<number>) => [...ids].map((id) => catalogue.byId.get(id)?.perms ?? String(id)).sort();

/**
 * Replaces what a package holds. An unknown entry or a platform screen is refused (400) and nothing changes;
 * every tenant using the package follows at its next request, on every app server.
 */
export async function savePackagePermissions(db: Db, catalogue: Catalogue, caller: PackageCaller, packageId: number, permissionIds: readonly number[]): Promise<void> {
  for (const id of permissionIds) {
    const row = catalogue.byId.get(id);
    if (!row || !packable(row)) throw badRequest('packagePlatformEntry');
  }
  const after = withAncestors(catalogue, permissionIds);
  await db.transaction(async (scoped) => {
    const found = requireFound(await lockPackage(scoped, packageId));
    const before = await packagePermissionIds(scoped, packageId);
    await replacePackagePermissions(scoped, packageId, before, after);
    await recordAudit(scoped, caller.actor, {
      resource: RESOURCE,
      resourceId: packageId,
      action: 'grant',
      label: found.name,
      before: { permissions: codesOf(catalogue, before) },
      after: { permissions: codesOf(catalogue, after) },
    });
  });
  await caller.publish({ kind: 'permissions' });
}
