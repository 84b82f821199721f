import type { DictItemEditInput, DictItemInput, DictItemRecord, DictItemSortInput, DictItemStatusInput } from '@portal/shared/system-dicts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../components/list-page/list-config.ts';
import { DICTS_KEY } from './dicts.ts';

const itemsKey = (dictId: number) => [...DICTS_KEY, 'items', dictId] as const;

/** GET /sys/dictItem/list: every item of a dictionary (at most a few hundred), in its order, disabled ones included. */
export const dictItemsQuery = (dictId: number) =>
  queryOptions({
    queryKey: itemsKey(dictId),
    queryFn: ({ signal }) => http.get<Page<DictItemRecord>>('/sys/dictItem/list', { params: { dictId, pageNo: 1, pageSize: 200 }, signal }).then((page) => page.records),
  });
export const useDictItems = (dictId: number | null) => useQuery({ ...dictItemsQuery(dictId ?? 0), enabled: dictId !== null });

/** POST /sys/dictItem/add. Silent: the form shows the server's refusal. */
export const addDictItem = (input: DictItemInput) => http.post<DictItemRecord>('/sys/dictItem/add', input, { silent: true });
/** PUT /sys/dictItem/edit. Silent: the form shows the server's refusal. */
export const editDictItem = (input: DictItemEditInput) => http.put<DictItemRecord>('/sys/dictItem/edit', input, { silent: true });
/** PUT /sys/dictItem/status: enable (1) or disable (0). */
export const setDictItemStatus = (input: DictItemStatusInput) => http.put<DictItemRecord>('/sys/dictItem/status', input);
/** PUT /sys/dictItem/sort: every item of the dictionary, first to last. */
export const sortDictItems = (input: DictItemSortInput) => http.put<null>('/sys/dictItem/sort', input);
/** DELETE /sys/dictItem/delete?id= */
export const deleteDictItem = (id: number) => http.delete<null>('/sys/dictItem/delete', { params: { id } });

// an item's change shows in the drawer and in the dictionaries' item counts
function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: DICTS_KEY }) });
}

export const useAddDictItem = () => useInvalidating(addDictItem);
export const useEditDictItem = () => useInvalidating(editDictItem);
export const useSetDictItemStatus = () => useInvalidating(setDictItemStatus);
export const useSortDictItems = () => useInvalidating(sortDictItems);
export const useDeleteDictItem = () => useInvalidating(deleteDictItem);
