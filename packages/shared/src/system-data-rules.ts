import { z } from 'zod';
import type { PermissionCode } from './permissions.ts';

/*
 * Data rules (docs/decisions/0016-data-rules.md): typed records, never SQL text. A rule names
 * a field of its menu's resource (an allow-list per resource), an operator of a fixed set, and a value or a
 * variable. The server compiles it into a condition with bound values; the web builds its form from the same
 * lists.
 */

export const DATA_RULE_OPERATORS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'not_in', 'contains', 'starts_with', 'ends_with', 'empty', 'not_empty'] as const;
export type DataRuleOperator = (typeof DATA_RULE_OPERATORS)[number];

/** What a variable stands for, read from the caller's session when the rule is applied. */
export const DATA_RULE_VARIABLES = ['currentUserId', 'currentUsername', 'currentOrgCode', 'myOrgCodes', 'tenantId', 'today'] as const;
export type DataRuleVariable = (typeof DATA_RULE_VARIABLES)[number];

/** A variable that stands for several values: only with `in` or `not_in`. */
export const LIST_VARIABLES: readonly DataRuleVariable[] = ['myOrgCodes'];
/** Operators that take no value. */
export const VALUELESS_OPERATORS: readonly DataRuleOperator[] = ['empty', 'not_empty'];
/** Operators whose value is a list, comma separated. */
export const LIST_OPERATORS: readonly DataRuleOperator[] = ['in', 'not_in'];
/** At most this many values in a list. */
export const DATA_RULE_LIST_MAX = 50;

/**
 * How a field compares: a user id (the creator), a department org code (the creator's departments), a text,
 * a number (compared as a number) or a date (YYYY-MM-DD, a whole day in the server's time zone).
 */
export type DataRuleFieldType = 'user' | 'department' | 'text' | 'number' | 'date';

export const OPERATORS_BY_TYPE: Record<DataRuleFieldType, readonly DataRuleOperator[]> = {
  user: ['eq', 'ne', 'in', 'not_in', 'empty', 'not_empty'],
  department: ['eq', 'ne', 'in', 'not_in', 'starts_with'],
  text: DATA_RULE_OPERATORS,
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'not_in', 'empty', 'not_empty'],
  date: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'not_empty'],
};

export const VARIABLES_BY_TYPE: Record<DataRuleFieldType, readonly DataRuleVariable[]> = {
  user: ['currentUserId'],
  department: ['currentOrgCode', 'myOrgCodes'],
  text: ['currentUsername', 'currentOrgCode'],
  number: ['currentUserId', 'tenantId'],
  date: ['today'],
};

/** The resources rules can narrow, and each one's allow-list of fields. */
export const DATA_RULE_RESOURCES = {
  orders: {
    createdBy: 'user',
    creatorDepartment: 'department',
    status: 'text',
    destinationCountry: 'text',
    warehouseCode: 'text',
    serviceType: 'text',
    itemQuantity: 'number',
    createdAt: 'date',
  },
  parcels: {
    status: 'text',
    warehouseCode: 'text',
    trackingNo: 'text',
    weight: 'number',
    createdAt: 'date',
    storageTime: 'date',
  },
  recharges: { createdBy: 'user', creatorDepartment: 'department', status: 'text', transferCurrency: 'text', createdAt: 'date' },
  payments: { createdBy: 'user', creatorDepartment: 'department', status: 'text', currency: 'text', createdAt: 'date' },
  refunds: { createdBy: 'user', creatorDepartment: 'department', status: 'text', currency: 'text', createdAt: 'date' },
} as const satisfies Record<string, Record<string, DataRuleFieldType>>;
export type DataRuleResource = keyof typeof DATA_RULE_RESOURCES;

/**
 * The menus that accept rules (by the menu's own permission code) and the resource each one narrows. A menu
 * not named here has no wired resource: rules on it are refused.
 */
export const DATA_RULE_MENUS = {
  'logistics:order:list': 'orders',
  'logistics:log-order:list': 'orders',
  'logistics:package:list': 'parcels',
  'wallet:recharge:list': 'recharges',
  'wallet:payment:list': 'payments',
  'wallet:refund:list': 'refunds',
} as const satisfies Partial<Record<PermissionCode, DataRuleResource>>;
export type DataRuleMenu = keyof typeof DATA_RULE_MENUS;

export const isDataRuleMenu = (code: string): code is DataRuleMenu => Object.hasOwn(DATA_RULE_MENUS, code);

/** The resource of a menu given its codes (comma separated, as sys_permission.perms), or null. */
export function dataRuleResourceOf(perms: string): DataRuleResource | null {
  for (const code of perms.split(',')) {
    const trimmed = code.trim();
    if (isDataRuleMenu(trimmed)) return DATA_RULE_MENUS[trimmed];
  }
  return null;
}

export function fieldTypeOf(resource: DataRuleResource, field: string): DataRuleFieldType | null {
  const fields: Record<string, DataRuleFieldType> = DATA_RULE_RESOURCES[resource];
  return Object.hasOwn(fields, field) ? (fields[field] ?? null) : null;
}

const isOperator = (value: string): value is DataRuleOperator => (DATA_RULE_OPERATORS as readonly string[]).includes(value);
const isVariable = (value: string): value is DataRuleVariable => (DATA_RULE_VARIABLES as readonly string[]).includes(value);

/** The items of a list value: comma separated (either comma), trimmed, empty ones dropped. */
export const listItems = (value: string): string[] =>
  value
    .split(/[,，]/)
    .map((item) => item.trim())
    .filter(Boolean);

const VALUE_PATTERNS: Record<DataRuleFieldType, RegExp> = {
  user: /^[1-9]\d{0,14}$/,
  department: /^[A-Za-z0-9_-]{1,64}$/,
  text: /^.{1,200}$/s,
  number: /^-?\d{1,15}(\.\d{1,6})?$/,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
};

/** The shape of a rule as stored and sent (the server checks it against the allow-lists too). */
export type DataRuleDefinition = { field: string; operator: string; valueKind: string; value: string };

/** Why a rule cannot be compiled for a resource, as a message key with its parameters; null when it can. */
export type DataRuleProblem = { key: 'dataRuleUnknownField' | 'dataRuleUnknownOperator' | 'dataRuleOperatorNotForField' | 'dataRuleUnknownVariable' | 'dataRuleVariableNotForField' | 'dataRuleListVariable' | 'dataRuleValueRequired' | 'dataRuleBadValue' | 'dataRuleTooManyValues'; params: Record<string, string | number> };

export function dataRuleProblem(resource: DataRuleResource, rule: DataRuleDefinition): DataRuleProblem | null {
  const type = fieldTypeOf(resource, rule.field);
  if (!type) return { key: 'dataRuleUnknownField', params: { name: rule.field } };
  if (!isOperator(rule.operator)) return { key: 'dataRuleUnknownOperator', params: { operator: rule.operator } };
  if (!OPERATORS_BY_TYPE[type].includes(rule.operator)) return { key: 'dataRuleOperatorNotForField', params: { operator: rule.operator, name: rule.field } };
  if (VALUELESS_OPERATORS.includes(rule.operator)) return rule.valueKind === 'value' ? null : { key: 'dataRuleValueRequired', params: {} };
  if (rule.valueKind === 'variable') {
    if (!isVariable(rule.value)) return { key: 'dataRuleUnknownVariable', params: { variable: rule.value } };
    if (!VARIABLES_BY_TYPE[type].includes(rule.value)) return { key: 'dataRuleVariableNotForField', params: { variable: rule.value, name: rule.field } };
    if (LIST_VARIABLES.includes(rule.value) && !LIST_OPERATORS.includes(rule.operator)) return { key: 'dataRuleListVariable', params: { variable: rule.value } };
    return null;
  }
  if (rule.valueKind !== 'value') return { key: 'dataRuleValueRequired', params: {} };
  const items = LIST_OPERATORS.includes(rule.operator) ? listItems(rule.value) : [rule.value.trim()];
  if (items.length === 0 || items[0] === '') return { key: 'dataRuleValueRequired', params: {} };
  if (items.length > DATA_RULE_LIST_MAX) return { key: 'dataRuleTooManyValues', params: { max: DATA_RULE_LIST_MAX } };
  // contains / starts with / ends with take any text (the department's starts with: an org code prefix)
  const pattern = VALUE_PATTERNS[type];
  const bad = items.find((item) => !pattern.test(item));
  return bad === undefined ? null : { key: 'dataRuleBadValue', params: { name: rule.field, value: bad.slice(0, 50), type } };
}

// ------------------------------------------------------------------ the calls

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const dataRuleInput = z.strictObject({
  permissionId: id,
  ruleName: z.string().trim().min(1).max(100),
  field: z.string().trim().min(1).max(64),
  operator: z.string().trim().min(1).max(16),
  valueKind: z.enum(['value', 'variable']),
  value: z.string().trim().max(500).default(''),
  /** 1 in force, 0 switched off */
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});
export const dataRuleEditInput = dataRuleInput.extend({ id });
export type DataRuleInput = z.output<typeof dataRuleInput>;

export const dataRuleRecord = z.object({
  id: z.number(),
  permissionId: z.number(),
  ruleName: z.string(),
  field: z.string(),
  operator: z.string(),
  valueKind: z.string(),
  value: z.string(),
  status: z.number(),
  createdAt: z.string(),
});
export type DataRuleRecord = z.infer<typeof dataRuleRecord>;

/** The rules of a menu and those a role picked (GET /sys/role/datarule/:permissionId/:roleId). */
export const roleDataRules = z.object({ rules: z.array(dataRuleRecord), chosenIds: z.array(z.number()) });
export type RoleDataRules = z.infer<typeof roleDataRules>;

export const roleDataRuleInput = z.strictObject({
  permissionId: id,
  roleId: id,
  dataRuleIds: z.array(id).max(200),
});
