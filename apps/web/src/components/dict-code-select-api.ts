import { queryOptions } from '@tanstack/react-query';
import type { DictRecord } from '@portal/shared/system-dicts';
import { http } from '../lib/http.ts';
import type { Page } from './list-page/list-config.ts';

/** The server's largest page of GET /sys/dict/list (system-dicts.ts, dictListQuery). */
export const DICT_PAGE_SIZE_MAX = 200;

/**
 * Every dictionary, read page after page of the largest size. Dictionaries are a global reference table
 * of tens (the server's own note), so one list searched in the browser is right; paging on keeps it
 * whole past 200. The server's code and name filters are joined by AND, so a typed text that may be
 * either could not be one server search anyway.
 */
export async function listAllDicts(signal?: AbortSignal): Promise<DictRecord[]> {
  const all: DictRecord[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await http.get<Page<DictRecord>>('/sys/dict/list', { params: { pageNo, pageSize: DICT_PAGE_SIZE_MAX }, signal });
    all.push(...page.records);
    if (page.records.length === 0 || all.length >= page.total) return all;
  }
}

// under the dictionaries screen's key (['system', 'dict']): its add, edit and delete refresh this list too
export const allDictsQuery = () =>
  queryOptions({
    queryKey: ['system', 'dict', 'all'] as const,
    queryFn: ({ signal }) => listAllDicts(signal),
    staleTime: 5 * 60_000,
  });
