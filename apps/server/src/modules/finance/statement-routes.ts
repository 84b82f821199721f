import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { idBody, statementDetail, statementInput, statementListBody, statementRecord } from '@portal/shared/finance-schemas';
import { statements } from '../../db/schema/finance.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { getQuery } from '../../lib/query.ts';
import { idParam, pageOf } from '../../lib/list.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, timeZoneParam } from '../../lib/xlsx.ts';
import { toDetailRecord } from './detail-repository.ts';
import type { Tx } from './ledger/repository.ts';
import {
  currentMonth,
  findStatement,
  monthFigures,
  monthLines,
  sameFigures,
  statementRows,
  statementWhere,
  toStatementRecord,
  upsertStatement,
  walletAccount,
  type Figures,
  type StatementRow,
} from './statement-repository.ts';
import { sendStatementXlsx } from './statement-xlsx.ts';
import { walletCaller } from './access.ts';
import { tenantNames } from './repository.ts';
import { merchant } from '../../plugins/auth.ts';

/** A statement answers its movements in one page; a busier month is read in the finance details. */
const STATEMENT_LINES_MAX = 10_000;

/**
 * The "Alipay monthly statement" (/api/finance/brand/account/history/*): a wallet's statement per
 * currency and month (Asia/Shanghai months), generated from the entries and recomputed from them
 * whenever it is read. Debits are negative: closing = opening + credits + debits.
 */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /** The statement's figures as the entries give them now; a closed month that changed is a ledger fault. */
  const recompute = async (tx: Tx, row: StatementRow, log: FastifyBaseLogger): Promise<{ figures: Figures; accountId: number | null }> => {
    const accountId = await walletAccount(tx, row.tenantId, row.currency);
    const figures = await monthFigures(tx, accountId, row.month);
    if (row.month < currentMonth() && !sameFigures(row, figures)) {
      log.error(
        { statementId: row.id, tenantId: row.tenantId, currency: row.currency, month: row.month, stored: textOf(row), recomputed: textOf(figures) },
        'the entries of a closed month changed since its statement was generated',
      );
    }
    return { figures, accountId };
  };

  app.post(
    '/finance/brand/account/history/createOrUpdate',
    {
      config: merchant('finance:alipay-statement:add'),
      schema: {
        tags: ['finance'],
        summary: "(Re)generates the caller tenant's statement of one wallet currency and month (Asia/Shanghai) from the entries",
        body: statementInput,
        response: { 200: envelopeSchema(statementRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const { month, currency, remark } = request.body;
      if (month > currentMonth()) throw badRequest('statementMonthInFuture', { field: 'month', month });
      const record = await db.transaction(async (tx) => {
        const figures = await monthFigures(tx, await walletAccount(tx, tenantId, currency), month);
        const id = await upsertStatement(tx, { tenantId, currency, month, remark, userId }, figures);
        return toStatementRecord(must(await findStatement(tx, id, tenantId), 'statement'));
      });
      return request.ok(record);
    },
  );

  app.post(
    '/finance/brand/account/history/list',
    {
      config: merchant('finance:alipay-statement:list'),
      schema: {
        tags: ['finance'],
        summary: "The caller tenant's generated statements, newest month first, with the figures as generated",
        body: statementListBody,
        response: { 200: envelopeSchema(pageSchema(statementRecord)) },
      },
    },
    async (request) => {
      const body = request.body;
      const where = statementWhere(walletCaller(request).tenantId, body);
      const [rows, counted] = await Promise.all([
        statementRows(db, where, { direction: body.order ?? 'desc', limit: body.pageSize, offset: (body.pageNo - 1) * body.pageSize }),
        db.select({ total: sql<number>`count(*)::int` }).from(statements).where(where),
      ]);
      return request.ok(pageOf(rows.map((row) => toStatementRecord(row)), Number(counted[0]?.total ?? 0), body.pageNo, body.pageSize));
    },
  );

  app.post(
    '/finance/brand/account/history/detail',
    {
      config: merchant('finance:alipay-statement:list'),
      schema: {
        tags: ['finance'],
        summary: 'A statement recomputed now from the entries, with each movement of the month oldest first and the running balance after it',
        body: idBody,
        response: { 200: envelopeSchema(statementDetail) },
      },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      const row = await findStatement(db, request.body.id, tenantId);
      if (!row) throw notFound();
      // one snapshot: the figures and the lines cannot disagree about a posting made meanwhile
      const detail = await db.transaction(
        async (tx) => {
          const { figures, accountId } = await recompute(tx, row, request.log);
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
      return request.ok(detail);
    },
  );

  app.get(
    '/finance/brand/account/history/exportXls',
    {
      config: merchant('finance:alipay-statement:export'),
      schema: {
        tags: ['finance'],
        summary: "A statement as an Excel file (xlsx) in the caller's language: its figures recomputed now, then each movement of the month",
        querystring: getQuery({ id: idParam, timeZone: timeZoneParam }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { tenantId } = walletCaller(request);
      const { id, timeZone = DEFAULT_EXPORT_TIME_ZONE } = request.query;
      const row = await findStatement(db, id, tenantId);
      if (!row) throw notFound();
      const { figures, accountId } = await recompute(db, row, request.log);
      assertExportSize(figures.entryCount);
      const names = await tenantNames(db, [tenantId]);
      // the lines stop at the month's end, so what is posted meanwhile (this month) cannot slip in;
      // in a closed month nothing is posted at all
      const lines = accountId === null ? emptyLines() : keysetBatches((after, limit) => monthLines(db, accountId, row.month, after, limit));
      return sendStatementXlsx(reply, {
        lang: request.lang,
        timeZone,
        tenantName: names.get(tenantId) ?? '',
        currency: row.currency,
        month: row.month,
        figures,
        generatedAt: row.generatedAt,
        lines,
      });
    },
  );
};

const textOf = (figures: Figures) => ({
  opening: String(figures.opening),
  credits: String(figures.credits),
  debits: String(figures.debits),
  closing: String(figures.closing),
  entryCount: figures.entryCount,
});

async function* emptyLines() {}
