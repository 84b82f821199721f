import type { ApiKeyEditInput, ApiKeyInput, ApiKeyIssued, ApiKeyRecord, ApiKeyRollInput } from '@portal/shared/open-api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the tenant's API keys starts with this: a change reloads them all. */
export const API_KEYS_KEY = ['open-api', 'api-key'] as const;
export const API_KEY_LIST_KEY = [...API_KEYS_KEY, 'list'] as const;

/** GET /config/api-key/list: the tenant's keys, newest first; never a whole key. */
export const listApiKeys = (params: ListParams, signal?: AbortSignal) => http.get<Page<ApiKeyRecord>>('/config/api-key/list', { params, signal });

/** POST /config/api-key/add: the answer holds the whole key, this once. Silent: the drawer shows the refusal. */
export const addApiKey = (input: ApiKeyInput) => http.post<ApiKeyIssued>('/config/api-key/add', input, { silent: true });
/** PUT /config/api-key/edit. Silent: the drawer shows the refusal. */
export const editApiKey = (input: ApiKeyEditInput) => http.put<ApiKeyRecord>('/config/api-key/edit', input, { silent: true });
/** POST /config/api-key/roll: a new key, this once; the old one works `overlapHours` more. */
export const rollApiKey = (input: ApiKeyRollInput) => http.post<ApiKeyIssued>('/config/api-key/roll', input, { silent: true });
/** POST /config/api-key/revoke: refused from the next call on. */
export const revokeApiKey = (id: number) => http.post<ApiKeyRecord>('/config/api-key/revoke', { id });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }) });
}

export const useAddApiKey = () => useInvalidating(addApiKey);
export const useEditApiKey = () => useInvalidating(editApiKey);
export const useRollApiKey = () => useInvalidating(rollApiKey);
export const useRevokeApiKey = () => useInvalidating(revokeApiKey);
