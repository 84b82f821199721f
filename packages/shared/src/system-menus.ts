import { z } from 'zod';
import { LANGUAGES, type Texts } from './languages.ts';
import { msg } from './messages.ts';
import { isMenuIcon } from './menu-icons.ts';

/** Menu (permission) management (spec §2 "menu management", §3 menu entry, §7 /sys/permission/*). */

/** 0 a top-level menu, 1 a sub menu, 2 a button (a permission checked by routes and <Access>) */
export const MENU_TYPES = [0, 1, 2] as const;
export type MenuType = (typeof MENU_TYPES)[number];

export const MENU_SORT_MAX = 100_000;
/** one permission code: words of letters, digits, '-' or '_' joined by ':' ('system:permission:list') */
export const PERMISSION_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(:[A-Za-z0-9_-]+)*$/;
/** an absolute route path of the portal, '/system/permission' */
export const MENU_PATH_PATTERN = /^(\/[A-Za-z0-9_-]+)+$/;
export const COMPONENT_NAME_PATTERN = /^[A-Za-z0-9_-]*$/;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Comma-separated codes, each in the code format. */
export const permsField = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine((value) => value.split(',').every((code) => PERMISSION_CODE_PATTERN.test(code.trim())), { error: msg('menuPermsFormat') });

/** a path, or empty (a button has none) */
const pathField = z
  .string()
  .trim()
  .max(255)
  .refine((value) => value === '' || MENU_PATH_PATTERN.test(value), { error: msg('menuPathFormat') });

/** Only http(s): a javascript: or data: address never reaches a link or an iframe. */
export const isMenuUrl = (value: string) => /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#]\S*)?$/i.test(value);

/** an http(s) address, or empty */
export const menuUrlField = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || isMenuUrl(value), { error: msg('menuUrlScheme') });

/** An administrator's title in the three languages. */
export const menuTitlesSchema = z.strictObject(
  Object.fromEntries(LANGUAGES.map((language) => [language, z.string().trim().min(1).max(100)])) as Record<keyof Texts, z.ZodString>,
);

export const menuInput = z.strictObject({
  parentId: id.nullable().default(null),
  menuType: z.literal(MENU_TYPES),
  /** required for a new entry; on a built-in entry null goes back to the translation of its key */
  titles: menuTitlesSchema.nullable().default(null),
  /** a menu's route path; empty for a button */
  path: pathField.default(''),
  /** a page of PAGE_COMPONENTS, the container, or empty (checked by the server against the page list) */
  component: z.string().trim().max(255).default(''),
  componentName: z.string().trim().max(100).regex(COMPONENT_NAME_PATTERN, { error: msg('menuComponentNameFormat') }).default(''),
  redirect: pathField.nullable().default(null),
  hidden: z.boolean().default(false),
  alwaysShow: z.boolean().default(false),
  /** false is the spec's route flag '0': the entry is not turned into a route */
  route: z.boolean().default(true),
  icon: z
    .string()
    .max(100)
    .refine((name) => name === '' || isMenuIcon(name), { error: msg('menuIconUnknown') })
    .nullable()
    .default(null),
  keepAlive: z.boolean().default(false),
  /** with url: true opens it in a new window, false shows it in the portal (an iframe) */
  internalOrExternal: z.boolean().default(false),
  url: menuUrlField.nullable().default(null),
  sortNo: z.number().int().min(0).max(MENU_SORT_MAX).default(0),
  perms: permsField,
  /** buttons: '1' hidden when not granted, '2' disabled */
  permsType: z.enum(['1', '2']).default('1'),
  /** '1' in force, '0' switched off (everyone passes) */
  status: z.enum(['0', '1']).default('1'),
  platformOnly: z.boolean().default(false),
  merchantOnly: z.boolean().default(false),
});
export type MenuInput = z.input<typeof menuInput>;

export const menuEditInput = menuInput.extend({ id });
export type MenuEditInput = z.input<typeof menuEditInput>;

export const menuRecordSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  menuType: z.number().int(),
  /** the translation key of the title (menu-titles.ts); an administrator's `titles` win over it */
  name: z.string(),
  titles: z.object({ 'zh-TW': z.string(), 'zh-CN': z.string(), 'en-US': z.string() }).nullable(),
  path: z.string(),
  component: z.string(),
  componentName: z.string(),
  redirect: z.string().nullable(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  route: z.boolean(),
  icon: z.string().nullable(),
  keepAlive: z.boolean(),
  internalOrExternal: z.boolean(),
  url: z.string().nullable(),
  sortNo: z.number().int(),
  perms: z.string(),
  permsType: z.string(),
  status: z.string(),
  platformOnly: z.boolean(),
  merchantOnly: z.boolean(),
  /** defined by the code: cannot be deleted and its codes cannot change */
  builtIn: z.boolean(),
  /** an administrator changed it: the start-up sync leaves it alone */
  edited: z.boolean(),
  /** no entries under it */
  leaf: z.boolean(),
});
export type MenuRecord = z.infer<typeof menuRecordSchema>;

export type MenuTreeNode = MenuRecord & { children?: MenuTreeNode[] };
export const menuTreeNodeSchema: z.ZodType<MenuTreeNode> = z.lazy(() => menuRecordSchema.extend({ children: z.array(menuTreeNodeSchema).optional() })).meta({ id: 'MenuTreeNode' });

/** at most this many parents in one getSystemSubmenuBatch */
export const SUBMENU_BATCH_MAX = 100;
