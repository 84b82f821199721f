import type { ListParams } from '../../components/list-page/list-config.ts';
import { userTimeZone } from '../../lib/time-zone.ts';

/** What an export sends: the list's filters (the server's export takes no paging and no sort) and the user's time zone. */
export type ExportFilters = Record<string, string | number | undefined>;

/** Parameters of a list that an export does not take. */
const LIST_ONLY = new Set(['pageNo', 'pageSize', 'column', 'order']);

export function exportFiltersOf(params: ListParams): ExportFilters {
  const filters = Object.fromEntries(Object.entries(params).filter(([name]) => !LIST_ONLY.has(name)));
  return { ...filters, timeZone: userTimeZone() };
}
