import type { FormRule } from 'antd';

/** A form rule from a check that answers a problem's text, or null when the value is fine. */
export const problemRule = (check: (value: unknown) => string | null): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const problem = check(value);
    if (problem) throw new Error(problem);
  },
});
