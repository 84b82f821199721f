import type { PushEndpointEditInput, PushEndpointInput, PushEndpointRecord, PushEndpointWithSecret } from '@portal/shared/push-endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the merchant's push configuration starts with this: a change reloads the endpoints and the log. */
export const MESSAGE_PUSH_KEY = ['message-push'] as const;
export const PUSH_ENDPOINT_LIST_KEY = [...MESSAGE_PUSH_KEY, 'endpoint', 'list'] as const;

/** GET /config/push-endpoint/list: the endpoints, newest first (never a secret). */
export const listPushEndpoints = (params: ListParams, signal?: AbortSignal) => http.get<Page<PushEndpointRecord>>('/config/push-endpoint/list', { params, signal });

/** Every endpoint of the merchant (at most 20): the delivery log's endpoint filter. */
export const allPushEndpointsQuery = () =>
  queryOptions({
    queryKey: [...MESSAGE_PUSH_KEY, 'endpoint', 'all'] as const,
    queryFn: ({ signal }) => listPushEndpoints({ pageNo: 1, pageSize: 200 }, signal).then((page) => page.records),
  });
export const useAllPushEndpoints = () => useQuery(allPushEndpointsQuery());

/** POST /config/push-endpoint/add: the answer carries the signing secret, this once. Silent: the drawer shows a refusal. */
export const addPushEndpoint = (input: PushEndpointInput) => http.post<PushEndpointWithSecret>('/config/push-endpoint/add', input, { silent: true });
/** PUT /config/push-endpoint/edit (enabling and disabling too). Silent: the drawer shows a refusal. */
export const editPushEndpoint = (input: PushEndpointEditInput) => http.put<PushEndpointRecord>('/config/push-endpoint/edit', input, { silent: true });
/** DELETE /config/push-endpoint/delete?id=: its deliveries go with it. */
export const deletePushEndpoint = (id: number) => http.delete<null>('/config/push-endpoint/delete', { params: { id } });
/** POST /config/push-endpoint/rotate-secret: a new secret, shown once; the previous one signs during the overlap. */
export const rotatePushSecret = (id: number) => http.post<PushEndpointWithSecret>('/config/push-endpoint/rotate-secret', { id });
/** POST /config/push-endpoint/test: a PING to this endpoint now. */
export const sendPushTest = (id: number) => http.post<{ deliveryId: number; msgId: string }>('/config/push-endpoint/test', { id });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: MESSAGE_PUSH_KEY }) });
}

export const useAddPushEndpoint = () => useInvalidating(addPushEndpoint);
export const useEditPushEndpoint = () => useInvalidating(editPushEndpoint);
export const useDeletePushEndpoint = () => useInvalidating(deletePushEndpoint);
export const useRotatePushSecret = () => useInvalidating(rotatePushSecret);
export const useSendPushTest = () => useInvalidating(sendPushTest);
