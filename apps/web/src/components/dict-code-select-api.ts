import { queryOptions } from '@tanstack/react-query';
import type { DictName } from '@portal/shared/system-dicts';
import { http } from '../lib/http.ts';

/**
 * Every dictionary's code and name (GET /sys/dict/names: tens of rows, searched in the browser), under the
 * dictionaries screen's key (['system', 'dict']): its add, edit and delete refresh this list too. A screen that
 * picks a dictionary needs no right to administer them.
 */
export const allDictsQuery = () =>
  queryOptions({
    queryKey: ['system', 'dict', 'all'] as const,
    queryFn: ({ signal }) => http.get<DictName[]>('/sys/dict/names', { signal }),
    staleTime: 5 * 60_000,
  });
