import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { PAYMENT_STATUSES } from '@portal/shared/finance';
import { chargeListBody, chargeRecord, currencyField, idBody, paymentEditInput, paymentInput, paymentListBody, paymentPreview, paymentPreviewInput, paymentRecord } from '@portal/shared/finance-schemas';
import { getQuery } from '../../../lib/query.ts';
import { idParam, timeParam } from '../../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, merchant, requirePermission } from '../../../plugins/auth.ts';
import { idempotencyKey } from '../../../lib/idempotency.ts';
import { WALLET, walletScope } from '../access.ts';
import { payeeIn, payeesIn } from '../money.ts';
import { chargePage, paymentPage, paymentRecord as paymentOf } from './repository.ts';
import { deleteDraft, editPayment, payDraft, paymentExport, previewPayment, submitPayment } from './service.ts';

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
    async (request) => request.ok(await chargePage(db, caller(request).tenantId, request.body)),
  );

  app.post(
    `${WALLET}/payment/list`,
    {
      config: merchant('wallet:payment:list'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's payments (drafts and paid) with their lines, newest first; orderNo finds the payments holding that order",
        body: paymentListBody,
        response: { 200: envelopeSchema(pageSchema(paymentRecord)) },
      },
    },
    async (request) => request.ok(payeesIn(await paymentPage(db, caller(request).tenantId, request.body, await walletScope(request, 'wallet:payment:list')), request.lang)),
  );

  app.post(
    `${WALLET}/payment/details`,
    {
      config: merchant('wallet:payment:list'),
      schema: { tags: ['wallet'], summary: 'One payment of the caller tenant with its lines and pay orders', body: idBody, response: { 200: envelopeSchema(paymentRecord) } },
    },
    async (request) => request.ok(payeeIn(await paymentOf(db, caller(request).tenantId, request.body.id, await walletScope(request, 'wallet:payment:list')), request.lang)),
  );

  app.post(
    `${WALLET}/payment/submit`,
    {
      config: merchant('wallet:payment:add', 'wallet:payment:submit'),
      schema: {
        tags: ['wallet'],
        summary: 'A new payment of charges in one currency: a draft, or (draft false, also needs wallet:payment:submit) paid from the balance at once. Idempotency-Key required',
        body: paymentInput,
        response: { 200: envelopeSchema(paymentRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = caller(request);
      if (!request.body.draft) await requirePermission(request, 'wallet:payment:submit');
      return request.ok(payeeIn(await submitPayment(db, { tenantId, userId, key: idempotencyKey(request) }, request.body), request.lang));
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
        response: { 200: envelopeSchema(paymentRecord) },
      },
    },
    async (request) => request.ok(payeeIn(await editPayment(db, { ...caller(request), key: idempotencyKey(request) }, request.body), request.lang)),
  );

  app.post(
    `${WALLET}/deletePaymentRecord`,
    {
      config: merchant('wallet:payment:delete'),
      schema: { tags: ['wallet'], summary: 'Deletes a draft payment (anything else is 409)', body: idBody, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await deleteDraft(db, caller(request).tenantId, request.body.id, await walletScope(request, 'wallet:payment:list'));
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
    async (request) => request.ok(await previewPayment(db, caller(request).tenantId, request.body, request.lang)),
  );

  app.post(
    `${WALLET}/payment/confirm/submit`,
    {
      config: merchant('wallet:payment:submit'),
      schema: {
        tags: ['wallet'],
        summary: "Pays a draft from the wallet at the charges' amounts of now: 409 when the balance is short or a charge is paid, cancelled or gone. Idempotency-Key required",
        body: idBody,
        response: { 200: envelopeSchema(paymentRecord) },
      },
    },
    async (request) => request.ok(payeeIn(await payDraft(db, { ...caller(request), key: idempotencyKey(request) }, request.body), request.lang)),
  );

  app.get(
    `${WALLET}/payment/exportXls`,
    {
      config: merchant('wallet:payment:export'),
      schema: {
        tags: ['wallet'],
        summary: "The filtered payment list as an Excel file (xlsx) in the caller's language, newest first",
        querystring: exportQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { tenantId } = caller(request);
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, ...filters } = request.query;
      void _t;
      return sendXlsx(reply, await paymentExport(db, tenantId, filters, request.lang, timeZone, await walletScope(request, 'wallet:payment:list')));
    },
  );
};
