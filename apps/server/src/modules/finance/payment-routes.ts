import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { PAYMENT_STATUSES } from '@portal/shared/finance';
import {
  chargeListBody,
  chargeRecord,
  currencyField,
  idBody,
  paymentEditInput,
  paymentInput,
  paymentListBody,
  paymentPreview,
  paymentPreviewInput,
  paymentRecord as paymentRecordSchema,
  type PaymentPreview,
} from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { PAYMENT_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { paymentExportTexts } from '@portal/shared/messages-payment';
import type { CurrencyCode } from '@portal/shared/money';
import { paymentLines, payments } from '../../db/schema/finance.ts';
import { orders } from '../../db/schema/logistics.ts';
import { getQuery } from '../../lib/query.ts';
import { notFound } from '../../lib/errors.ts';
import { idParam, pageOf, timeParam, dateRange } from '../../lib/list.ts';
import { afterCursor, assertExportSize, cursorTimeOf, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx, timeFormatter, timeZoneParam, type ExportColumn } from '../../lib/xlsx.ts';
import { idempotencyKey, once } from './ledger/service.ts';
import {
  createDraft,
  currencyOfCharges,
  draftsHolding,
  loadCharges,
  lockPayment,
  newestFirst,
  notInStatus,
  oldestFirst,
  payableCharge,
  payDraft,
  payNow,
  paymentColumns,
  paymentRecord,
  paymentWhere,
  rewriteDraft,
  toPaymentRecords,
  walletBalance,
  whyNotPayable,
  type PaymentRow,
} from './payment-store.ts';
import { WALLET, walletCaller } from './access.ts';
import { amountText, EXPORT_AMOUNT_FORMAT, exportAmount, PLATFORM_PAYEE } from './money.ts';
import { userNames } from './repository.ts';
import { merchant, requirePermission } from '../../plugins/auth.ts';


const exportQuery = getQuery({
  status: z.enum(PAYMENT_STATUSES).optional(),
  paymentNo: z.string().trim().max(32).optional(),
  orderNo: z.string().trim().max(32).optional(),
  currency: currencyField.optional(),
  createdBy: idParam.optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  timeZone: timeZoneParam,
});

/**
 * Paying charges from the wallet (/platform-api/finance/virtualWallet/payment/*, deletePaymentRecord):
 * the charges to pay, drafts, the preview, paying, the list and its export. docs/finance.md.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    `${WALLET}/payment/charges`,
    {
      config: merchant('wallet:payment:list'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's charges to pay: the freight of its orders once weighed, not cancelled and not paid yet, newest first",
        body: chargeListBody,
        response: { 200: envelopeSchema(pageSchema(chargeRecord)) },
      },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      const body = request.body;
      const where = and(
        eq(orders.tenantId, tenantId),
        payableCharge(),
        body.orderNo ? eq(orders.orderNo, body.orderNo) : undefined,
        body.currency ? eq(orders.freightCurrency, body.currency) : undefined,
        ...dateRange(orders.createdAt, body.createdAt_begin, body.createdAt_end),
      );
      const direction = body.order === 'asc' ? oldestFirst : newestFirst;
      const [rows, counted] = await Promise.all([
        db
          .select({
            id: orders.id,
            orderNo: orders.orderNo,
            merchantOrderNo: orders.merchantOrderNo,
            status: orders.status,
            freightCharge: orders.freightCharge,
            freightCurrency: orders.freightCurrency,
            createdAt: orders.createdAt,
          })
          .from(orders)
          .where(where)
          .orderBy(direction(orders.createdAt), direction(orders.id))
          .limit(body.pageSize)
          .offset((body.pageNo - 1) * body.pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
      ]);
      const drafts = await draftsHolding(
        db,
        tenantId,
        rows.map((row) => row.id),
      );
      const records = rows.map((row) => {
        // payableCharge() guarantees both
        const currency = row.freightCurrency as CurrencyCode;
        return {
          orderId: row.id,
          orderNo: row.orderNo,
          merchantOrderNo: row.merchantOrderNo,
          orderStatus: row.status,
          currency,
          amount: amountText(row.freightCharge ?? 0n, currency),
          createdAt: row.createdAt.toISOString(),
          draftPaymentNos: drafts.get(row.id) ?? [],
        };
      });
      return request.ok(pageOf(records, Number(counted[0]?.total ?? 0), body.pageNo, body.pageSize));
    },
  );

  app.post(
    `${WALLET}/payment/list`,
    {
      config: merchant('wallet:payment:list'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's payments (drafts and paid) with their lines, newest first; orderNo finds the payments holding that order",
        body: paymentListBody,
        response: { 200: envelopeSchema(pageSchema(paymentRecordSchema)) },
      },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      const body = request.body;
      const where = paymentWhere(tenantId, body);
      const direction = body.order === 'asc' ? oldestFirst : newestFirst;
      const [rows, counted] = await Promise.all([
        db
          .select(paymentColumns)
          .from(payments)
          .where(where)
          .orderBy(direction(payments.createdAt), direction(payments.id))
          .limit(body.pageSize)
          .offset((body.pageNo - 1) * body.pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(payments).where(where),
      ]);
      return request.ok(pageOf(await toPaymentRecords(db, rows), Number(counted[0]?.total ?? 0), body.pageNo, body.pageSize));
    },
  );

  app.post(
    `${WALLET}/payment/details`,
    {
      config: merchant('wallet:payment:list'),
      schema: { tags: ['wallet'], summary: 'One payment of the caller tenant with its lines and pay orders', body: idBody, response: { 200: envelopeSchema(paymentRecordSchema) } },
    },
    async (request) => request.ok(await paymentRecord(db, walletCaller(request).tenantId, request.body.id)),
  );

  app.post(
    `${WALLET}/payment/submit`,
    {
      config: merchant('wallet:payment:add', 'wallet:payment:submit'),
      schema: {
        tags: ['wallet'],
        summary: 'A new payment of charges in one currency: a draft, or (draft false, also needs wallet:payment:submit) paid from the balance at once. Idempotency-Key required',
        body: paymentInput,
        response: { 200: envelopeSchema(paymentRecordSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const body = request.body;
      if (!body.draft) await requirePermission(request, 'wallet:payment:submit');
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: `${WALLET}/payment/submit`, body }, async (tx) => {
        if (!body.draft) return payNow(tx, tenantId, userId, body);
        const draft = await createDraft(tx, tenantId, userId, body);
        return paymentRecord(tx, tenantId, draft.id);
      });
      return request.ok(record);
    },
  );

  app.post(
    `${WALLET}/payment/edit`,
    {
      config: merchant('wallet:payment:edit'),
      schema: {
        tags: ['wallet'],
        summary: 'Changes the charges and remark of a draft payment (anything else is 409). Idempotency-Key required',
        body: paymentEditInput,
        response: { 200: envelopeSchema(paymentRecordSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const body = request.body;
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: `${WALLET}/payment/edit`, body }, async (tx) => {
        const payment = await lockPayment(tx, tenantId, body.id);
        if (payment.status !== 'DRAFT') throw notInStatus(payment.paymentNo, payment.status, 'edit');
        await rewriteDraft(tx, tenantId, body.id, body);
        return paymentRecord(tx, tenantId, body.id);
      });
      return request.ok(record);
    },
  );

  app.post(
    `${WALLET}/deletePaymentRecord`,
    {
      config: merchant('wallet:payment:delete'),
      schema: { tags: ['wallet'], summary: 'Deletes a draft payment (anything else is 409)', body: idBody, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, tenantId, request.body.id);
        if (payment.status !== 'DRAFT') throw notInStatus(payment.paymentNo, payment.status, 'delete');
        // the lines go with it (on delete cascade)
        await tx.delete(payments).where(eq(payments.id, payment.id));
      });
      return request.ok(null);
    },
  );

  app.post(
    `${WALLET}/payment/confirm`,
    {
      config: merchant('wallet:payment:list'),
      schema: {
        tags: ['wallet'],
        summary: 'What paying a draft ({id}) or these charges ({orderIds}) would do now: each line payable or why not, the total, the balance before and after. Changes nothing',
        body: paymentPreviewInput,
        response: { 200: envelopeSchema(paymentPreview) },
      },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      const body = request.body;
      let orderIds: number[];
      let currency: CurrencyCode | null = null;
      if ('id' in body) {
        const [payment] = await db
          .select({ paymentNo: payments.paymentNo, status: payments.status, currency: payments.currency })
          .from(payments)
          .where(and(eq(payments.id, body.id), eq(payments.tenantId, tenantId)));
        if (!payment) throw notFound();
        if (payment.status !== 'DRAFT') throw notInStatus(payment.paymentNo, payment.status, 'pay');
        currency = payment.currency;
        orderIds = (await db.select({ orderId: paymentLines.orderId }).from(paymentLines).where(eq(paymentLines.paymentId, body.id)).orderBy(asc(paymentLines.orderId))).map((line) => line.orderId);
      } else {
        orderIds = body.orderIds;
      }
      const charges = await loadCharges(db, tenantId, orderIds);
      if (!currency) {
        // the currency of what can be paid; with nothing payable, of whatever has one
        const payable = charges.filter((charge) => !whyNotPayable(charge));
        currency = currencyOfCharges(payable.length > 0 ? payable : charges);
      }
      const paymentCurrency = currency;
      let total = 0n;
      const lines: PaymentPreview['lines'] = charges.map((charge) => {
        const refusal =
          whyNotPayable(charge) ??
          (charge.freightCurrency !== paymentCurrency ? { key: 'paymentLineCurrency' as const, params: { orderNo: charge.orderNo, currency: charge.freightCurrency ?? '', paymentCurrency } } : null);
        const amount = charge.freightCharge ?? 0n;
        if (!refusal) total += amount;
        return {
          orderId: charge.id,
          orderNo: charge.orderNo,
          amount: amountText(amount, charge.freightCurrency ?? paymentCurrency),
          payable: !refusal,
          reason: refusal ? request.t(refusal.key, refusal.params) : '',
        };
      });
      const balance = await walletBalance(db, tenantId, paymentCurrency);
      return request.ok({
        currency: paymentCurrency,
        amount: amountText(total, paymentCurrency),
        balance: amountText(balance, paymentCurrency),
        balanceAfter: amountText(balance - total, paymentCurrency),
        sufficient: balance >= total,
        lines,
      });
    },
  );

  app.post(
    `${WALLET}/payment/confirm/submit`,
    {
      config: merchant('wallet:payment:submit'),
      schema: {
        tags: ['wallet'],
        summary: "Pays a draft from the wallet at the charges' amounts of now: 409 when the balance is short or a charge is paid, cancelled or gone. Idempotency-Key required",
        body: idBody,
        response: { 200: envelopeSchema(paymentRecordSchema) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const body = request.body;
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: `${WALLET}/payment/confirm/submit`, body }, async (tx) => {
        await payDraft(tx, tenantId, userId, body.id);
        return paymentRecord(tx, tenantId, body.id);
      });
      return request.ok(record);
    },
  );

  app.get(
    `${WALLET}/payment/exportXls`,
    {
      config: merchant('wallet:payment:export'),
      schema: {
        tags: ['wallet'],
        summary: "The filtered payment list as an Excel file (xlsx) in the caller's language, newest first",
        querystring: exportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { tenantId } = walletCaller(request);
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, ...filters } = request.query;
      void _t;
      const where = paymentWhere(tenantId, filters);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(payments).where(where);
      assertExportSize(Number(counted?.total ?? 0));
      return sendXlsx(reply, {
        title: paymentExportTexts.paymentTitle[request.lang],
        asciiTitle: 'payments',
        timeZone,
        columns: paymentColumnsFor(request.lang, timeZone),
        batches: keysetBatches(async (after, limit) => {
          const rows = await db
            .select({
              ...paymentColumns,
              cursorTime: cursorTimeOf(payments.createdAt),
              orderNos: sql<string>`coalesce((select string_agg(${orders.orderNo}, ', ' order by ${orders.id}) from ${paymentLines}
                join ${orders} on ${orders.id} = ${paymentLines.orderId} where ${paymentLines.paymentId} = ${payments.id}), '')`,
            })
            .from(payments)
            .where(after ? and(where, afterCursor(payments.createdAt, payments.id, after)) : where)
            .orderBy(newestFirst(payments.createdAt), newestFirst(payments.id))
            .limit(limit);
          const names = await userNames(
            db,
            rows.flatMap((row) => [row.createdBy, row.paidBy]),
          );
          const name = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));
          return rows.map((row) => ({ ...row, createdByName: name(row.createdBy), paidByName: name(row.paidBy) }));
        }),
      });
    },
  );
};

type PaymentExportRow = PaymentRow & { orderNos: string; createdByName: string; paidByName: string };

function paymentColumnsFor(lang: Language, timeZone: string): ExportColumn<PaymentExportRow>[] {
  const t = paymentExportTexts;
  const time = timeFormatter(timeZone);
  return [
    { header: t.paymentNo[lang], width: 22, value: (row) => row.paymentNo },
    { header: t.status[lang], width: 12, value: (row) => PAYMENT_STATUS_TEXTS[row.status][lang] },
    { header: t.currency[lang], width: 8, value: (row) => row.currency },
    { header: t.payAmount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(row.amount, row.currency) },
    { header: t.orderNos[lang], width: 40, value: (row) => row.orderNos },
    { header: t.payee[lang], width: 30, value: () => PLATFORM_PAYEE },
    { header: t.remark[lang], width: 30, value: (row) => row.remark },
    { header: t.createdBy[lang], width: 16, value: (row) => row.createdByName },
    { header: t.paidBy[lang], width: 16, value: (row) => row.paidByName },
    { header: t.paidAt[lang], width: 20, value: (row) => time(row.paidAt) },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
