import type { Texts } from '@portal/shared/languages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** A check rule (sys_check_rule): every pattern must match the whole value; the first that fails gives its message. */
export type CheckRuleLine = { pattern: string; message: Texts };
export type CheckRuleInput = { ruleCode: string; ruleName: Texts; rules: CheckRuleLine[] };
export type CheckRuleRecord = CheckRuleInput & { id: number; createdAt: string };

export const CHECK_RULES_KEY = ['online-dev', 'check-rule'] as const;
export const CHECK_RULE_LIST_KEY = [...CHECK_RULES_KEY, 'list'] as const;

/** GET /sys/checkRule/list: the rules, paged, filtered by code and name. */
export const listCheckRules = (params: ListParams, signal?: AbortSignal) => http.get<Page<CheckRuleRecord>>('/sys/checkRule/list', { params, signal });

/** Every rule (a form field chooses its rule code among them). */
export const useAllCheckRules = (enabled = true) =>
  useQuery({
    queryKey: [...CHECK_RULES_KEY, 'all'] as const,
    queryFn: ({ signal }) => listCheckRules({ pageNo: 1, pageSize: 100 }, signal).then((page) => page.records),
    staleTime: 60_000,
    enabled,
  });

/** POST /sys/checkRule/add. Silent: the editor shows the refusal (a pattern the server's engine refuses). */
export const addCheckRule = (input: CheckRuleInput) => http.post<CheckRuleRecord>('/sys/checkRule/add', input, { silent: true });
/** PUT /sys/checkRule/edit. */
export const editCheckRule = (input: CheckRuleInput & { id: number }) => http.put<CheckRuleRecord>('/sys/checkRule/edit', input, { silent: true });
/** DELETE /sys/checkRule/delete?id= */
export const deleteCheckRule = (id: number) => http.delete<null>('/sys/checkRule/delete', { params: { id } });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: CHECK_RULES_KEY }) });
}

export const useAddCheckRule = () => useInvalidating(addCheckRule);
export const useEditCheckRule = () => useInvalidating(editCheckRule);
export const useDeleteCheckRule = () => useInvalidating(deleteCheckRule);
