import type { DictEditInput, DictInput, DictRecord } from '@portal/shared/system-dicts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the dictionaries' screen starts with this: a change invalidates them all. */
export const DICTS_KEY = ['system', 'dict'] as const;
export const DICT_LIST_KEY = [...DICTS_KEY, 'list'] as const;

/** GET /sys/dict/list: the dictionaries, paged, filtered by code and name. */
export const listDicts = (params: ListParams, signal?: AbortSignal) => http.get<Page<DictRecord>>('/sys/dict/list', { params, signal });
/** POST /sys/dict/add. Silent: the dialog shows the server's refusal. */
export const addDict = (input: DictInput) => http.post<DictRecord>('/sys/dict/add', input, { silent: true });
/** PUT /sys/dict/edit. Silent: the dialog shows the server's refusal. */
export const editDict = (input: DictEditInput) => http.put<DictRecord>('/sys/dict/edit', input, { silent: true });
/** DELETE /sys/dict/delete?id=: its items go with it; refused (409) for a dictionary the code relies on. */
export const deleteDict = (id: number) => http.delete<null>('/sys/dict/delete', { params: { id } });
/** GET /sys/dict/refleshCache (spec §7): silent, the page says 刷新缓存完成！ or 刷新缓存失败！ itself. */
export const refreshDictCache = () => http.get<null>('/sys/dict/refleshCache', { silent: true });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: DICTS_KEY }) });
}

export const useAddDict = () => useInvalidating(addDict);
export const useEditDict = () => useInvalidating(editDict);
export const useDeleteDict = () => useInvalidating(deleteDict);
