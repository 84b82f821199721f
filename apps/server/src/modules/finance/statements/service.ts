import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { StatementDetail, statementInput, StatementRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { assertExportSize, keysetBatches } from '../../../lib/xlsx.ts';
import { tenantNames } from '../repository.ts';
import { toDetailRecord } from '../details/repository.ts';
import type { StatementSheet } from './export.ts';
import {
  currentMonth,
  findStatement,
  monthFigures,
  monthLines,
  sameFigures,
  toStatementRecord,
  upsertStatement,
  walletAccount,
  type Figures,
  type StatementRow,
} from './repository.ts';

/*
 * The "Alipay monthly statement": a wallet's statement per currency and month (Asia/Shanghai months),
 * generated from the entries and recomputed from them whenever it is read. Debits are negative:
 * closing = opening + credits + debits.
 */

/** A statement answers its movements in one page; a busier month is read in the finance details. */
const STATEMENT_LINES_MAX = 10_000;

const textOf = (figures: Figures) => ({
  opening: String(figures.opening),
  credits: String(figures.credits),
  debits: String(figures.debits),
  closing: String(figures.closing),
  entryCount: figures.entryCount,
});

/** The statement's figures as the entries give them now; a closed month that changed is a ledger fault. */
async function recompute(tx: Db, row: StatementRow, log: FastifyBaseLogger): Promise<{ figures: Figures; accountId: number | null }> {
  const accountId = await walletAccount(tx, row.tenantId, row.currency);
  const figures = await monthFigures(tx, accountId, row.month);
  if (row.month < currentMonth() && !sameFigures(row, figures)) {
    log.error(
      { statementId: row.id, tenantId: row.tenantId, currency: row.currency, month: row.month, stored: textOf(row), recomputed: textOf(figures) },
      'the entries of a closed month changed since its statement was generated',
    );
  }
  return { figures, accountId };
}

/** The tenant's statement, or 404. */
async function statementOf(db: Db, tenantId: number, id: number): Promise<StatementRow> {
  const row = await findStatement(db, id, tenantId);
  if (!row) throw notFound();
  return row;
}

/** (Re)generates the tenant's statement of one wallet currency and month from the entries; a month to come is 400. */
export async function generateStatement(db: Db, caller: { tenantId: number; userId: number }, input: z.infer<typeof statementInput>): Promise<StatementRecord> {
  const { tenantId, userId } = caller;
  const { month, currency, remark } = input;
  if (month > currentMonth()) throw badRequest('statementMonthInFuture', { field: 'month', month });
  return db.transaction(async (tx) => {
    const figures = await monthFigures(tx, await walletAccount(tx, tenantId, currency), month);
    const id = await upsertStatement(tx, { tenantId, currency, month, remark, userId }, figures);
    return toStatementRecord(must(await findStatement(tx, id, tenantId), 'statement'));
  });
}

/** A statement recomputed now, with each movement of the month oldest first and the running balance after it. */
export async function statementDetail(db: Db, tenantId: number, id: number, log: FastifyBaseLogger): Promise<StatementDetail> {
  const row = await statementOf(db, tenantId, id);
  // one snapshot: the figures and the lines cannot disagree about a posting made meanwhile
  return db.transaction(
    async (tx) => {
      const { figures, accountId } = await recompute(tx, row, log);
      if (figures.entryCount > STATEMENT_LINES_MAX) throw badRequest('statementTooManyLines', { count: figures.entryCount, max: STATEMENT_LINES_MAX });
      const lines = accountId === null || figures.entryCount === 0 ? [] : await monthLines(tx, accountId, row.month, null, STATEMENT_LINES_MAX);
      let balance = figures.opening;
      return {
        ...toStatementRecord(row, figures),
        lines: lines.map((line) => {
          balance += line.amount;
          return toDetailRecord(line, balance);
        }),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function* emptyLines() {}

/** A statement's sheet: its figures recomputed now, then each movement of the month; 400 past the export limit. */
export async function statementExport(db: Db, tenantId: number, id: number, view: { lang: Language; timeZone: string; log: FastifyBaseLogger }): Promise<StatementSheet> {
  const row = await statementOf(db, tenantId, id);
  const { figures, accountId } = await recompute(db, row, view.log);
  assertExportSize(figures.entryCount);
  const names = await tenantNames(db, [tenantId]);
  // the lines stop at the month's end, so what is posted meanwhile (this month) cannot slip in;
  // in a closed month nothing is posted at all
  const lines = accountId === null ? emptyLines() : keysetBatches((after, limit) => monthLines(db, accountId, row.month, after, limit));
  return {
    lang: view.lang,
    timeZone: view.timeZone,
    tenantName: names.get(tenantId) ?? '',
    currency: row.currency,
    month: row.month,
    figures,
    generatedAt: row.generatedAt,
    lines,
  };
}
