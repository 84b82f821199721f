import type { ListParams, Page } from './list-config.ts';

/**
 * A page past the last one (the user was on page 5, then picked a tab with 2 pages) answers the
 * last page instead of an empty table; antd's table shows the last page as current in that case,
 * so what is drawn and what is marked agree.
 */
export function withinPages<T>(fetch: (params: ListParams, signal: AbortSignal) => Promise<Page<T>>) {
  return async (params: ListParams, signal: AbortSignal): Promise<Page<T>> => {
    const page = await fetch(params, signal);
    if (page.records.length > 0 || page.total === 0 || params.pageNo <= 1) return page;
    const last = Math.max(1, Math.ceil(page.total / params.pageSize));
    return last < params.pageNo ? fetch({ ...params, pageNo: last }, signal) : page;
  };
}
