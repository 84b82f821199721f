import type { ThirdAccountRecord, ThirdApproveInput, ThirdBindCandidate } from '@portal/shared/third-login';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the identities starts with this: a decision invalidates them all. */
export const THIRD_ACCOUNTS_KEY = ['system', 'third-account'] as const;
export const THIRD_ACCOUNT_LIST_KEY = [...THIRD_ACCOUNTS_KEY, 'list'] as const;

/** GET /sys/thirdAccount/list: every third-party identity, pending first unless sorted. */
export const listThirdAccounts = (params: ListParams, signal?: AbortSignal) => http.get<Page<ThirdAccountRecord>>('/sys/thirdAccount/list', { params, signal });

/** GET /sys/thirdAccount/candidates?keyword=&prefer=: the users an identity may be bound to (20 at most), those with the e-mail `prefer` first. */
export const useBindCandidates = (keyword: string, prefer: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...THIRD_ACCOUNTS_KEY, 'candidates', keyword, prefer] as const,
    queryFn: ({ signal }) => http.get<ThirdBindCandidate[]>('/sys/thirdAccount/candidates', { params: { keyword: keyword || undefined, prefer: prefer ?? undefined }, signal }),
    enabled,
    staleTime: 30_000,
  });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: THIRD_ACCOUNTS_KEY }) });
}

/** POST /sys/thirdAccount/approve. Silent: the dialog shows the server's refusal. */
export const useApproveThirdAccount = () => useInvalidating((input: ThirdApproveInput) => http.post<ThirdAccountRecord>('/sys/thirdAccount/approve', input, { silent: true }));
/** POST /sys/thirdAccount/reject */
export const useRejectThirdAccount = () => useInvalidating((id: number) => http.post<ThirdAccountRecord>('/sys/thirdAccount/reject', { id }));
/** POST /sys/thirdAccount/unbind */
export const useUnbindThirdAccount = () => useInvalidating((id: number) => http.post<ThirdAccountRecord>('/sys/thirdAccount/unbind', { id }));
