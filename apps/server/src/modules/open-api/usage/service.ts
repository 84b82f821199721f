import type { ApiStatistics, ApiStatsType } from '@portal/shared/usage-statistics';
import type { DayRange } from '@portal/shared/visit-statistics';
import { daysIn } from '@portal/shared/visit-statistics';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { resolveStatisticsRange, type StatisticsRangeQuery } from '../../../lib/statistics-range.ts';
import { addCounts, emptyCounts, figuresOf, type ApiCounts } from './model.ts';
import { apiStatRows, keyOfTenant, tenantKeys, type ApiStatRow } from './repository.ts';

export type ApiStatsQuery = StatisticsRangeQuery & { keyId?: number; apiType?: ApiStatsType };

const DAY_MS = 86_400_000;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Every day of the range, in order (the chart has a point for a day without calls). */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.begin, n = daysIn(range); n > 0; n--, day = dayAfter(day)) days.push(day);
  return days;
}

/** The range and filter of a request: a key of another tenant (or none) is 404. */
export async function resolveApiStatsRequest(db: Db, tenantId: number, query: ApiStatsQuery) {
  const range = resolveStatisticsRange(query);
  if (query.keyId !== undefined && !(await keyOfTenant(db, tenantId, query.keyId))) throw notFound('statsKeyNotFound');
  return { range, filter: { keyId: query.keyId, apiType: query.apiType } };
}

function groupBy<K>(rows: ApiStatRow[], keyOf: (row: ApiStatRow) => K): Map<K, ApiCounts> {
  const groups = new Map<K, ApiCounts>();
  for (const row of rows) {
    const key = keyOf(row);
    const counts = groups.get(key);
    if (counts) addCounts(counts, row);
    else groups.set(key, addCounts(emptyCounts(), row));
  }
  return groups;
}

/** Totals, per day, per key and per operation of the tenant's calls in the range. */
export async function apiStatistics(db: Db, tenantId: number, query: ApiStatsQuery): Promise<ApiStatistics> {
  const { range, filter } = await resolveApiStatsRequest(db, tenantId, query);
  const rows = await apiStatRows(db, tenantId, range, filter);
  const byDay = groupBy(rows, (row) => row.day);
  const byKey = groupBy(rows, (row) => row.keyId);
  const byType = groupBy(rows, (row) => row.apiType);
  const names = new Map((await tenantKeys(db, tenantId)).map((key) => [key.id, key.name]));
  const busiestFirst = <T extends { calls: number }>(list: T[]) => list.sort((a, b) => b.calls - a.calls);
  return {
    ...range,
    totals: figuresOf(rows.reduce((sum, row) => addCounts(sum, row), emptyCounts())),
    days: daysOf(range).map((date) => ({ date, ...figuresOf(byDay.get(date) ?? emptyCounts()) })),
    keys: busiestFirst([...byKey].map(([keyId, counts]) => ({ keyId, keyName: names.get(keyId) ?? `#${keyId}`, ...figuresOf(counts) }))),
    apiTypes: busiestFirst([...byType].map(([apiType, counts]) => ({ apiType, ...figuresOf(counts) }))),
  };
}

/** The rows of the export: one per day, key and operation with calls. */
export async function apiStatisticsRows(db: Db, tenantId: number, query: ApiStatsQuery) {
  const { range, filter } = await resolveApiStatsRequest(db, tenantId, query);
  const rows = await apiStatRows(db, tenantId, range, filter);
  const names = new Map((await tenantKeys(db, tenantId)).map((key) => [key.id, key.name]));
  return { range, rows: rows.map((row) => ({ date: row.day, keyId: row.keyId, keyName: names.get(row.keyId) ?? `#${row.keyId}`, apiType: row.apiType, ...figuresOf(row) })) };
}
