import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { CheckRuleInput, CheckRuleRecord } from '@portal/shared/online-check-rules';
import type { Db } from '../../../db/client.ts';
import { checkRules } from '../../../db/schema/dict.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

/* sys_check_rule: a global reference table, the platform's. */

export const RULE_CODE_UNIQUE = 'sys_check_rule_code_uq';
type Row = typeof checkRules.$inferSelect;

export const toRecord = (row: Row): CheckRuleRecord => ({ id: Number(row.id), ruleCode: row.ruleCode, ruleName: row.ruleName, rules: row.rules, createdAt: row.createdAt.toISOString() });

export async function listRules(db: Db, query: { pageNo: number; pageSize: number; ruleCode?: string; ruleName?: string; order?: 'asc' | 'desc' }) {
  const parts: SQL[] = [];
  if (query.ruleCode) parts.push(sql`${checkRules.ruleCode} ilike ${`%${escapeLike(query.ruleCode)}%`}`);
  if (query.ruleName) {
    const like = `%${escapeLike(query.ruleName)}%`;
    parts.push(sql`(${checkRules.ruleName}->>'zh-TW' ilike ${like} or ${checkRules.ruleName}->>'zh-CN' ilike ${like} or ${checkRules.ruleName}->>'en-US' ilike ${like})`);
  }
  const where = parts.length ? and(...parts) : undefined;
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(checkRules)
      .where(where)
      .orderBy(direction(checkRules.ruleCode), direction(checkRules.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(checkRules).where(where),
  ]);
  return pageOf(rows.map(toRecord), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

export async function findRuleById(db: Db, id: number, lock = false): Promise<Row | undefined> {
  const query = db.select().from(checkRules).where(eq(checkRules.id, id));
  return (lock ? await query.for('update') : await query)[0];
}

export async function ruleCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: checkRules.id })
    .from(checkRules)
    .where(and(eq(checkRules.ruleCode, code), exceptId === undefined ? undefined : ne(checkRules.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertRule(db: Db, input: CheckRuleInput): Promise<Row> {
  return must((await db.insert(checkRules).values(input).returning())[0], 'inserted check rule');
}

export async function updateRule(db: Db, id: number, input: CheckRuleInput): Promise<Row | undefined> {
  return (await db.update(checkRules).set(input).where(eq(checkRules.id, id)).returning())[0];
}

export async function deleteRule(db: Db, id: number): Promise<void> {
  await db.delete(checkRules).where(eq(checkRules.id, id));
}
