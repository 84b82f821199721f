import type { FormRule } from 'antd';
import { BusinessError, http, HttpError } from './http.ts';

/*
 * The spec's duplicate-value check and rule check (§5, §7) as form rules: they run only when a value is
 * given, and a refusal shows the server's own message. A check that cannot be made (the network, the
 * server) lets the value pass: the server checks again on saving and answers with the same words.
 */

/** How long a field waits after the last keystroke before asking the server (antd's `validateDebounce`). */
export const REMOTE_CHECK_DEBOUNCE_MS = 400;

export type DuplicateTarget = { tableName: string; fieldName: string; /** the record being edited, excluded */ dataId?: number };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value));

/** The server's refusal (its message), or null when the value passed or the check could not be made. */
async function refusal(call: () => Promise<unknown>): Promise<string | null> {
  try {
    await call();
    return null;
  } catch (error) {
    if (error instanceof BusinessError) return error.message;
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) return error.message;
    return null;
  }
}

/** GET /sys/duplicate/check: whether the value is already used (in the caller's tenant, for tenant tables). */
export const checkDuplicate = (target: DuplicateTarget, fieldVal: string) =>
  refusal(() => http.get<null>('/sys/duplicate/check', { params: { tableName: target.tableName, fieldName: target.fieldName, fieldVal, dataId: target.dataId }, silent: true }));

/** GET /sys/checkRule/checkByCode: whether the value satisfies the stored rule. */
export const checkRule = (ruleCode: string, value: string) => refusal(() => http.get<null>('/sys/checkRule/checkByCode', { params: { ruleCode, value }, silent: true }));

/** A form rule: the value must not be used yet. Put it after the field's own rules, with `validateDebounce`. */
export const duplicateRule = (target: DuplicateTarget): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const given = text(value);
    if (given === '') return;
    const problem = await checkDuplicate(target, given);
    if (problem) throw new Error(problem);
  },
});

/** A form rule: the value must satisfy the stored check rule `ruleCode`. */
export const ruleCheckRule = (ruleCode: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const given = text(value);
    if (given === '') return;
    const problem = await checkRule(ruleCode, given);
    if (problem) throw new Error(problem);
  },
});
