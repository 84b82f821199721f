import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { exceptionDealInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { InputOf } from './contract.ts';
import { EXCEPTIONS_KEY } from './list-exceptions.ts';

export type ExceptionDealInput = InputOf<typeof exceptionDealInput>;

/** POST /logistics/collectionException/deal: the merchant's decision. Silent: the dialog shows the refusal (409 once dealt). */
export const dealException = (input: ExceptionDealInput) => http.post<unknown>('/logistics/collectionException/deal', input, { silent: true });

export function useDealException() {
  const client = useQueryClient();
  return useMutation({ mutationFn: dealException, onSuccess: () => client.invalidateQueries({ queryKey: EXCEPTIONS_KEY }) });
}
