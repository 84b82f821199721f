import { z } from 'zod';
import { DICT_CODE_PATTERN } from './dict-codes.ts';
import { msg } from './messages.ts';

/*
 * The data dictionary and the category dictionary: global reference tables, edited by the
 * platform only, read by everyone. Texts come in the three languages; zh-TW is required and the others fall
 * back to it when left empty.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
};

/** A text in the three languages as a form sends it: zh-TW required, the others optional (empty: zh-TW's). */
export const textsInput = (max: number) =>
  z.strictObject({
    'zh-TW': z.string().trim().min(1, { error: msg('textZhTwRequired') }).max(max),
    'zh-CN': z.string().trim().max(max).default(''),
    'en-US': z.string().trim().max(max).default(''),
  });
export const textsRecord = z.object({ 'zh-TW': z.string(), 'zh-CN': z.string(), 'en-US': z.string() });

// ------------------------------------------------------------------ dictionaries

export const DICT_SORT_COLUMNS = ['dictCode', 'updatedAt', 'createdAt'] as const;
export type DictSortColumn = (typeof DICT_SORT_COLUMNS)[number];

/** The spec's message for an empty code (§5: 字典Code不能为空!), then the pattern of every dictionary code. */
export const dictCodeInput = z.string().trim().min(1, { error: msg('dictCodeEmpty') }).max(64, { error: msg('dictCodeInvalid') }).regex(DICT_CODE_PATTERN, { error: msg('dictCodeInvalid') });

export const dictInput = z.strictObject({
  dictCode: dictCodeInput,
  dictName: textsInput(100),
  description: z.string().trim().max(255).default(''),
});
export type DictInput = z.infer<typeof dictInput>;
export const dictEditInput = dictInput.extend({ id });
export type DictEditInput = z.infer<typeof dictEditInput>;

export const dictRecord = z.object({
  id: z.number().int(),
  dictCode: z.string(),
  dictName: textsRecord,
  description: z.string(),
  /** the code relies on it (dict-codes.ts): it cannot be deleted, its code and its values cannot change */
  builtIn: z.boolean(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DictRecord = z.infer<typeof dictRecord>;

/** A dictionary as a picker offers it (GET /sys/dict/names). */
export const dictName = dictRecord.pick({ dictCode: true, dictName: true });
export type DictName = z.infer<typeof dictName>;

export const dictListQuery = {
  ...pageQuery,
  column: z.enum(DICT_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  dictCode: z.string().trim().max(64).optional(),
  /** searched in the three languages */
  dictName: z.string().trim().max(100).optional(),
};

// ------------------------------------------------------------------ items

/** antd's preset colours or a #rrggbb; anything else is refused (a colour reaches a class name or a style). */
export const DICT_COLOR_PATTERN = /^(#[0-9a-fA-F]{6}|[a-z]{3,12})$/;
export const DICT_SORT_MAX = 99_999;

export const dictItemInput = z.strictObject({
  dictId: id,
  itemValue: z
    .string()
    .trim()
    .min(1, { error: msg('dictItemValueEmpty') })
    .max(100)
    .regex(/^[^\p{Cc}]+$/u, { error: msg('dictItemValueFormat') }),
  itemText: textsInput(100),
  color: z.string().trim().max(32).regex(DICT_COLOR_PATTERN, { error: msg('dictItemColorFormat') }).nullable().default(null),
  sortOrder: z.number().int().min(0).max(DICT_SORT_MAX).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type DictItemInput = z.infer<typeof dictItemInput>;
/** An item keeps its dictionary: `dictId` is not sent on an edit. */
export const dictItemEditInput = dictItemInput.omit({ dictId: true }).extend({ id });
export type DictItemEditInput = z.infer<typeof dictItemEditInput>;

export const dictItemRecord = z.object({
  id: z.number().int(),
  dictId: z.number().int(),
  itemValue: z.string(),
  itemText: textsRecord,
  color: z.string().nullable(),
  sortOrder: z.number().int(),
  status: z.number().int(),
});
export type DictItemRecord = z.infer<typeof dictItemRecord>;

export const dictItemListQuery = {
  ...pageQuery,
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  dictId: idQuery,
  itemValue: z.string().trim().max(100).optional(),
  itemText: z.string().trim().max(100).optional(),
  status: z.enum(['0', '1']).optional(),
};

export const dictItemStatusInput = z.strictObject({ id, status: z.union([z.literal(0), z.literal(1)]) });
export type DictItemStatusInput = z.infer<typeof dictItemStatusInput>;

/** The new order of a dictionary's items: every item of it, once, first to last (the drawer lists up to 200, the list cap). */
export const DICT_ITEMS_MAX = 200;
export const dictItemSortInput = z.strictObject({ dictId: id, ids: z.array(id).min(1).max(DICT_ITEMS_MAX) });
export type DictItemSortInput = z.infer<typeof dictItemSortInput>;

// ------------------------------------------------------------------ categories

/** Letters, digits, '_', '-' and '.': a category code is typed by administrators (A01, A01.02). */
export const CATEGORY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const categoryInput = z.strictObject({
  parentId: id.nullable().default(null),
  code: z.string().trim().min(1, { error: msg('categoryCodeEmpty') }).max(64, { error: msg('categoryCodeFormat') }).regex(CATEGORY_CODE_PATTERN, { error: msg('categoryCodeFormat') }),
  name: textsInput(100),
  sortOrder: z.number().int().min(0).max(DICT_SORT_MAX).default(0),
});
export type CategoryInput = z.infer<typeof categoryInput>;
/** A category keeps its place in the tree on an edit (moving one is not offered). */
export const categoryEditInput = categoryInput.omit({ parentId: true }).extend({ id });
export type CategoryEditInput = z.infer<typeof categoryEditInput>;

/** A node of the category tree: `title` in the reader's language, `leaf` when it has no children (lazy loading). */
export const categoryNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  title: z.string(),
  name: textsRecord,
  sortOrder: z.number().int(),
  leaf: z.boolean(),
});
export type CategoryNode = z.infer<typeof categoryNode>;

export const categoryChildrenQuery = { pid: idQuery.optional() };
export const categorySearchQuery = { keyword: z.string().trim().min(1).max(100) };
/** at most this many categories answer a search */
export const CATEGORY_SEARCH_MAX = 50;
