import type { OrderStatus } from '@portal/shared/logistics';
import type { ListParams } from '../../components/list-page/list-config.ts';

/** The query string of the order lists, the status counts and the exports (orderFilters of the contract, plus paging). */
export type OrderQuery = Record<string, string | number>;

/**
 * The list toolkit sends a date range `<name>` as `<name>_begin` / `<name>_end`; the contract names
 * them `<name>From` / `<name>To`. Everything else keeps its name.
 */
const RANGE_NAMES: Readonly<Record<string, string>> = {
  created_begin: 'createdFrom',
  created_end: 'createdTo',
  statusUpdated_begin: 'statusUpdatedFrom',
  statusUpdated_end: 'statusUpdatedTo',
};

export function toOrderQuery(params: ListParams): OrderQuery {
  const query: OrderQuery = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    query[Object.hasOwn(RANGE_NAMES, name) ? (RANGE_NAMES[name] ?? name) : name] = value;
  }
  return query;
}

const without = (query: OrderQuery, names: readonly string[]): OrderQuery => Object.fromEntries(Object.entries(query).filter(([name]) => !names.includes(name)));

/** The filters alone (no paging, no sort): what the status counts take. */
export const filtersOnly = (params: ListParams): OrderQuery => without(toOrderQuery(params), ['pageNo', 'pageSize', 'column', 'order']);

/** What an export takes: the filters and the sort the user sees, not the page. */
export const exportQuery = (params: ListParams): OrderQuery => without(toOrderQuery(params), ['pageNo', 'pageSize']);

/** A status tab: all statuses, or one. */
export type StatusTab = 'ALL' | OrderStatus;

/**
 * The status the list asks for, from the query form's status field and the status tab. The form's
 * choice wins: with a status chosen there, the tabs offer only "all" and that status, and a tab chosen
 * before stops applying (and shows as "all") rather than asking for an empty intersection.
 */
export function statusOf(formStatus: string | number | undefined, tab: StatusTab): string | undefined {
  const chosen = formStatus === undefined || formStatus === '' ? undefined : String(formStatus);
  if (tab === 'ALL') return chosen;
  return chosen && chosen !== tab ? chosen : tab;
}

/** The tab shown as active: the chosen one while it applies, else "all". */
export function activeTabOf(formStatus: string | number | undefined, tab: StatusTab): StatusTab {
  const chosen = formStatus === undefined || formStatus === '' ? undefined : String(formStatus);
  return chosen && chosen !== tab ? 'ALL' : tab;
}
