import { z } from 'zod';
import { msg } from './messages.ts';
import { textsInput, textsRecord } from './system-dicts.ts';

/*
 * Check rules (sys_check_rule) as the online designer edits them: a code, a name and
 * patterns, each with the message shown when a value does not match. Patterns run on RE2 (no
 * backtracking): the server refuses one that does not compile there.
 */

export const CHECK_RULE_CODE_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;
export const CHECK_RULE_PATTERNS_MAX = 10;

/** the longest message of a pattern, in each language */
export const CHECK_RULE_MESSAGE_MAX = 200;
export const checkRulePattern = z.strictObject({ pattern: z.string().min(1).max(500), message: textsInput(CHECK_RULE_MESSAGE_MAX) });
export const checkRuleInput = z.strictObject({
  ruleCode: z.string().trim().regex(CHECK_RULE_CODE_PATTERN, { error: msg('onlineFieldKeyFormat') }),
  ruleName: textsInput(100),
  rules: z.array(checkRulePattern).min(1).max(CHECK_RULE_PATTERNS_MAX),
});
export type CheckRuleInput = z.output<typeof checkRuleInput>;
export const checkRuleEditInput = checkRuleInput.extend({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const checkRuleRecord = z.object({
  id: z.number().int(),
  ruleCode: z.string(),
  ruleName: textsRecord,
  rules: z.array(z.object({ pattern: z.string(), message: textsRecord })),
  createdAt: z.string(),
});
export type CheckRuleRecord = z.infer<typeof checkRuleRecord>;
