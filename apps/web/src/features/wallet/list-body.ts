import type { ListParams } from '../../components/list-page/list-config.ts';
import { userTimeZone } from '../../lib/time-zone.ts';

/*
 * The tabs of every wallet record list (docs/web-tabs-and-lists.md, "Tabbed record lists"): "All" is the
 * first tab and the one a list opens on, then the states in the order a record lives through them.
 */

/** The key of the tab that filters on no status. */
export const ALL_TAB = 'ALL';

/** A tab over a record list: its key and the status it filters on (none for "all"). */
export type StatusTab<S extends string> = { key: string; status?: S };

/** A list's tabs: All first, then one per status in the order given. */
export const statusTabs = <S extends string>(statuses: readonly S[]): readonly StatusTab<S>[] => [{ key: ALL_TAB }, ...statuses.map((status) => ({ key: status, status }))];

/**
 * The tab to show after a record of the list changed to `status` (paid, submitted, saved): the tab the
 * user is on when it lists the record, else the one of its status, else All. The record never vanishes.
 */
export function tabShowing<S extends string>(tabs: readonly StatusTab<S>[], active: string, status: S): string {
  const current = tabs.find((tab) => tab.key === active);
  if (current && (current.status === undefined || current.status === status)) return active;
  return tabs.find((tab) => tab.status === status)?.key ?? ALL_TAB;
}

/** What a wallet list takes in its POST body (finance-schemas.ts *ListBody): strict objects, so nothing else. */
export type ListBody = Record<string, string | number>;

/** Filters the contract takes as numbers; the toolkit's selects give every value as text. */
const NUMERIC_FILTERS: ReadonlySet<string> = new Set(['createdBy']);

/** The toolkit's sort column: the wallet lists sort by creation time only and take just `order`. */
const NOT_SENT: ReadonlySet<string> = new Set(['column']);

/**
 * The list toolkit's parameters as a wallet list's body: paging, order and the query form's filters,
 * numeric ones as numbers, empty ones left out; `fixed` adds what the page decides (the tab's status).
 */
export function listBodyOf(params: ListParams, fixed: Record<string, string | undefined> = {}): ListBody {
  const body: ListBody = {};
  for (const [name, value] of Object.entries({ ...params, ...fixed })) {
    if (value === undefined || value === '' || NOT_SENT.has(name)) continue;
    if (NUMERIC_FILTERS.has(name)) {
      const number = Number(value);
      if (Number.isSafeInteger(number)) body[name] = number;
      continue;
    }
    body[name] = value;
  }
  return body;
}

/** Parameters of a list that an export does not take. */
const LIST_ONLY: ReadonlySet<string> = new Set(['pageNo', 'pageSize', 'column', 'order']);

/** An export's query parameters: the list's filters (what the user sees), the tab's status and the user's time zone. */
export function exportParamsOf(params: ListParams, fixed: Record<string, string | undefined> = {}): Record<string, string | number | undefined> {
  const filters = Object.fromEntries(Object.entries({ ...params, ...fixed }).filter(([name, value]) => !LIST_ONLY.has(name) && value !== undefined && value !== ''));
  return { ...filters, timeZone: userTimeZone() };
}
