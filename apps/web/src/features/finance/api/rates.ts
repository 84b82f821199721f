import type { RateRecord, RateInput } from '@portal/shared/finance-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody, type ExportQuery } from '../list-body.ts';

export const RATES_KEY = ['finance', 'exchangeRate'] as const;
export const RATE_LIST_KEY = [...RATES_KEY, 'list'] as const;

/** POST /finance/exchangeRate/list: the rate table with its history; `currentOnly` keeps the one applying now per pair. */
export const listRates = (params: ListParams, currentOnly: boolean, signal?: AbortSignal) =>
  http.post<Page<RateRecord>>('/finance/exchangeRate/list', listBody(params, { currentOnly: currentOnly || undefined }), { signal });

/** POST /finance/exchangeRate/add: a new rate for a pair, now or from a later time. Silent: the dialog shows the refusal. */
export const addRate = ({ input, idempotencyKey }: { input: RateInput; idempotencyKey: string }) => http.post<RateRecord>('/finance/exchangeRate/add', input, { silent: true, idempotencyKey });

export function useAddRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addRate, onSuccess: () => client.invalidateQueries({ queryKey: RATES_KEY }) });
}

/** POST /finance/exchangeRate/delete {id}: withdraws a rate not yet effective (409 for one that is). Silent: the row shows the refusal. */
export const deleteRate = ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) => http.post<unknown>('/finance/exchangeRate/delete', { id }, { silent: true, idempotencyKey });

export function useDeleteRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteRate, onSuccess: () => client.invalidateQueries({ queryKey: RATES_KEY }) });
}

/** GET /finance/exchangeRate/exportXls: the rate table as it is filtered, as an Excel file. */
export const exportRates = (query: ExportQuery) => download('/finance/exchangeRate/exportXls', { params: query });
