import { and, eq, gt, gte, inArray, isNotNull, isNull, like, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  dataRuleProblem,
  fieldTypeOf,
  listItems,
  LIST_OPERATORS,
  type DataRuleDefinition,
  type DataRuleFieldType,
  type DataRuleOperator,
  type DataRuleResource,
  type DataRuleVariable,
} from '@portal/shared/system-data-rules';
import { departments, userDepartments } from '../../../db/schema/sys.ts';
import { escapeLike } from '../../../lib/list.ts';

/*
 * The compiler of data rules (docs/decisions/0016-data-rules.md): a typed rule (a field of the resource's
 * allow-list, an operator of a fixed set, a value or a variable) becomes a Drizzle condition whose values are
 * all bound parameters. Nothing a rule holds ever becomes SQL text: the field picks an expression written
 * here, the operator picks a builder, the value is a parameter.
 */

/** What a field compiles to: a column of the row, or the departments of the row's creator. */
export type FieldExpression = { kind: 'column'; column: AnyPgColumn } | { kind: 'creatorDepartment'; creator: AnyPgColumn };

/** The typed expression of every field a resource allows (resources.ts); the types are the shared contract's. */
export type ResourceFields = Record<string, FieldExpression>;

/** What the variables stand for in one request. */
export type RuleVariables = {
  userId: number;
  username: string;
  /** the session's current department; null when the user has none */
  orgCode: string | null;
  /** the org codes of every department the user belongs to in the tenant */
  orgCodes: readonly string[];
  tenantId: number;
};

/** The values a rule compares with: its own, or what its variable stands for (null: the variable has no value now). */
function operands(rule: DataRuleDefinition, vars: RuleVariables): string[] | null {
  if (rule.valueKind === 'value') return LIST_OPERATORS.includes(rule.operator as DataRuleOperator) ? listItems(rule.value) : [rule.value.trim()];
  const variable = rule.value as DataRuleVariable;
  switch (variable) {
    case 'currentUserId':
      return [String(vars.userId)];
    case 'currentUsername':
      return [vars.username];
    case 'currentOrgCode':
      return vars.orgCode ? [vars.orgCode] : null;
    case 'myOrgCodes':
      return [...vars.orgCodes];
    case 'tenantId':
      return [String(vars.tenantId)];
    case 'today':
      // the database's today (compareDay reads it as current_date): the day the lists' date filters count by
      return ['today'];
  }
}

/** A value as the column's type: numbers and ids are cast by PostgreSQL from a bound text, never spliced. */
function typed(type: DataRuleFieldType, value: string): SQL | string {
  if (type === 'number') return sql`cast(${value} as numeric)`;
  if (type === 'user') return sql`cast(${value} as bigint)`;
  return value;
}

function compare(operator: DataRuleOperator, column: AnyPgColumn, type: DataRuleFieldType, values: string[]): SQL {
  const [first = ''] = values;
  if (type === 'date') return compareDay(operator, column, first === 'today' ? sql`current_date` : sql`cast(${first} as date)`);
  if (type === 'number' || type === 'user') {
    const value = typed(type, first);
    const list = sql.join(
      values.map((v) => typed(type, v)),
      sql`, `,
    );
    switch (operator) {
      case 'eq':
        return sql`${column} = ${value}`;
      case 'ne':
        return sql`${column} <> ${value}`;
      case 'gt':
        return sql`${column} > ${value}`;
      case 'ge':
        return sql`${column} >= ${value}`;
      case 'lt':
        return sql`${column} < ${value}`;
      case 'le':
        return sql`${column} <= ${value}`;
      case 'in':
        return values.length === 0 ? sql`false` : sql`${column} in (${list})`;
      case 'not_in':
        return values.length === 0 ? sql`true` : sql`${column} not in (${list})`;
      default:
        break;
    }
  }
  switch (operator) {
    case 'eq':
      return eq(column, first);
    case 'ne':
      return ne(column, first);
    case 'gt':
      return gt(column, first);
    case 'ge':
      return gte(column, first);
    case 'lt':
      return lt(column, first);
    case 'le':
      return lte(column, first);
    case 'in':
      return values.length === 0 ? sql`false` : inArray(column, values);
    case 'not_in':
      return values.length === 0 ? sql`true` : notInArray(column, values);
    case 'contains':
      return like(column, `%${escapeLike(first)}%`);
    case 'starts_with':
      return like(column, `${escapeLike(first)}%`);
    case 'ends_with':
      return like(column, `%${escapeLike(first)}`);
    case 'empty':
    case 'not_empty':
      break;
  }
  throw new Error(`operator ${operator} reached the comparison`);
}

/** A date field against a whole day of the database's time zone, as lib/list.ts's dateRange reads a day. */
function compareDay(operator: DataRuleOperator, column: AnyPgColumn, day: SQL): SQL {
  const start = day;
  const end = sql`(${day} + 1)`;
  switch (operator) {
    case 'eq':
      return sql`(${column} >= ${start} and ${column} < ${end})`;
    case 'ne':
      return sql`(${column} < ${start} or ${column} >= ${end})`;
    case 'gt':
      return sql`${column} >= ${end}`;
    case 'ge':
      return sql`${column} >= ${start}`;
    case 'lt':
      return sql`${column} < ${start}`;
    case 'le':
      return sql`${column} < ${end}`;
    default:
      throw new Error(`operator ${operator} on a date`);
  }
}

/** The creator is in a department whose org code satisfies the operator (sys_user_depart of the tenant). */
function creatorDepartment(operator: DataRuleOperator, creator: AnyPgColumn, tenantId: number, values: string[]): SQL {
  const [first = ''] = values;
  const codeCondition =
    operator === 'starts_with' ? like(departments.orgCode, `${escapeLike(first)}%`) : operator === 'eq' || operator === 'ne' ? eq(departments.orgCode, first) : values.length === 0 ? sql`false` : inArray(departments.orgCode, values);
  const members = sql`select ${userDepartments.userId} from ${userDepartments} inner join ${departments} on ${departments.tenantId} = ${userDepartments.tenantId} and ${departments.id} = ${userDepartments.departmentId} where ${userDepartments.tenantId} = ${tenantId} and ${codeCondition}`;
  const inside = sql`${creator} in (${members})`;
  return operator === 'ne' || operator === 'not_in' ? sql`(${creator} is not null and not ${inside})` : inside;
}

/**
 * One rule as a condition, or null when it cannot be compiled for the resource (an unknown field, operator or
 * variable, a value of the wrong shape: refused when saved, so only a rule written some other way). A
 * variable with no value now (no current department) matches no row.
 */
export function compileRule(resource: DataRuleResource, fields: ResourceFields, rule: DataRuleDefinition, vars: RuleVariables): SQL | null {
  if (dataRuleProblem(resource, rule)) return null;
  const type = fieldTypeOf(resource, rule.field);
  const expression = fields[rule.field];
  if (!type || !expression) return null;
  const operator = rule.operator as DataRuleOperator;
  if (expression.kind === 'creatorDepartment') {
    const values = operands(rule, vars);
    return values === null ? sql`false` : creatorDepartment(operator, expression.creator, vars.tenantId, values);
  }
  const column = expression.column;
  if (operator === 'empty') return type === 'text' ? (or(isNull(column), eq(column, '')) ?? sql`false`) : isNull(column);
  if (operator === 'not_empty') return type === 'text' ? (and(isNotNull(column), ne(column, '')) ?? sql`false`) : isNotNull(column);
  const values = operands(rule, vars);
  return values === null ? sql`false` : compare(operator, column, type, values);
}

/** A role's rules on a menu: all must hold (an uncompilable one holds for no row). */
export type RoleRules = { roleId: number; rules: (DataRuleDefinition & { id: number })[] };

/**
 * The rows a user may see through a menu: those that satisfy every rule of at least one role (OR across the
 * roles, AND within a role). `onBroken` hears of each rule that cannot be compiled; it is never run.
 */
export function compileScope(resource: DataRuleResource, fields: ResourceFields, roles: readonly RoleRules[], vars: RuleVariables, onBroken: (ruleId: number) => void): SQL {
  const alternatives = roles.map(({ rules }) => {
    const conditions: SQL[] = [];
    for (const rule of rules) {
      const condition = compileRule(resource, fields, rule, vars);
      if (!condition) {
        onBroken(rule.id);
        // dropping it would widen what the role sees: the role admits nothing
        return sql`false`;
      }
      conditions.push(condition);
    }
    return and(...conditions) ?? sql`true`;
  });
  const scope = alternatives.length === 1 ? alternatives[0] : or(...alternatives);
  // parenthesised so that it stays one term of whatever WHERE it joins
  return scope ? sql`(${scope})` : sql`false`;
}
