import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { REFUND_KINDS, REFUND_STATUSES } from '@portal/shared/finance';
import { currencyField, decisionInput, idBody, payOrderListBody, payOrderRecord, refundInput, refundListBody, refundRecord as refundRecordSchema } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { REFUND_KIND_TEXTS, REFUND_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { paymentExportTexts } from '@portal/shared/messages-payment';
import { journals, payOrders, refunds } from '../../db/schema/finance.ts';
import { badRequest } from '../../lib/errors.ts';
import { getQuery } from '../../lib/query.ts';
import { caller, merchant, platform, requirePermission } from '../../plugins/auth.ts';
import { idParam, pageOf, timeParam } from '../../lib/list.ts';
import { afterCursor, assertExportSize, cursorTimeOf, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx, timeFormatter, timeZoneParam, type Cursor, type ExportColumn } from '../../lib/xlsx.ts';
import { PLATFORM_TENANT } from './ledger/model.ts';
import type { Tx } from './ledger/repository.ts';
import { idempotencyKey, once } from './ledger/service.ts';
import { newestFirst, oldestFirst } from './payment-store.ts';
import { decideRefund, refundableOfPayOrder, refundColumns, refundRecord, refundsJoined, refundWhere, submitRefund, toPayOrderRecord, toRefundRecords, type RefundFilters, type RefundRow } from './refund-store.ts';
import { WALLET, walletCaller } from './access.ts';
import { EXPORT_AMOUNT_FORMAT, exportAmount } from './money.ts';
import { tenantNames, userNames } from './repository.ts';

const REVIEW = '/finance/review/refund';

/** The merchant's list takes the platform's filters but its own tenant only. */
const merchantListBody = refundListBody.omit({ tenantId: true });


const exportFilters = {
  status: z.enum(REFUND_STATUSES).optional(),
  kind: z.enum(REFUND_KINDS).optional(),
  refundNo: z.string().trim().max(32).optional(),
  currency: currencyField.optional(),
  createdBy: idParam.optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  timeZone: timeZoneParam,
};
const merchantExportQuery = getQuery(exportFilters);
const platformExportQuery = getQuery({ ...exportFilters, tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional() });

/**
 * Refunds: the merchant's requests (/platform-api/finance/virtualWallet/refund/*) and finance's review
 * (/platform-api/finance/review/refund/*, refund/verify). docs/finance.md.
 */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const page = async (tenantId: number | null, body: RefundFilters & { pageNo: number; pageSize: number; order?: 'asc' | 'desc' }) => {
    const where = refundWhere(tenantId, body);
    const direction = body.order === 'asc' ? oldestFirst : newestFirst;
    const [rows, counted] = await Promise.all([
      refundsJoined(db)
        .where(where)
        .orderBy(direction(refunds.createdAt), direction(refunds.id))
        .limit(body.pageSize)
        .offset((body.pageNo - 1) * body.pageSize),
      db.select({ total: sql<number>`count(*)::int` }).from(refunds).where(where),
    ]);
    return pageOf(await toRefundRecords(db, rows), Number(counted[0]?.total ?? 0), body.pageNo, body.pageSize);
  };

  const exportRefunds = (where: SQL | undefined, withTenant: boolean) => ({
    batches: keysetBatches(async (after, limit) => {
      const rows = await exportBatch(db, where, after, limit);
      const [people, tenantsOf] = await Promise.all([
        userNames(
          db,
          rows.flatMap((row) => [row.createdBy, row.decidedBy]),
        ),
        withTenant
          ? tenantNames(
              db,
              rows.map((row) => row.tenantId),
            )
          : Promise.resolve(new Map<number, string>()),
      ]);
      const name = (id: number | null) => (id === null ? '' : (people.get(id) ?? ''));
      return rows.map((row) => ({ ...row, createdByName: name(row.createdBy), refunderName: name(row.decidedBy), tenantName: tenantsOf.get(row.tenantId) ?? '' }));
    }),
  });

  // ------------------------------------------------------------------ merchant

  app.post(
    `${WALLET}/refund/list`,
    {
      config: merchant('wallet:refund:list'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's refunds (awaiting review, refunded, rejected), newest first",
        body: merchantListBody,
        response: { 200: envelopeSchema(pageSchema(refundRecordSchema)) },
      },
    },
    async (request) => request.ok(await page(walletCaller(request).tenantId, request.body)),
  );

  app.post(
    `${WALLET}/refund/details`,
    {
      config: merchant('wallet:refund:list'),
      schema: { tags: ['wallet'], summary: 'One refund of the caller tenant', body: idBody, response: { 200: envelopeSchema(refundRecordSchema) } },
    },
    async (request) => request.ok(await refundRecord(db, walletCaller(request).tenantId, request.body.id)),
  );

  app.post(
    `${WALLET}/refund/payOrders`,
    {
      config: merchant('wallet:refund:list'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's paid charges that can still be refunded (paid less refunded less refunds awaiting review), newest first",
        body: payOrderListBody,
        response: { 200: envelopeSchema(pageSchema(payOrderRecord)) },
      },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      const body = request.body;
      const where = and(
        eq(payOrders.tenantId, tenantId),
        sql`${refundableOfPayOrder} > 0`,
        body.payOrderNo ? eq(payOrders.payOrderNo, body.payOrderNo) : undefined,
        body.orderNo ? eq(payOrders.sourceNo, body.orderNo) : undefined,
      );
      const [rows, counted] = await Promise.all([
        db
          .select({
            payOrderNo: payOrders.payOrderNo,
            orderNo: payOrders.sourceNo,
            currency: payOrders.currency,
            amount: payOrders.amount,
            refunded: payOrders.refunded,
            refundable: sql<string>`${refundableOfPayOrder}::text`,
            paidAt: payOrders.paidAt,
          })
          .from(payOrders)
          .where(where)
          .orderBy(newestFirst(payOrders.paidAt), newestFirst(payOrders.id))
          .limit(body.pageSize)
          .offset((body.pageNo - 1) * body.pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(payOrders).where(where),
      ]);
      return request.ok(pageOf(rows.map(toPayOrderRecord), Number(counted[0]?.total ?? 0), body.pageNo, body.pageSize));
    },
  );

  app.post(
    `${WALLET}/refund/submit`,
    {
      config: merchant('wallet:refund:submit'),
      schema: {
        tags: ['wallet'],
        summary: 'Asks for a BALANCE refund (wallet money to the bank) or a CHARGE refund (a paid charge back to the wallet); nothing moves until finance verifies. Idempotency-Key required',
        body: refundInput,
        response: { 200: envelopeSchema(refundRecordSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const body = request.body;
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: `${WALLET}/refund/submit`, body }, async (tx) => refundRecord(tx, tenantId, await submitRefund(tx, tenantId, userId, body)));
      return request.ok(record);
    },
  );

  app.get(
    `${WALLET}/refund/exportXls`,
    {
      config: merchant('wallet:refund:export'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's filtered refund list as an Excel file (xlsx) in the caller's language, newest first",
        querystring: merchantExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { tenantId } = walletCaller(request);
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, ...filters } = request.query;
      void _t;
      const where = refundWhere(tenantId, filters);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(refunds).where(where);
      assertExportSize(Number(counted?.total ?? 0));
      return sendXlsx(reply, { title: paymentExportTexts.refundTitle[request.lang], asciiTitle: 'refunds', timeZone, columns: refundColumnsFor(request.lang, timeZone, false), ...exportRefunds(where, false) });
    },
  );

  // ------------------------------------------------------------------ platform

  app.post(
    `${WALLET}/refund/verify`,
    {
      config: platform('finance:refund-review:list', 'finance:refund-review:approve', 'finance:refund-review:reject'),
      schema: {
        tags: ['wallet'],
        summary:
          'Finance approves (finance:refund-review:approve; the money moves now) or rejects (finance:refund-review:reject; reason required) a refund awaiting review; never its own submitter. Idempotency-Key required',
        body: decisionInput,
        response: { 200: envelopeSchema(refundRecordSchema) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const body = request.body;
      // the decision names the permission it needs: a reviewer may hold one without the other
      await requirePermission(request, body.approve ? 'finance:refund-review:approve' : 'finance:refund-review:reject');
      if (!body.approve && !body.reason) throw badRequest('rejectReasonRequired');
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId: PLATFORM_TENANT, userId, key, route: `${WALLET}/refund/verify`, body }, async (tx) => {
        await decideRefund(tx, userId, body);
        return refundRecord(tx, null, body.id);
      });
      return request.ok(record);
    },
  );

  app.post(
    `${REVIEW}/list`,
    {
      config: platform('finance:refund-review:list'),
      schema: {
        tags: ['wallet'],
        summary: "Every tenant's refunds (or one tenant's), newest first",
        body: refundListBody,
        response: { 200: envelopeSchema(pageSchema(refundRecordSchema)) },
      },
    },
    async (request) => request.ok(await page(request.body.tenantId ?? null, request.body)),
  );

  app.post(
    `${REVIEW}/details`,
    {
      config: platform('finance:refund-review:list'),
      schema: { tags: ['wallet'], summary: 'One refund of any tenant', body: idBody, response: { 200: envelopeSchema(refundRecordSchema) } },
    },
    async (request) => request.ok(await refundRecord(db, null, request.body.id)),
  );

  app.get(
    `${REVIEW}/exportXls`,
    {
      config: platform('finance:refund-review:export'),
      schema: {
        tags: ['wallet'],
        summary: "Every tenant's filtered refunds (or one tenant's) as an Excel file (xlsx) in the caller's language, newest first",
        querystring: platformExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, tenantId, ...filters } = request.query;
      void _t;
      const where = refundWhere(tenantId ?? null, filters);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(refunds).where(where);
      assertExportSize(Number(counted?.total ?? 0));
      return sendXlsx(reply, { title: paymentExportTexts.refundTitle[request.lang], asciiTitle: 'refunds', timeZone, columns: refundColumnsFor(request.lang, timeZone, true), ...exportRefunds(where, true) });
    },
  );
};

/** The next rows of an export in (created, id) descending order, after the cursor. */
function exportBatch(db: Tx, where: SQL | undefined, after: Cursor | null, limit: number) {
  return db
    .select({ ...refundColumns, cursorTime: cursorTimeOf(refunds.createdAt) })
    .from(refunds)
    .leftJoin(payOrders, eq(payOrders.id, refunds.payOrderId))
    .leftJoin(journals, eq(journals.id, refunds.journalId))
    .where(after ? and(where, afterCursor(refunds.createdAt, refunds.id, after)) : where)
    .orderBy(newestFirst(refunds.createdAt), newestFirst(refunds.id))
    .limit(limit);
}

type RefundExportRow = RefundRow & { createdByName: string; refunderName: string; tenantName: string };

function refundColumnsFor(lang: Language, timeZone: string, withTenant: boolean): ExportColumn<RefundExportRow>[] {
  const t = paymentExportTexts;
  const time = timeFormatter(timeZone);
  const columns: ExportColumn<RefundExportRow>[] = [
    { header: t.refundNo[lang], width: 22, value: (row) => row.refundNo },
    { header: t.kind[lang], width: 14, value: (row) => REFUND_KIND_TEXTS[row.kind][lang] },
    { header: t.status[lang], width: 12, value: (row) => REFUND_STATUS_TEXTS[row.status][lang] },
    { header: t.currency[lang], width: 8, value: (row) => row.currency },
    { header: t.refundAmount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(row.amount, row.currency) },
    { header: t.payOrderNo[lang], width: 22, value: (row) => row.payOrderNo ?? '' },
    { header: t.orderNo[lang], width: 22, value: (row) => row.orderNo ?? '' },
    { header: t.payeeName[lang], width: 20, value: (row) => row.payeeName },
    { header: t.payeeAccount[lang], width: 24, value: (row) => row.payeeAccount },
    { header: t.payeeBank[lang], width: 24, value: (row) => row.payeeBank },
    { header: t.reason[lang], width: 30, value: (row) => row.reason },
    { header: t.decisionRemark[lang], width: 30, value: (row) => row.decisionRemark },
    { header: t.createdBy[lang], width: 16, value: (row) => row.createdByName },
    { header: t.refunder[lang], width: 16, value: (row) => row.refunderName },
    { header: t.decidedAt[lang], width: 20, value: (row) => time(row.decidedAt) },
    { header: t.postedAt[lang], width: 20, value: (row) => time(row.postedAt) },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
  return withTenant ? [{ header: t.tenantName[lang], width: 20, value: (row) => row.tenantName }, ...columns] : columns;
}
