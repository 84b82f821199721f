import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExceptionType } from '@portal/shared/logistics';
import { http } from '../../../lib/http.ts';
import { PLATFORM_EXCEPTIONS_KEY, type PlatformException } from './list-exceptions.ts';

/** The body of /warehouse/exception/add (the contract file names no schema for it: this is the route's own). */
export type AddExceptionInput = { orderNo: string; type: ExceptionType; description: string };

/** POST /warehouse/exception/add: a pending exception on any tenant's order. Silent: the form shows the refusal (404 for an unknown order). */
export const addException = (input: AddExceptionInput) => http.post<PlatformException>('/warehouse/exception/add', input, { silent: true });

export function useAddException() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addException, onSuccess: () => client.invalidateQueries({ queryKey: PLATFORM_EXCEPTIONS_KEY }) });
}
