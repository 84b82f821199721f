import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { PlatformMove } from '../exception-moves.ts';
import { PLATFORM_EXCEPTIONS_KEY, type PlatformException } from './list-exceptions.ts';

/** The body of /warehouse/exception/update: a remark is required to ask the merchant ('2'). */
export type UpdateExceptionInput = { id: number; status: PlatformMove; remark: string };

/** POST /warehouse/exception/update. Silent: the dialog shows the refusal (409 when the status has moved meanwhile). */
export const updateException = (input: UpdateExceptionInput) => http.post<PlatformException>('/warehouse/exception/update', input, { silent: true });

export function useUpdateException() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateException, onSuccess: () => client.invalidateQueries({ queryKey: PLATFORM_EXCEPTIONS_KEY }) });
}
