import type { z } from 'zod';
import { CONTAINER_COMPONENT, isPageComponent } from '@portal/shared/page-components';
import type { menuInput, MenuRecord, MenuTreeNode } from '@portal/shared/system-menus';
import type { Db } from '../../../db/client.ts';
import type { AccessService } from '../../auth/access/service.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import {
  allMenus,
  countChildren,
  deleteMenu,
  findMenu,
  insertMenu,
  pathHolder,
  permsHolder,
  PERMS_UNIQUE,
  toRecord,
  updateMenu,
  type MenuRow,
  type MenuValues,
} from './repository.ts';

type Input = z.output<typeof menuInput>;
type Publish = Pick<AccessService, 'publish'>;

/** The whole catalogue as one tree, menus and buttons, in menu order. */
export async function menuTree(db: Db): Promise<MenuTreeNode[]> {
  const rows = await allMenus(db);
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const build = (parentId: number | null): MenuTreeNode[] =>
    (byParent.get(parentId) ?? []).map((row) => {
      const children = build(row.id);
      return children.length > 0 ? { ...toRecord(row, false), children } : toRecord(row, true);
    });
  return build(null);
}

const normalisedCodes = (perms: string) =>
  perms
    .split(',')
    .map((code) => code.trim())
    .join(',');

/**
 * The rules of an entry, new or edited: its place in the tree, its page, its title. `stored` is the entry
 * being edited: a built-in entry keeps its codes, type and side (routes and grants rely on them) and may
 * keep a page the web does not have yet.
 */
async function checkedValues(db: Db, input: Input, stored: MenuRow | null): Promise<MenuValues> {
  const perms = normalisedCodes(input.perms);
  if (input.platformOnly && input.merchantOnly) throw badRequest('menuBothSides');
  if (stored?.builtIn && (perms !== stored.perms || input.menuType !== stored.menuType || input.platformOnly !== stored.platformOnly || input.merchantOnly !== stored.merchantOnly)) {
    throw conflict('menuBuiltInCode');
  }
  if (!stored && !input.titles) throw badRequest('menuTitlesRequired');
  if (input.menuType === 0 && input.parentId !== null) throw badRequest('menuTopHasParent');
  if (input.menuType !== 0 && input.parentId === null) throw badRequest('menuParentRequired');
  if (input.menuType !== 2 && !input.path) throw badRequest('menuPathRequired');
  const component = input.menuType === 2 ? '' : input.component;
  if (component && component !== CONTAINER_COMPONENT && !isPageComponent(component) && component !== stored?.component) {
    throw badRequest('menuComponentUnknown');
  }
  let { platformOnly, merchantOnly } = input;
  if (input.parentId !== null) {
    const parent = await findMenu(db, input.parentId);
    if (!parent) throw badRequest('menuParentUnknown');
    if (parent.menuType === 2) throw badRequest('menuParentNotMenu');
    if (stored && (await isWithin(db, parent.id, stored.id))) throw badRequest('menuParentCycle');
    // an entry is on its parent's side: a platform screen's button is a platform button
    if (!stored?.builtIn) {
      platformOnly ||= parent.platformOnly;
      merchantOnly ||= parent.merchantOnly;
      if (platformOnly && merchantOnly) throw badRequest('menuBothSides');
    }
  }
  const button = input.menuType === 2;
  return {
    parentId: input.parentId,
    menuType: input.menuType,
    // an administrator's entry has no translation key: its zh-TW title stands in for one
    name: stored?.name ?? input.titles?.['zh-TW'] ?? perms,
    titles: input.titles,
    path: button ? '' : input.path,
    component,
    componentName: button ? '' : input.componentName,
    redirect: button ? null : input.redirect || null,
    hidden: input.hidden,
    alwaysShow: input.alwaysShow,
    isRoute: input.route,
    icon: button ? null : input.icon || null,
    keepAlive: input.keepAlive,
    internalOrExternal: input.internalOrExternal,
    url: button ? null : input.url || null,
    sortNo: input.sortNo,
    perms,
    permsType: input.permsType,
    status: input.status,
    platformOnly,
    merchantOnly,
    editedAt: new Date(),
  };
}

/** Whether `id` is `ancestor` or lies under it. */
async function isWithin(db: Db, id: number, ancestor: number): Promise<boolean> {
  const parents = new Map((await allMenus(db)).map((row) => [row.id, row.parentId]));
  for (let at: number | null | undefined = id, depth = 0; at != null && depth < 100; at = parents.get(at), depth++) if (at === ancestor) return true;
  return false;
}

const permsTaken = (perms: string) => conflict('menuPermsTaken', { perms });

/** Two entries on one route path: the router could open only one of them (a button has no path). */
async function refuseTakenPath(db: Db, values: { menuType?: number | null; path?: string | null }, exceptId: number | null): Promise<void> {
  if (values.menuType === 2 || !values.path) return;
  if ((await pathHolder(db, values.path, exceptId)) !== null) throw conflict('menuPathTaken', { path: values.path });
}

async function saving<T>(perms: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // two saves racing for one code
    if (violatedConstraint(error) === PERMS_UNIQUE) throw permsTaken(perms);
    throw error;
  }
}

/** The entry as the audit log keeps it: what an administrator edits, without the bookkeeping. */
const audited = (row: MenuRow) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'editedAt'));

export async function addMenu(db: Db, access: Publish, input: Input, actor: AuditActor): Promise<MenuRecord> {
  const values = await checkedValues(db, input, null);
  if ((await permsHolder(db, values.perms ?? '', null)) !== null) throw permsTaken(values.perms ?? '');
  await refuseTakenPath(db, values, null);
  const row = await saving(values.perms ?? '', () =>
    db.transaction(async (tx) => {
      const inserted = await insertMenu(tx, values);
      await recordAudit(tx, actor, { resource: 'menu', resourceId: inserted.id, action: 'create', label: inserted.perms || inserted.name, after: audited(inserted) });
      return inserted;
    }),
  );
  await access.publish({ kind: 'permissions' });
  return toRecord(row, true);
}

export async function editMenu(db: Db, access: Publish, id: number, input: Input, actor: AuditActor): Promise<MenuRecord> {
  const stored = await findMenu(db, id);
  if (!stored) throw notFound();
  const values = await checkedValues(db, input, stored);
  if ((await permsHolder(db, values.perms ?? '', id)) !== null) throw permsTaken(values.perms ?? '');
  await refuseTakenPath(db, values, id);
  const row = await saving(values.perms ?? '', () =>
    db.transaction(async (tx) => {
      const updated = await updateMenu(tx, id, values);
      if (!updated) throw notFound();
      await recordAudit(tx, actor, { resource: 'menu', resourceId: id, action: 'update', label: updated.perms || updated.name, before: audited(stored), after: audited(updated) });
      return updated;
    }),
  );
  await access.publish({ kind: 'permissions' });
  return toRecord(row, (await countChildren(db, id)) === 0);
}

/** Refused while entries lie under it, and for built-in entries (hide those instead); its grants go with it. */
export async function removeMenu(db: Db, access: Publish, id: number, actor: AuditActor): Promise<void> {
  const stored = await findMenu(db, id);
  if (!stored) throw notFound();
  if (stored.builtIn) throw conflict('menuBuiltInDelete');
  const deleted = await db.transaction(async (tx) => {
    if (!(await deleteMenu(tx, id))) return false;
    await recordAudit(tx, actor, { resource: 'menu', resourceId: id, action: 'delete', label: stored.perms || stored.name, before: audited(stored) });
    return true;
  });
  if (!deleted) {
    if ((await countChildren(db, id)) > 0) throw conflict('menuHasChildren');
    throw notFound();
  }
  await access.publish({ kind: 'permissions' });
}
