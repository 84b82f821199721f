import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatementRecord } from '@portal/shared/finance-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import { http } from '../../../lib/http.ts';
import { STATEMENTS_KEY } from './list-statements.ts';

export type StatementInput = { month: string; currency: CurrencyCode; remark: string };

/** POST /finance/brand/account/history/createOrUpdate: (re)computes a month's statement of one wallet. Silent: the dialog shows the refusal. */
export const generateStatement = ({ input, idempotencyKey }: { input: StatementInput; idempotencyKey: string }) =>
  http.post<StatementRecord>('/finance/brand/account/history/createOrUpdate', input, { silent: true, idempotencyKey });

export function useGenerateStatement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: generateStatement, onSuccess: () => client.invalidateQueries({ queryKey: STATEMENTS_KEY }) });
}
