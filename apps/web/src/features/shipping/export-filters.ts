import type { ListParams } from '../../components/list-page/list-config.ts';

/** What an export sends: the list's filters (the server's export takes no paging and no sort) and the user's time zone. */
export type ExportFilters = Record<string, string | number | undefined>;

/** The browser's IANA time zone, so that the sheet shows the times the user sees on screen. */
function userTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    // an engine without time zones: the server's default applies
    return undefined;
  }
}

/** Parameters of a list that an export does not take. */
const LIST_ONLY = new Set(['pageNo', 'pageSize', 'column', 'order']);

export function exportFiltersOf(params: ListParams): ExportFilters {
  const filters = Object.fromEntries(Object.entries(params).filter(([name]) => !LIST_ONLY.has(name)));
  return { ...filters, timeZone: userTimeZone() };
}
