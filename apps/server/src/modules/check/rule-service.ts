import { eq } from 'drizzle-orm';
import { RE2JS } from 're2js';
import type { Language } from '@portal/shared/languages';
import type { Db } from '../../db/client.ts';
import { checkRules } from '../../db/schema/dict.ts';

export type Rule = typeof checkRules.$inferSelect;
export type RuleOutcome = { kind: 'passed' } | { kind: 'failed'; message: string } | { kind: 'broken'; pattern: string };

const compiled = new Map<string, RE2JS | null>();

/** RE2 semantics: no backtracking, so no stored pattern and no input can make a check run long. */
function compile(pattern: string): RE2JS | null {
  if (!compiled.has(pattern)) {
    let re: RE2JS | null = null;
    try {
      re = RE2JS.compile(pattern);
    } catch {
      re = null;
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(pattern, re);
  }
  return compiled.get(pattern) ?? null;
}

export async function findRule(db: Db, ruleCode: string): Promise<Rule | undefined> {
  const rows = await db.select().from(checkRules).where(eq(checkRules.ruleCode, ruleCode)).limit(1);
  return rows[0];
}

export function checkValue(rule: Rule, value: string, lang: Language): RuleOutcome {
  for (const { pattern, message } of rule.rules) {
    const re = compile(pattern);
    if (!re) return { kind: 'broken', pattern };
    if (!re.matches(value)) return { kind: 'failed', message: message[lang] || message['zh-TW'] };
  }
  return { kind: 'passed' };
}
