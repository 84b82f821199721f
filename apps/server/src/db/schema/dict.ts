import { bigint, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar, timestamp } from 'drizzle-orm/pg-core';
import type { Texts } from '@portal/shared/languages';

export const dicts = pgTable('sys_dict', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  dictCode: varchar({ length: 64 }).notNull().unique('sys_dict_code_uq'),
  dictName: jsonb().$type<Texts>().notNull(),
  description: varchar({ length: 255 }).notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dictId: bigint({ mode: 'number' })
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    itemValue: varchar({ length: 100 }).notNull(),
    itemText: jsonb().$type<Texts>().notNull(),
    color: varchar({ length: 32 }),
    sortOrder: integer().notNull().default(0),
    /** 1 enabled, 0 disabled */
    status: smallint().notNull().default(1),
  },
  (t) => [uniqueIndex('sys_dict_item_value_uq').on(t.dictId, t.itemValue), index('sys_dict_item_sort_idx').on(t.dictId, t.sortOrder)],
);

/** The category dictionary: a global tree of product categories. */
export const categories = pgTable(
  'sys_category',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parentId: bigint({ mode: 'number' }),
    code: varchar({ length: 64 }).notNull().unique('sys_category_code_uq'),
    name: jsonb().$type<Texts>().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index('sys_category_parent_idx').on(t.parentId)],
);

/** Validation rules looked up by code; patterns run on a linear-time engine (re2js). */
export const checkRules = pgTable('sys_check_rule', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ruleCode: varchar({ length: 64 }).notNull().unique('sys_check_rule_code_uq'),
  ruleName: jsonb().$type<Texts>().notNull(),
  /** every pattern must match the whole value; the first failing one gives the message */
  rules: jsonb().$type<{ pattern: string; message: Texts }[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
