import type { ParseKeys } from 'i18next';
import type { ListParams } from '../../components/list-page/list-config.ts';
import { userTimeZone } from '../../lib/time-zone.ts';

/*
 * The tabs of every finance list (docs/web-tabs-and-lists.md, "Tabbed record lists"): "All" is the first
 * tab, then the states in the order a record lives through them. A merchant's own records open on All;
 * a review queue opens on what awaits the reviewer (its records leave the tab once decided).
 */

/** The key of the tab that filters on no status. */
export const ALL_TAB = 'ALL';

/** A tab of a finance list: All, or one status. */
export type ListTab<S extends string> = { key: typeof ALL_TAB | S; label: ParseKeys<'finance'> };

/** A list's tabs: All first, then the status tabs in the order given. */
export const tabsWithAll = <S extends string>(tabs: readonly { key: S; label: ParseKeys<'finance'> }[]): readonly ListTab<S>[] => [{ key: ALL_TAB, label: 'tabs.all' }, ...tabs];

/** The tab a review queue opens on: the records awaiting a decision. */
export const REVIEW_QUEUE_TAB = 'SUBMITTED';

/** The status a tab filters on (none for All). */
export const statusOfTab = <S extends string>(tab: typeof ALL_TAB | S): S | undefined => (tab === ALL_TAB ? undefined : (tab as S));

/** Filters that are numbers in the contract (the query form may hand them over as text). */
const NUMERIC = new Set(['tenantId', 'createdBy']);
/** The toolkit's sort column: the finance lists sort by their own default order, the body takes none. */
const LIST_ONLY = new Set(['column']);

/**
 * The body of a finance list (POST, docs/finance.md): the toolkit's page and filters, empty values
 * left out, numeric filters as numbers, and the fixed filters of the screen (a tab's status) on top.
 */
export function listBody(params: ListParams, fixed: Record<string, string | number | boolean | undefined> = {}): Record<string, string | number | boolean> {
  const body: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries({ ...params, ...fixed })) {
    if (value === undefined || value === '' || LIST_ONLY.has(name)) continue;
    if (NUMERIC.has(name)) {
      const number = typeof value === 'number' ? value : Number(String(value).trim());
      if (Number.isSafeInteger(number)) body[name] = number;
      continue;
    }
    body[name] = value;
  }
  return body;
}

/** The query of an export (GET exportXls): the list's filters as parameters. */
export type ExportQuery = Record<string, string | number | boolean>;

/** What an export sends as its query: the same filters, without the page, and the user's time zone. */
export function exportQuery(params: ListParams, fixed: Record<string, string | number | boolean | undefined> = {}): ExportQuery {
  const filters = listBody(params, fixed);
  for (const name of ['pageNo', 'pageSize', 'order']) delete filters[name];
  const timeZone = userTimeZone();
  return timeZone ? { ...filters, timeZone } : filters;
}
