import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { Language, Texts } from '@portal/shared/languages';
import { must } from '../../lib/must.ts';
import { and, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { dictItems, dicts, categories, checkRules } from '../schema/dict.ts';
import { departmentPermissions, departments, permissions, rolePermissions, roles, tenantPackages, tenants } from '../schema/sys.ts';
import { addPackagePermissions, defaultPackageId, insertPackage } from '../../modules/system/tenant-package/repository.ts';
import { menuTree } from './menu-tree.ts';
import { dictionarySeeds } from './dictionaries.ts';
import { categorySeeds, checkRuleSeeds } from './reference-data.ts';
import type { MenuSeed } from './types.ts';
import { ROLE_GRANTS, type CatalogueEntry, type RoleCode } from '../../modules/auth/access/built-in-roles.ts';
import { syncLogisticsReference } from './logistics-reference.ts';
// the built-in picker reports
import { syncBuiltInReports } from './online-reports.ts';

type PermissionValues = typeof permissions.$inferInsert;
type AddedEntry = CatalogueEntry & { id: number };

/**
 * The code-defined catalogue (menus, buttons, dictionaries, rules, categories) brought into the
 * database: missing entries are added, existing ones updated in place. It runs at every start, so a
 * release that adds a menu reaches every database; grants admins made are kept, and a new entry is
 * granted to the built-in roles that the rules in roles.ts give it to.
 */
export async function syncCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(tenants)
      .overridingSystemValue()
      .values({ id: PLATFORM_TENANT, name: 'Platform' })
      .onConflictDoNothing();
    const { added, opened } = await syncMenus(tx);
    if (added.length > 0) await grantNewEntries(tx, added);
    await syncDefaultPackage(tx, added);
    if (opened.length > 0) await grantNewEntries(tx, opened, PLATFORM_TENANT);
    await revokeMisplacedGrants(tx);
    await syncDictionaries(tx);
    await syncReferenceData(tx);
    await syncLogisticsReference(tx);
    // the pickers' reports (orders, users, parcels), added when missing
    await syncBuiltInReports(tx);
  });
}

/**
 * The code's menu tree, found again by permission code (decision 0015): a missing entry is added, an entry
 * nobody edited follows the code, and an entry an administrator edited keeps what they chose; only its
 * side (platform or merchant), which the routes enforce, still follows the code.
 */
async function syncMenus(db: Db): Promise<{ added: AddedEntry[]; opened: AddedEntry[] }> {
  const existing = new Map(
    (await db.select({ id: permissions.id, perms: permissions.perms, editedAt: permissions.editedAt, merchantOnly: permissions.merchantOnly }).from(permissions)).map((r) => [r.perms, r]),
  );
  const added: AddedEntry[] = [];
  // a merchant's screen that a release opens to the platform too (the visit statistics): new to the platform's roles
  const opened: AddedEntry[] = [];

  const upsert = async (values: PermissionValues): Promise<number> => {
    const found = existing.get(values.perms ?? '');
    if (found !== undefined) {
      const { platformOnly, merchantOnly } = values;
      if (found.merchantOnly && !merchantOnly) opened.push({ id: found.id, perms: values.perms ?? '', platformOnly: platformOnly ?? false, merchantOnly: false });
      await db
        .update(permissions)
        .set(found.editedAt ? { platformOnly, merchantOnly, builtIn: true } : { ...values, builtIn: true })
        .where(eq(permissions.id, found.id));
      return found.id;
    }
    const rows = await db.insert(permissions).values({ ...values, builtIn: true }).returning({ id: permissions.id });
    const id = must(rows[0], 'inserted permission').id;
    added.push({ id, perms: values.perms ?? '', platformOnly: values.platformOnly ?? false, merchantOnly: values.merchantOnly ?? false });
    return id;
  };

  const walk = async (entries: MenuSeed[], parentId: number | null, depth: number, inherited: { platformOnly: boolean; merchantOnly: boolean }) => {
    for (const [index, menu] of entries.entries()) {
      const platformOnly = inherited.platformOnly || Boolean(menu.platformOnly);
      const merchantOnly = inherited.merchantOnly || Boolean(menu.merchantOnly);
      const id = await upsert({
        parentId,
        name: menu.key,
        path: menu.path,
        component: menu.component,
        componentName: menu.name,
        redirect: menu.redirect ?? null,
        menuType: depth === 0 ? 0 : 1,
        perms: menu.perms ?? `menu:${menu.name}`,
        sortNo: (index + 1) * 10,
        alwaysShow: Boolean(menu.alwaysShow),
        icon: menu.icon ?? null,
        isRoute: menu.route !== false,
        keepAlive: Boolean(menu.keepAlive),
        hidden: Boolean(menu.hidden),
        internalOrExternal: Boolean(menu.internalOrExternal),
        url: menu.url ?? null,
        platformOnly,
        merchantOnly,
      });
      for (const [buttonIndex, button] of (menu.buttons ?? []).entries()) {
        await upsert({ parentId: id, name: button.key, menuType: 2, perms: button.code, sortNo: (buttonIndex + 1) * 10, platformOnly, merchantOnly });
      }
      await walk(menu.children ?? [], id, depth + 1, { platformOnly, merchantOnly });
    }
  };
  await walk(menuTree, null, 0, { platformOnly: false, merchantOnly: false });
  return { added, opened };
}

/** New catalogue entries go to every built-in role whose rule admits them, in every tenant (or in `onlyTenant`). */
async function grantNewEntries(db: Db, added: AddedEntry[], onlyTenant?: number): Promise<void> {
  const builtInRole = inArray(roles.roleCode, Object.keys(ROLE_GRANTS));
  const builtIn = await db
    .select({ id: roles.id, roleCode: roles.roleCode, tenantId: roles.tenantId })
    .from(roles)
    .where(onlyTenant === undefined ? builtInRole : and(builtInRole, eq(roles.tenantId, onlyTenant)));
  const links: { tenantId: number; roleId: number; permissionId: number }[] = [];
  for (const role of builtIn) {
    const rule = ROLE_GRANTS[role.roleCode as RoleCode];
    for (const entry of added) if (rule(entry)) links.push({ tenantId: role.tenantId, roleId: role.id, permissionId: entry.id });
  }
  if (links.length > 0) await db.insert(rolePermissions).values(links).onConflictDoNothing();
}

/** The built-in package's name, as the seed first makes it in the platform's language (the platform may rename it). */
export const DEFAULT_PACKAGE_NAME: Texts = { 'zh-TW': '標準套餐', 'zh-CN': '标准套餐', 'en-US': 'Standard' };

/** What the platform's own records (one text each) are first written in. */
async function platformLanguage(db: Db): Promise<Language> {
  return must((await db.select({ language: tenants.language }).from(tenants).where(eq(tenants.id, PLATFORM_TENANT)))[0], 'platform tenant').language;
}

/**
 * The default tenant package (decision 0018): made on the first start with every entry the
 * merchant administrator's role is given; after that, new catalogue entries join the default package as
 * they join that role (an administrator's edits of the package are kept). A merchant tenant without a
 * package (a database older than packages) gets the default one.
 */
async function syncDefaultPackage(db: Db, added: AddedEntry[]): Promise<void> {
  const admitted = ROLE_GRANTS.merchant_admin;
  let packageId = await defaultPackageId(db);
  if (packageId === null) {
    // a platform that deliberately has no default never gets one back; a database without packages does
    if ((await db.select({ id: tenantPackages.id }).from(tenantPackages).limit(1)).length > 0) return;
    packageId = await insertPackage(db, { name: DEFAULT_PACKAGE_NAME[await platformLanguage(db)], description: '', status: 1, isDefault: true });
    const catalogue = await db.select({ id: permissions.id, perms: permissions.perms, platformOnly: permissions.platformOnly, merchantOnly: permissions.merchantOnly }).from(permissions);
    await addPackagePermissions(db, packageId, catalogue.filter((entry) => admitted(entry)).map((entry) => entry.id));
  } else {
    await addPackagePermissions(db, packageId, added.filter((entry) => admitted(entry)).map((entry) => entry.id));
  }
  await db
    .update(tenants)
    .set({ packageId })
    .where(and(isNull(tenants.packageId), ne(tenants.id, PLATFORM_TENANT)));
}

/**
 * A merchant's screen held by a role or department of the platform tenant is taken away, in every
 * database at every start: it can never take effect there (the access service ignores it and the
 * merchant routes refuse the platform tenant). Databases seeded by older versions gave the platform's
 * built-in roles the merchants' screens (the warehouse account saw the merchant logistics pages);
 * this corrects them, and any screen a later release moves to the merchants' side. Only the platform
 * tenant's few roles and departments are read (the keys of both grant tables lead with them).
 */
async function revokeMisplacedGrants(db: Db): Promise<void> {
  const merchantScreens = db.select({ id: permissions.id }).from(permissions).where(eq(permissions.merchantOnly, true));
  const platformRoles = db.select({ id: roles.id }).from(roles).where(eq(roles.tenantId, PLATFORM_TENANT));
  const platformDepartments = db.select({ id: departments.id }).from(departments).where(eq(departments.tenantId, PLATFORM_TENANT));
  await db
    .delete(rolePermissions)
    .where(and(inArray(rolePermissions.roleId, platformRoles), eq(rolePermissions.tenantId, PLATFORM_TENANT), inArray(rolePermissions.permissionId, merchantScreens)));
  await db
    .delete(departmentPermissions)
    .where(
      and(inArray(departmentPermissions.departmentId, platformDepartments), eq(departmentPermissions.tenantId, PLATFORM_TENANT), inArray(departmentPermissions.permissionId, merchantScreens)),
    );
}

async function syncDictionaries(db: Db): Promise<void> {
  const language = await platformLanguage(db);
  for (const seed of dictionarySeeds) {
    const description = seed.description[language];
    const rows = await db
      .insert(dicts)
      .values({ dictCode: seed.code, dictName: seed.name, description })
      .onConflictDoUpdate({ target: dicts.dictCode, set: { dictName: seed.name, description } })
      .returning({ id: dicts.id });
    const dictId = must(rows[0], 'dictionary').id;
    for (const [index, item] of seed.items.entries()) {
      await db
        .insert(dictItems)
        .values({ dictId, itemValue: item.value, itemText: item.text, color: item.color ?? null, sortOrder: (index + 1) * 10 })
        .onConflictDoUpdate({
          target: [dictItems.dictId, dictItems.itemValue],
          set: { itemText: item.text, color: item.color ?? null, sortOrder: (index + 1) * 10 },
        });
    }
    const values = seed.items.map((i) => i.value);
    if (values.length > 0) await db.update(dictItems).set({ status: 0 }).where(and(eq(dictItems.dictId, dictId), notInArray(dictItems.itemValue, values)));
  }
}

async function syncReferenceData(db: Db): Promise<void> {
  for (const rule of checkRuleSeeds) {
    await db
      .insert(checkRules)
      .values(rule)
      .onConflictDoUpdate({ target: checkRules.ruleCode, set: { ruleName: rule.ruleName, rules: rule.rules } });
  }
  const codeToId = new Map<string, number>();
  for (const [index, category] of categorySeeds.entries()) {
    const parentId = category.parent ? (codeToId.get(category.parent) ?? null) : null;
    const rows = await db
      .insert(categories)
      .values({ code: category.code, name: category.name, parentId, sortOrder: index })
      .onConflictDoUpdate({ target: categories.code, set: { name: category.name, parentId, sortOrder: index } })
      .returning({ id: categories.id });
    codeToId.set(category.code, must(rows[0], 'category').id);
  }
}
