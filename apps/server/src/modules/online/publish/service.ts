import { ONLINE_FORM_PATH_PREFIX, ONLINE_REPORT_PATH_PREFIX, onlineFormCode, onlineReportCode, type OnlineKind } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { addPackagePermissions } from '../../system/tenant-package/repository.ts';
import { allMenus, findMenu, insertMenu, permsHolder, updateMenu, type MenuValues } from '../../system/menu/repository.ts';
import { grantToBuiltInRoles } from '../../system/role/tenant-roles.ts';
import { existingPackages, findDefinition, setMenuId } from './repository.ts';

/*
 * Publishing a report or a form to the menu: one merchant-side entry of the catalogue (made,
 * or updated on republishing) under a menu group, carrying `online:<kind>:<code>`, added with its
 * ancestors to the chosen tenant packages (decision 0018) and granted to the built-in merchant
 * administrators of the tenants using them. Every app server follows through the cache bus.
 */

type Publish = { publish: (event: { kind: 'permissions' }) => Promise<void> | void };
export type PublishInput = { id: number; parentId: number; packageIds: number[] };

export async function publishDefinition(db: Db, access: Publish, actor: AuditActor, kind: OnlineKind, input: PublishInput): Promise<{ menuId: number }> {
  const definition = await findDefinition(db, kind, input.id);
  if (!definition) throw notFound(kind === 'form' ? 'onlineFormNotFound' : 'onlineReportNotFoundForPublish');
  const parent = await findMenu(db, input.parentId);
  if (!parent || parent.menuType === 2 || parent.platformOnly) throw badRequest('onlinePublishParentInvalid');
  const packageIds = [...new Set(input.packageIds)];
  const known = await existingPackages(db, packageIds);
  const missing = packageIds.find((id) => !known.has(id));
  if (missing !== undefined) throw badRequest('onlinePublishPackageUnknown', { id: missing });
  const perms = kind === 'form' ? onlineFormCode(definition.code) : onlineReportCode(definition.code);
  const values: MenuValues = {
    parentId: parent.id,
    menuType: 1,
    name: definition.titles['zh-TW'],
    titles: definition.titles,
    path: (kind === 'form' ? ONLINE_FORM_PATH_PREFIX : ONLINE_REPORT_PATH_PREFIX) + definition.code,
    component: kind === 'form' ? 'online/form' : 'online/report',
    componentName: `online-${kind}-${definition.code}`,
    redirect: null,
    hidden: false,
    alwaysShow: false,
    isRoute: true,
    icon: null,
    keepAlive: false,
    internalOrExternal: false,
    url: null,
    sortNo: 900,
    perms,
    permsType: '1',
    status: '1',
    platformOnly: false,
    merchantOnly: true,
  };
  const menuId = await db.transaction(async (scoped) => {
    const current = definition.menuId === null ? undefined : await findMenu(scoped, definition.menuId);
    const holder = await permsHolder(scoped, perms, current?.id ?? null);
    if (holder !== null) throw conflict('onlinePublishPermsTaken', { perms });
    const entry = current ? await updateMenu(scoped, current.id, values) : await insertMenu(scoped, values);
    if (!entry) throw notFound();
    await setMenuId(scoped, kind, definition.id, entry.id);
    // the entry and its ancestors: a package is kept closed under ancestors
    const parents = new Map((await allMenus(scoped)).map((row) => [row.id, row]));
    const chain: number[] = [];
    for (let at = parents.get(entry.id), depth = 0; at && depth < 100; at = at.parentId === null ? undefined : parents.get(at.parentId), depth++) {
      if (!at.platformOnly) chain.push(at.id);
    }
    for (const packageId of packageIds) await addPackagePermissions(scoped, packageId, chain);
    await grantToBuiltInRoles(scoped, { id: entry.id, perms, platformOnly: false, merchantOnly: true }, packageIds);
    await recordAudit(scoped, actor, {
      resource: `online-${kind}`,
      resourceId: definition.id,
      action: 'publish',
      label: definition.code,
      after: { menuId: entry.id, parentId: parent.id, packageIds },
    });
    return entry.id;
  });
  await access.publish({ kind: 'permissions' });
  return { menuId };
}
