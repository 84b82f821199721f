import type { Db } from '../../../db/client.ts';
import { and, asc, desc, ilike, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { ReportCell } from '@portal/shared/online';
import { dateRange, escapeLike } from '../../../lib/list.ts';
import { amountText } from '../../finance/money.ts';
import type { CurrencyCode } from '@portal/shared/money';
import type { DataSetDefinition, DataSetField, Selection } from '../data-set/repository.ts';

/*
 * The queries of a report's runtime calls. Everything here comes from the data set's allow-list (fields,
 * their expressions) or is a bound value: a condition is built from a field of the definition and the
 * value the client sent, never from its text.
 */

/** One condition of a query, its field looked up already and its value checked. */
export type Condition =
  | { field: DataSetField; operator: 'eq'; value: string }
  | { field: DataSetField; operator: 'like'; value: string }
  | { field: DataSetField; operator: 'in'; values: string[] }
  | { field: DataSetField; operator: 'range'; begin?: string; end?: string };

export type Sort = { field: DataSetField; order: 'asc' | 'desc' };

/** What a runtime query reads: the data set, the caller's tenant and codes, the data rules, the conditions. */
export type Reading = {
  dataSet: DataSetDefinition;
  tenantId: number;
  held: ReadonlySet<string>;
  scope: SQL | undefined;
  conditions: Condition[];
};

function conditionSql(condition: Condition): SQL[] {
  const { expr, type } = condition.field;
  switch (condition.operator) {
    case 'eq':
      return [type === 'number' ? sql`${expr} = cast(${condition.value} as numeric)` : sql`${expr} = ${condition.value}`];
    case 'like':
      return [ilike(expr, `%${escapeLike(condition.value)}%`)];
    case 'in':
      return [sql`${expr} in ${condition.values}`];
    case 'range': {
      if (type === 'date') return dateRange(expr as AnyColumn, condition.begin, condition.end);
      const parts: SQL[] = [];
      if (condition.begin !== undefined) parts.push(sql`${expr} >= cast(${condition.begin} as numeric)`);
      if (condition.end !== undefined) parts.push(sql`${expr} <= cast(${condition.end} as numeric)`);
      return parts;
    }
  }
}

function whereOf(tx: Db, reading: Reading): SQL | undefined {
  return and(reading.dataSet.rowsOf(tx, reading.tenantId, reading.held as ReadonlySet<never>), reading.scope, ...reading.conditions.flatMap(conditionSql));
}

/**
 * How many rows match, counting no further than `max`: nobody pages or exports past REPORT_ROW_CAP, and
 * counting a large tenant's 300,000 orders exactly took longer than the page itself.
 */
export async function countRows(tx: Db, reading: Reading, max: number): Promise<number> {
  const matching = reading.dataSet.source(tx, { id: reading.dataSet.idColumn }).where(whereOf(tx, reading)).limit(max).as('matching');
  const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(matching);
  return Number(row?.total ?? 0);
}

/** A cell as the answer carries it: amounts as decimal text in their currency, times as ISO text. */
function cellOf(field: DataSetField, value: unknown, currency: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'number':
      return Number(value);
    case 'money':
      return typeof currency === 'string' ? amountText(value as bigint, currency as CurrencyCode) : String(value);
    case 'date':
      return value instanceof Date ? value.toISOString() : String(value);
    default:
      return String(value);
  }
}

/** A page of rows: the columns asked for (by field), the id always, in `sort` then the id. */
export async function pageRows(tx: Db, reading: Reading, columns: DataSetField[], sort: Sort, page: { limit: number; offset: number }): Promise<Record<string, ReportCell>[]> {
  const selection: Selection = { id: reading.dataSet.idColumn };
  columns.forEach((field, index) => {
    selection[`c${index}`] = field.expr;
    if (field.currency) selection[`m${index}`] = field.currency;
  });
  // the order of the indexes (`desc nulls last`, read backwards for asc), so that a page is an index scan, not a sort
  const direction = (expr: SQL | AnyColumn) => (sort.order === 'asc' ? sql`${expr} asc nulls first` : sql`${expr} desc nulls last`);
  const rows = (await reading.dataSet
    .source(tx, selection)
    .where(whereOf(tx, reading))
    .orderBy(direction(sort.field.expr), direction(reading.dataSet.idColumn))
    .limit(page.limit)
    .offset(page.offset)) as Record<string, unknown>[];
  return rows.map((row) => {
    const record: Record<string, ReportCell> = { id: Number(row.id) };
    columns.forEach((field, index) => {
      record[field.key] = cellOf(field, row[`c${index}`], row[`m${index}`]);
    });
    return record;
  });
}

/** Rows grouped by a field: the count, or the sum of a number field; the largest groups first. */
export async function chartGroups(tx: Db, reading: Reading, groupBy: DataSetField, sum: DataSetField | null, max: number): Promise<{ key: string | null; value: string }[]> {
  const key = sql<string | null>`cast(${groupBy.expr} as text)`;
  const measure = sum ? sql`coalesce(sum(${sum.expr}), 0)` : sql`count(*)`;
  const rows = (await reading.dataSet
    .source(tx, { key, value: sql<string>`cast(${measure} as text)` })
    .where(whereOf(tx, reading))
    .groupBy(groupBy.expr)
    .orderBy(desc(measure), asc(groupBy.expr))
    .limit(max)) as { key: string | null; value: string }[];
  return rows;
}
