import type { QueueDetail, QueueRecord } from '@portal/shared/purchasing-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { userTimeZone } from '../../../lib/time-zone.ts';

/** Every query of the purchasing screens starts with this: a change to a pre-order refreshes its purchase orders too. */
export const PURCHASING_KEY = ['purchasing'] as const;
export const QUEUE_LIST_KEY = [...PURCHASING_KEY, 'queue', 'list'] as const;

type Key = { tenantId: number; id: number };

/** GET /purchasing/queue/list: paid and purchasing pre-orders of every tenant, oldest payment first. */
export const listQueue = (params: ListParams, signal?: AbortSignal) => http.get<Page<QueueRecord>>('/purchasing/queue/list', { params, signal });
export const queueDetail = (key: Key, signal?: AbortSignal) => http.get<QueueDetail>('/purchasing/queue/detail', { params: key, signal });
export const useQueueDetail = (key: Key | null) =>
  useQuery({ queryKey: [...PURCHASING_KEY, 'queue', 'detail', key], queryFn: ({ signal }) => queueDetail(key as Key, signal), enabled: key !== null });

export const takePreOrder = (key: Key) => http.post<QueueDetail>('/purchasing/queue/take', key);
export type SplitInput = Key & { orders?: { lines: { lineId: number; quantity: number }[] }[] };
/** Silent: the dialog shows the server's refusal. */
export const splitPreOrder = (input: SplitInput) => http.post<QueueDetail>('/purchasing/queue/split', input, { silent: true });
export const cancelPreOrder = (input: Key & { reason: string }) => http.post<QueueDetail>('/purchasing/queue/cancel', input, { silent: true });

function useRefreshing<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: PURCHASING_KEY }) });
}
export const useTakePreOrder = () => useRefreshing(takePreOrder);
export const useSplitPreOrder = () => useRefreshing(splitPreOrder);
export const useCancelPreOrder = () => useRefreshing(cancelPreOrder);

export const exportQueue = (filters: Record<string, string | number | undefined>) => download('/purchasing/queue/exportXls', { params: { ...filters, timeZone: userTimeZone() } });
