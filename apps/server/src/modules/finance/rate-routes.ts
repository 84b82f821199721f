import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, gt, sql } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { currencyField, idBody, rateInput, rateListBody, rateRecord } from '@portal/shared/finance-schemas';
import { rateExportTexts } from '@portal/shared/messages-rates';
import { rates } from '../../db/schema/finance.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { getQuery } from '../../lib/query.ts';
import { caller, platform } from '../../plugins/auth.ts';
import { booleanParam, pageOf, timeParam } from '../../lib/list.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx, timeFormatter, timeZoneParam } from '../../lib/xlsx.ts';
import { idempotencyKey, once } from './ledger/service.ts';
import { rateApplyRoutes } from './rate-apply-routes.ts';
import { findRate, rateColumnsFor, rateExportBatch, rateRows, rateWhere, toRateRecords } from './rate-repository.ts';


/** A rate may be given "now" from a form filled a moment ago: this much in the past still counts as now. */
const EFFECTIVE_GRACE_MS = 60_000;

const rateExportQuery = getQuery({
  baseCurrency: currencyField.optional(),
  quoteCurrency: currencyField.optional(),
  currentOnly: booleanParam.optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  timeZone: timeZoneParam,
});

/**
 * The rate table finance keeps (/api/finance/exchangeRate/*): history is kept, the newest effective row
 * of a pair applies (rates.ts), a rate can be scheduled and withdrawn until it takes effect. The rate
 * applications of merchants are registered here too (rate-apply-routes.ts).
 */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(rateApplyRoutes);

  app.post(
    '/finance/exchangeRate/list',
    {
      config: platform('finance:exchange-rate:list'),
      schema: {
        tags: ['finance'],
        summary: 'Every rate with its history, newest effective time first; `current` flags the row applying now to its pair',
        body: rateListBody,
        response: { 200: envelopeSchema(pageSchema(rateRecord)) },
      },
    },
    async (request) => {
      const body = request.body;
      const where = rateWhere(db, body);
      const [rows, counted] = await Promise.all([
        rateRows(db, where, { direction: body.order ?? 'desc', limit: body.pageSize, offset: (body.pageNo - 1) * body.pageSize }),
        db.select({ total: sql<number>`count(*)::int` }).from(rates).where(where),
      ]);
      return request.ok(pageOf(await toRateRecords(db, rows), Number(counted[0]?.total ?? 0), body.pageNo, body.pageSize));
    },
  );

  app.post(
    '/finance/exchangeRate/add',
    {
      config: platform('finance:exchange-rate:add'),
      schema: {
        tags: ['finance'],
        summary: 'A new rate for a pair (1 base = rate quote), applying now or from a later time; takes an Idempotency-Key',
        body: rateInput,
        response: { 200: envelopeSchema(rateRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = caller(request);
      const body = request.body;
      if (body.baseCurrency === body.quoteCurrency) throw badRequest('rateSameCurrency', { field: 'quoteCurrency' });
      const effectiveFrom = body.effectiveFrom ? new Date(body.effectiveFrom) : undefined;
      // the past is history: a rate that applied yesterday would rewrite what conversions already used
      if (effectiveFrom && effectiveFrom.getTime() < Date.now() - EFFECTIVE_GRACE_MS) throw badRequest('rateEffectiveInPast', { field: 'effectiveFrom' });
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: request.routeOptions.url ?? '', body }, async (tx) => {
        const [created] = await tx
          .insert(rates)
          .values({ baseCurrency: body.baseCurrency, quoteCurrency: body.quoteCurrency, rate: body.rate, effectiveFrom, remark: body.remark, createdBy: userId })
          .returning({ id: rates.id });
        const row = must(await findRate(tx, must(created, 'inserted rate').id), 'rate');
        return must((await toRateRecords(tx, [row]))[0], 'rate record');
      });
      return request.ok(record);
    },
  );

  app.post(
    '/finance/exchangeRate/delete',
    {
      config: platform('finance:exchange-rate:delete'),
      schema: {
        tags: ['finance'],
        summary: 'Withdraws a scheduled rate; one already in effect is history and stays (409)',
        body: idBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const id = request.body.id;
      // the time condition makes the check and the delete one step: a rate taking effect meanwhile stays
      const deleted = await db
        .delete(rates)
        .where(and(eq(rates.id, id), gt(rates.effectiveFrom, sql`now()`)))
        .returning({ id: rates.id });
      if (deleted.length === 0) {
        const [row] = await db.select({ effectiveFrom: rates.effectiveFrom }).from(rates).where(eq(rates.id, id));
        if (!row) throw notFound();
        throw conflict('rateAlreadyEffective', { effectiveFrom: timeFormatter(DEFAULT_EXPORT_TIME_ZONE)(row.effectiveFrom) });
      }
      return request.ok(null);
    },
  );

  app.get(
    '/finance/exchangeRate/exportXls',
    {
      config: platform('finance:exchange-rate:export'),
      schema: {
        tags: ['finance'],
        summary: "The filtered rate table as an Excel file (xlsx) in the caller's language, newest effective time first",
        querystring: rateExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      const where = rateWhere(db, filters);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(rates).where(where);
      assertExportSize(Number(counted?.total ?? 0));
      return sendXlsx(reply, {
        title: rateExportTexts.rateTitle[request.lang],
        asciiTitle: 'exchange-rates',
        timeZone,
        columns: rateColumnsFor(request.lang, timeZone),
        batches: keysetBatches((after, limit) => rateExportBatch(db, where, after, limit)),
      });
    },
  );
};
