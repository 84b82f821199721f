import type { PermissionCode } from '@portal/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { RATE_APPLY_STATUSES, type RateApplyStatus } from '@portal/shared/finance';
import { idBody, rateApplyDecisionInput, rateApplyEditInput, rateApplyInput, rateApplyListBody, rateApplyRecord } from '@portal/shared/finance-schemas';
import { RATE_APPLY_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { RATE_APPLY_ACTION_TEXTS, rateExportTexts } from '@portal/shared/messages-rates';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rateApplications } from '../../db/schema/finance.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { getQuery } from '../../lib/query.ts';
import { caller, merchant, platform, requirePermission } from '../../plugins/auth.ts';
import { pageOf, timeParam } from '../../lib/list.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx, timeZoneParam } from '../../lib/xlsx.ts';
import { financeNo, type Tx } from './ledger/repository.ts';
import { idempotencyKey, once } from './ledger/service.ts';
import {
  findRateApply,
  marketRates,
  rateApplyColumnsFor,
  rateApplyExportBatch,
  rateApplyRows,
  rateApplyWhere,
  toRateApplyRecords,
  type RateApplyFilters,
} from './rate-apply-repository.ts';
import { walletCaller } from './access.ts';
import { minorOf } from './money.ts';

/** An approved rate holds this long unless finance says otherwise. */
const DEFAULT_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

const merchantListBody = rateApplyListBody.omit({ tenantId: true });
const exportFilters = {
  status: z.enum(RATE_APPLY_STATUSES).optional(),
  applyNo: z.string().trim().max(32).optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  timeZone: timeZoneParam,
};
const merchantExportQuery = getQuery(exportFilters);
const reviewExportQuery = getQuery({ ...exportFilters, tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional() });

type Action = keyof typeof RATE_APPLY_ACTION_TEXTS;

/**
 * Rate applications (/api/finance/rateApply/*): a merchant asks for its own rate on a pair (draft,
 * submitted, cancelled); finance approves it with the rate granted and a validity, or rejects it
 * (/rateApply/review/*). An approved one is what rates.ts applicationRate gives the merchant's recharges.
 */
export const rateApplyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /** After a status-guarded update found nothing: 404 for a missing (or another tenant's) id, else 409 naming the status. */
  const refuse = async (id: number, tenantId: number | null, action: Action): Promise<never> => {
    const row = await findRateApply(db, id, tenantId);
    // the platform never sees the merchants' drafts
    if (!row || (tenantId === null && row.status === 'DRAFT')) throw notFound();
    throw conflict('financeRecordNotInStatus', { record: row.applyNo, status: RATE_APPLY_STATUS_TEXTS[row.status], action: RATE_APPLY_ACTION_TEXTS[action] });
  };

  const answer = async (tx: Tx, id: number, tenantId: number | null) => must((await toRateApplyRecords(tx, [must(await findRateApply(tx, id, tenantId), 'rate application')]))[0], 'record');

  const list = async (request: FastifyRequest, tenantId: number | null, body: z.infer<typeof rateApplyListBody>) => {
    const where = rateApplyWhere(tenantId, body);
    const [rows, counted] = await Promise.all([
      rateApplyRows(db, where, {
        direction: body.order ?? 'desc',
        // the review queue: what awaits a decision first, unless the reviewer sorts or picks a status
        submittedFirst: tenantId === null && !body.order && !body.status,
        limit: body.pageSize,
        offset: (body.pageNo - 1) * body.pageSize,
      }),
      db.select({ total: sql<number>`count(*)::int` }).from(rateApplications).where(where),
    ]);
    return request.ok(pageOf(await toRateApplyRecords(db, rows), Number(counted[0]?.total ?? 0), body.pageNo, body.pageSize));
  };

  // ------------------------------------------------------------------ merchant

  app.post(
    '/finance/rateApply/list',
    {
      config: merchant('finance:rate-apply:list'),
      schema: {
        tags: ['finance'],
        summary: "The caller tenant's rate applications, newest first, with today's rate of each pair",
        body: merchantListBody,
        response: { 200: envelopeSchema(pageSchema(rateApplyRecord)) },
      },
    },
    async (request) => list(request, walletCaller(request).tenantId, request.body),
  );

  app.post(
    '/finance/rateApply/add',
    {
      config: merchant('finance:rate-apply:add', 'finance:rate-apply:submit'),
      schema: {
        tags: ['finance'],
        summary: 'A new rate application: a draft, or submitted for review (draft false); takes an Idempotency-Key',
        body: rateApplyInput,
        response: { 200: envelopeSchema(rateApplyRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const body = request.body;
      if (body.baseCurrency === body.quoteCurrency) throw badRequest('rateSameCurrency', { field: 'quoteCurrency' });
      const amount = minorOf('amount', body.amount, body.baseCurrency);
      if (!body.draft) await requirePermission(request, 'finance:rate-apply:submit');
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: request.routeOptions.url ?? '', body }, async (tx) => {
        const [created] = await tx
          .insert(rateApplications)
          .values({
            tenantId,
            applyNo: financeNo('RA'),
            status: body.draft ? 'DRAFT' : 'SUBMITTED',
            baseCurrency: body.baseCurrency,
            quoteCurrency: body.quoteCurrency,
            amount,
            requestedRate: body.requestedRate,
            reason: body.reason,
            createdBy: userId,
          })
          .returning({ id: rateApplications.id });
        return answer(tx, must(created, 'inserted rate application').id, tenantId);
      });
      return request.ok(record);
    },
  );

  app.post(
    '/finance/rateApply/edit',
    {
      config: merchant('finance:rate-apply:edit', 'finance:rate-apply:submit'),
      schema: {
        tags: ['finance'],
        summary: 'Changes a draft, and submits it with draft false; anything but a draft is 409',
        body: rateApplyEditInput,
        response: { 200: envelopeSchema(rateApplyRecord) },
      },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      const body = request.body;
      if (body.baseCurrency === body.quoteCurrency) throw badRequest('rateSameCurrency', { field: 'quoteCurrency' });
      const amount = minorOf('amount', body.amount, body.baseCurrency);
      if (!body.draft) await requirePermission(request, 'finance:rate-apply:submit');
      const changed = await db
        .update(rateApplications)
        .set({
          baseCurrency: body.baseCurrency,
          quoteCurrency: body.quoteCurrency,
          amount,
          requestedRate: body.requestedRate,
          reason: body.reason,
          status: body.draft ? 'DRAFT' : 'SUBMITTED',
          updatedAt: sql`now()`,
        })
        .where(and(eq(rateApplications.id, body.id), eq(rateApplications.tenantId, tenantId), eq(rateApplications.status, 'DRAFT')))
        .returning({ id: rateApplications.id });
      if (changed.length === 0) await refuse(body.id, tenantId, 'edit');
      return request.ok(await answer(db, body.id, tenantId));
    },
  );

  const move = (path: string, permission: PermissionCode, summary: string, from: RateApplyStatus[], to: RateApplyStatus, action: Action) =>
    app.post(
      path,
      { config: merchant(permission), schema: { tags: ['finance'], summary, body: idBody, response: { 200: envelopeSchema(rateApplyRecord) } } },
      async (request) => {
        const { tenantId } = walletCaller(request);
        const id = request.body.id;
        // the status condition makes the check and the change one step: two clicks cannot both pass
        const changed = await db
          .update(rateApplications)
          .set({ status: to, updatedAt: sql`now()` })
          .where(and(eq(rateApplications.id, id), eq(rateApplications.tenantId, tenantId), inArray(rateApplications.status, from)))
          .returning({ id: rateApplications.id });
        if (changed.length === 0) await refuse(id, tenantId, action);
        return request.ok(await answer(db, id, tenantId));
      },
    );

  move('/finance/rateApply/submit', 'finance:rate-apply:submit', 'Submits a draft for review', ['DRAFT'], 'SUBMITTED', 'submit');
  move('/finance/rateApply/cancel', 'finance:rate-apply:cancel', 'Cancels a draft or an application awaiting review', ['DRAFT', 'SUBMITTED'], 'CANCELLED', 'cancel');

  app.get(
    '/finance/rateApply/exportXls',
    {
      config: merchant('finance:rate-apply:export'),
      schema: {
        tags: ['finance'],
        summary: "The caller tenant's filtered rate applications as an Excel file (xlsx) in the caller's language",
        querystring: merchantExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => exportXlsx(db, request, reply, walletCaller(request).tenantId, request.query),
  );

  // ------------------------------------------------------------------ platform

  app.post(
    '/finance/rateApply/review/list',
    {
      config: platform('finance:rate-apply-review:list'),
      schema: {
        tags: ['finance'],
        summary: 'Every tenant’s submitted and decided rate applications (drafts stay the merchant’s), awaiting review first by default',
        body: rateApplyListBody,
        response: { 200: envelopeSchema(pageSchema(rateApplyRecord)) },
      },
    },
    async (request) => list(request, null, request.body),
  );

  app.post(
    '/finance/rateApply/review/decide',
    {
      // each decision needs its own permission (approve or reject), checked in the handler
      config: platform('finance:rate-apply-review:list', 'finance:rate-apply-review:approve', 'finance:rate-apply-review:reject'),
      schema: {
        tags: ['finance'],
        summary: 'Approves (with the rate granted and a validity, 7 days by default) or rejects (with a reason) a submitted application; never its submitter',
        body: rateApplyDecisionInput,
        response: { 200: envelopeSchema(rateApplyRecord) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const body = request.body;
      await requirePermission(request, body.approve ? 'finance:rate-apply-review:approve' : 'finance:rate-apply-review:reject');
      if (!body.approve && !body.reason) throw badRequest('rejectReasonRequired', { field: 'reason' });
      const validUntil = body.validUntil ? new Date(body.validUntil) : new Date(Date.now() + DEFAULT_VALIDITY_MS);
      if (body.approve && validUntil.getTime() <= Date.now()) throw badRequest('rateApplyValidUntilPast', { field: 'validUntil' });
      const decision = body.approve
        ? { status: 'APPROVED' as const, approvedRate: body.approvedRate ?? sql`${rateApplications.requestedRate}`, validUntil }
        : { status: 'REJECTED' as const };
      // one step: only a submitted application, and never by the one who submitted it (four eyes)
      const decided = await db
        .update(rateApplications)
        .set({ ...decision, decisionRemark: body.reason, decidedBy: userId, decidedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(rateApplications.id, body.id), eq(rateApplications.status, 'SUBMITTED'), sql`${rateApplications.createdBy} is distinct from ${userId}`))
        .returning({ id: rateApplications.id });
      if (decided.length === 0) {
        const row = await findRateApply(db, body.id, null);
        if (row?.status === 'SUBMITTED') throw conflict('sameUserDecision');
        await refuse(body.id, null, 'decide');
      }
      return request.ok(await answer(db, body.id, null));
    },
  );

  app.get(
    '/finance/rateApply/review/exportXls',
    {
      config: platform('finance:rate-apply-review:export'),
      schema: {
        tags: ['finance'],
        summary: "Every tenant's filtered rate applications (no drafts) as an Excel file (xlsx) in the caller's language",
        querystring: reviewExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => exportXlsx(db, request, reply, null, request.query),
  );
};

async function exportXlsx(db: Db, request: FastifyRequest, reply: Parameters<typeof sendXlsx>[0], tenantId: number | null, query: RateApplyFilters & { timeZone?: string }) {
  const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = query;
  const where = rateApplyWhere(tenantId, filters);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(rateApplications).where(where);
  assertExportSize(Number(counted?.total ?? 0));
  const market = new Map<string, string | null>();
  async function* batches() {
    for await (const batch of keysetBatches((after, limit) => rateApplyExportBatch(db, where, after, limit))) {
      await marketRates(db, batch, market);
      yield batch;
    }
  }
  const platformSide = tenantId === null;
  return sendXlsx(reply, {
    title: (platformSide ? rateExportTexts.rateApplyReviewTitle : rateExportTexts.rateApplyTitle)[request.lang],
    asciiTitle: platformSide ? 'rate-application-review' : 'rate-applications',
    timeZone,
    columns: rateApplyColumnsFor(request.lang, timeZone, market, platformSide),
    batches: batches(),
  });
}
