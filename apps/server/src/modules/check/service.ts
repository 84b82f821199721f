import { RE2JS } from 're2js';
import type { Language } from '@portal/shared/languages';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { toSimplified, toTraditional } from '../../lib/chinese-script.ts';
import { findDuplicateTarget, findRule, recordVisible, valueTaken, type Rule } from './repository.ts';
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

function checkValue(rule: Rule, value: string, lang: Language): RuleOutcome {
  for (const { pattern, message } of rule.rules) {
    const re = compile(pattern);
    if (!re) return { kind: 'broken', pattern };
    if (!re.matches(value)) return { kind: 'failed', message: message[lang] || message['zh-TW'] };
  }
  return { kind: 'passed' };
}

/** A value against a stored rule; an unknown rule is 404. */
export async function checkByRule(db: Db, ruleCode: string, value: string, lang: Language): Promise<RuleOutcome> {
  const rule = await findRule(db, ruleCode);
  if (!rule) throw notFound('ruleNotFound', { code: ruleCode.slice(0, 64) });
  return checkValue(rule, value, lang);
}

export type DuplicateQuery = { tableName: string; fieldName: string; fieldVal: string; dataId?: number };
/**
 * A higher domain's own duplicate check, for tables outside the allow-list (an online form's `onl_<code>`):
 * undefined when the table is not its. Registered by the app (checkRoutes' options): this domain imports none.
 */
export type DuplicateSource = (db: Db, tenantId: number, query: DuplicateQuery) => Promise<boolean | undefined>;

/**
 * Is a value already used? Only (table, field) pairs on the allow-list, or of a registered source, are looked
 * at (DESIGN §3), and the record being edited must be one the caller may see.
 */
export async function isDuplicate(db: Db, tenantId: number, query: DuplicateQuery, sources: readonly DuplicateSource[] = []): Promise<boolean> {
  const { tableName, fieldName, fieldVal, dataId } = query;
  const target = findDuplicateTarget(tableName, fieldName);
  if (!target) {
    for (const source of sources) {
      const found = await source(db, tenantId, query);
      if (found !== undefined) return found;
    }
  }
  if (!target) throw badRequest('duplicateNotAllowed', { table: tableName.slice(0, 64), field: fieldName.slice(0, 64) });
  if (dataId !== undefined && !(await recordVisible(db, target, tenantId, dataId))) throw notFound();
  return valueTaken(db, target, tenantId, fieldVal, dataId);
}

/** Traditional <-> Simplified Chinese: sign 0 to Simplified, 1 to Traditional. */
export const convertChinese = (original: string, sign: 0 | 1) => (sign === 0 ? toSimplified(original) : toTraditional(original));
