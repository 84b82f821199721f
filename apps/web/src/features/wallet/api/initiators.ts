import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from '../../../entities/wallet/wallet-details.ts';

/** POST initiator: the tenant's people who created wallet records (the "created by" filter). Silent: the filter just has no options. */
export const listInitiators = (signal?: AbortSignal) => http.post<Person[]>(`${WALLET_BASE}/initiator`, {}, { transfer: true, signal, silent: true });

export const initiatorsQuery = () =>
  queryOptions({ queryKey: [...WALLET_KEY, 'initiator'] as const, queryFn: ({ signal }) => listInitiators(signal), staleTime: 5 * 60_000, retry: false });

export const useInitiators = () => useQuery(initiatorsQuery());
