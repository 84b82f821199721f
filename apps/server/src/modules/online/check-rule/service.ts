import { RE2JS } from 're2js';
import type { CheckRuleInput, CheckRuleRecord } from '@portal/shared/online-check-rules';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { formUsingRule } from '../form/repository.ts';
import { deleteRule, findRuleById, insertRule, ruleCodeTaken, RULE_CODE_UNIQUE, toRecord, updateRule } from './repository.ts';

/*
 * Check rules edited by the platform: every pattern must compile on RE2, the engine the rule
 * check runs (so no stored pattern can run long); a rule a form field uses stays until the field lets go.
 */

const RESOURCE = 'check-rule';

/** Empty translations take zh-TW's text. */
function filled(input: CheckRuleInput): CheckRuleInput {
  const texts = (t: CheckRuleInput['ruleName']) => ({ 'zh-TW': t['zh-TW'], 'zh-CN': t['zh-CN'] || t['zh-TW'], 'en-US': t['en-US'] || t['zh-TW'] });
  return { ruleCode: input.ruleCode, ruleName: texts(input.ruleName), rules: input.rules.map((rule) => ({ pattern: rule.pattern, message: texts(rule.message) })) };
}

function checkPatterns(input: CheckRuleInput): void {
  input.rules.forEach((rule, index) => {
    try {
      RE2JS.compile(rule.pattern);
    } catch {
      throw badRequest('checkRulePatternInvalid', { index: index + 1 });
    }
  });
}

async function saving<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedConstraint(error) === RULE_CODE_UNIQUE) throw conflict('checkRuleCodeTaken', { code });
    throw error;
  }
}

export async function addRule(db: Db, actor: AuditActor, input: CheckRuleInput): Promise<CheckRuleRecord> {
  checkPatterns(input);
  const values = filled(input);
  if (await ruleCodeTaken(db, values.ruleCode)) throw conflict('checkRuleCodeTaken', { code: values.ruleCode });
  return saving(values.ruleCode, () =>
    db.transaction(async (tx) => {
      const row = await insertRule(tx, values);
      await recordAudit(tx, actor, { resource: RESOURCE, resourceId: row.id, action: 'create', label: row.ruleCode, after: values });
      return toRecord(row);
    }),
  );
}

export async function editRule(db: Db, actor: AuditActor, { id, ...input }: CheckRuleInput & { id: number }): Promise<CheckRuleRecord> {
  checkPatterns(input);
  const values = filled(input);
  return saving(values.ruleCode, () =>
    db.transaction(async (tx) => {
      const before = await findRuleById(tx, id, true);
      if (!before) throw notFound('checkRuleNotFound');
      if (values.ruleCode !== before.ruleCode) {
        // forms name the rule by its code
        const form = await formUsingRule(tx, before.ruleCode);
        if (form) throw conflict('checkRuleInUse', { code: before.ruleCode, form });
        if (await ruleCodeTaken(tx, values.ruleCode, id)) throw conflict('checkRuleCodeTaken', { code: values.ruleCode });
      }
      const row = await updateRule(tx, id, values);
      if (!row) throw notFound('checkRuleNotFound');
      await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'update', label: row.ruleCode, before: toRecord(before), after: values });
      return toRecord(row);
    }),
  );
}

export async function removeRule(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findRuleById(tx, id, true);
    if (!before) throw notFound('checkRuleNotFound');
    const form = await formUsingRule(tx, before.ruleCode);
    if (form) throw conflict('checkRuleInUse', { code: before.ruleCode, form });
    await deleteRule(tx, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'delete', label: before.ruleCode, before: toRecord(before) });
  });
}
