import type { PurchasePlatform } from '@portal/shared/purchase';
import type { PlatformTokenEditInput, PlatformTokenOverview, PlatformTokenRecord } from '@portal/shared/purchase-token';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Every query of the platforms' tokens starts with this: a change reloads them. */
/** the screen shows a refusal itself, next to what was tried */
const SILENT = { silent: true } as const;

export const PLATFORM_TOKENS_KEY = ['purchase-config', 'token'] as const;

/** GET /purchase/token/list: both platforms' settings and token state (never the secret or a token). */
export const getPlatformTokens = (signal?: AbortSignal) => http.get<PlatformTokenOverview>('/purchase/token/list', { signal });
/** PUT /purchase/token/edit: the app key, the secret (write-only; empty keeps it) and the redirect URI. */
export const savePlatformApp = (input: PlatformTokenEditInput) => http.put<PlatformTokenRecord>('/purchase/token/edit', input, SILENT);
/** DELETE /purchase/token/delete: the platform's settings and tokens. */
export const deletePlatformApp = (platform: PurchasePlatform) => http.delete<null>('/purchase/token/delete', { params: { platform }, ...SILENT });
/** POST /purchase/token/authorize: the platform's authorize address (a fresh single-use state). */
export const authorizePlatform = (platform: PurchasePlatform) => http.post<{ url: string; expiresAt: string }>('/purchase/token/authorize', { platform }, SILENT);
/** POST /purchase/token/callback: the code and state the platform sent back to this page. */
export const completePlatformAuthorization = (input: { code: string; state: string }) => http.post<PlatformTokenRecord>('/purchase/token/callback', input, SILENT);
/** POST /purchase/token/refresh: a new access token now. */
export const refreshPlatformToken = (platform: PurchasePlatform) => http.post<PlatformTokenRecord>('/purchase/token/refresh', { platform }, SILENT);

export const usePlatformTokens = () => useQuery({ queryKey: PLATFORM_TOKENS_KEY, queryFn: ({ signal }) => getPlatformTokens(signal) });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: PLATFORM_TOKENS_KEY }) });
}

export const useSavePlatformApp = () => useInvalidating(savePlatformApp);
export const useDeletePlatformApp = () => useInvalidating(deletePlatformApp);
export const useAuthorizePlatform = () => useMutation({ mutationFn: authorizePlatform });
export const useCompleteAuthorization = () => useInvalidating(completePlatformAuthorization);
export const useRefreshPlatformToken = () => useInvalidating(refreshPlatformToken);
