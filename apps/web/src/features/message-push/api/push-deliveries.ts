import type { PushDeliveryDetail, PushDeliveryRecord, PushReplayFailedInput, PushReplayResult } from '@portal/shared/push-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { MESSAGE_PUSH_KEY } from './push-endpoints.ts';

export const PUSH_DELIVERY_LIST_KEY = [...MESSAGE_PUSH_KEY, 'delivery', 'list'] as const;

/** GET /config/push-endpoint/delivery/list: deliveries newest first, filtered by endpoint, type, status, time. */
export const listPushDeliveries = (params: ListParams, signal?: AbortSignal) => http.get<Page<PushDeliveryRecord>>('/config/push-endpoint/delivery/list', { params, signal });
/** GET /config/push-endpoint/delivery/queryById?id=: the delivery, every attempt and the payload. */
export const getPushDelivery = (id: number, signal?: AbortSignal) => http.get<PushDeliveryDetail>('/config/push-endpoint/delivery/queryById', { params: { id }, signal });
export const usePushDelivery = (id: number | null) => useQuery({ queryKey: [...MESSAGE_PUSH_KEY, 'delivery', 'detail', id], queryFn: ({ signal }) => getPushDelivery(id ?? 0, signal), enabled: id !== null });

/** POST /config/push-endpoint/delivery/replay: due again now (409 while an attempt is under way). */
export const replayPushDelivery = (id: number) => http.post<null>('/config/push-endpoint/delivery/replay', { id });
/** POST /config/push-endpoint/delivery/replay-failed: every FAILED delivery of the range again. Silent: the dialog shows a refusal. */
export const replayFailedPushDeliveries = (input: PushReplayFailedInput) => http.post<PushReplayResult>('/config/push-endpoint/delivery/replay-failed', input, { silent: true });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: MESSAGE_PUSH_KEY }) });
}
export const useReplayPushDelivery = () => useInvalidating(replayPushDelivery);
export const useReplayFailedPushDeliveries = () => useInvalidating(replayFailedPushDeliveries);
