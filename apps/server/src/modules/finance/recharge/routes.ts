import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { VOUCHER_MAX_BYTES } from '@portal/shared/finance';
import { decisionInput, idBody, rechargeEditInput, rechargeInput, rechargeListBody, rechargeRecord, rechargeReviewPreview, reversalInput, voucherRecord } from '@portal/shared/finance-schemas';
import { badRequest } from '../../../lib/errors.ts';
import { acceptUploads, uploadedFile, uploadLimits } from '../../../lib/upload.ts';
import { contentDisposition, sendXlsx, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, merchant, platform, requirePermission } from '../../../plugins/auth.ts';
import { walletScope } from '../access.ts';
import { idempotencyKey } from '../../../lib/idempotency.ts';
import { emptyQuery, rechargeExportQuery, rechargeReviewExportQuery, voucherParams } from './schemas.ts';
import {
  checkedDecision,
  decideRecharge,
  deleteDraft,
  editRecharge,
  listRecharges,
  rechargeDetails,
  rechargeWorkbook,
  reverseRecharge,
  reviewPreview,
  storeVoucher,
  submitRecharge,
  voucherToSend,
} from './service.ts';

/*
 * Recharges (docs/finance.md): the merchant drafts and submits a bank transfer with its vouchers
 * (/platform-api/finance/virtualWallet/recharge/*); platform finance reviews it, and only its
 * confirmation posts money (service.ts).
 */

const PERMISSIONS = {
  list: 'wallet:recharge:list',
  add: 'wallet:recharge:add',
  edit: 'wallet:recharge:edit',
  submit: 'wallet:recharge:submit',
  delete: 'wallet:recharge:delete',
  export: 'wallet:recharge:export',
  reviewList: 'finance:recharge-review:list',
  reviewExport: 'finance:recharge-review:export',
  approve: 'finance:recharge-review:approve',
  reject: 'finance:recharge-review:reject',
  reverse: 'finance:recharge-review:reverse',
} as const;

// ------------------------------------------------------------------ voucher files over HTTP

/** One bank voucher, no larger than VOUCHER_MAX_BYTES. */
const VOUCHER_UPLOAD = uploadLimits({ maxBytes: VOUCHER_MAX_BYTES, tooLarge: 'voucherTooLarge', missing: 'voucherFileMissing' });

/**
 * Sends a voucher for viewing in the browser: its stored type (never sniffed, nosniff), the server's
 * name with the uploader's as the UTF-8 alternative, and a PDF sandboxed (no scripts, no same origin).
 */
function sendVoucher(reply: FastifyReply, voucher: Awaited<ReturnType<typeof voucherToSend>>): FastifyReply {
  void reply
    .header('content-type', voucher.mimeType)
    .header('content-disposition', contentDisposition(voucher.originalName, voucher.storedName, 'inline'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (voucher.mimeType === 'application/pdf') void reply.header('content-security-policy', 'sandbox');
  return reply.send(Buffer.from(voucher.content));
}

export const rechargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // uploads only here (this plugin's own context): one voucher
  await acceptUploads(app, VOUCHER_UPLOAD);

  // ------------------------------------------------------------------ merchant

  app.post(
    '/finance/virtualWallet/recharge/list',
    {
      config: merchant(PERMISSIONS.list),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's recharges, newest first (`order: 'asc'` oldest first); filters on status, number (exact or its start), currency, initiator and time",
        body: rechargeListBody,
        response: { 200: envelopeSchema(pageSchema(rechargeRecord)) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      // a merchant sees its own tenant only: naming one is a mistake, not a filter
      if (request.body.tenantId !== undefined) throw badRequest('validationUnknownField', { field: 'tenantId' });
      return request.ok(await listRecharges(db, tenantId, request.body, await walletScope(request, 'wallet:recharge:list')));
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/details',
    {
      config: merchant(PERMISSIONS.list),
      schema: { tags: ['wallet'], summary: 'One recharge of the caller tenant with its vouchers', body: idBody, response: { 200: envelopeSchema(rechargeRecord) } },
    },
    async (request) => request.ok(await rechargeDetails(db, request.body.id, caller(request).tenantId, await walletScope(request, 'wallet:recharge:list'))),
  );

  app.post(
    '/finance/virtualWallet/recharge/submit',
    {
      config: merchant(PERMISSIONS.add, PERMISSIONS.submit),
      schema: {
        tags: ['wallet'],
        summary: 'A new recharge: a draft (`draft: true`), or submitted for review (`draft: false`, needs wallet:recharge:submit and at least one voucher). Idempotency-Key required',
        body: rechargeInput,
        response: { 200: envelopeSchema(rechargeRecord) },
      },
    },
    async (request) => {
      const who = caller(request);
      if (!request.body.draft) await requirePermission(request, PERMISSIONS.submit);
      return request.ok(await submitRecharge(db, who, { key: idempotencyKey(request), route: 'recharge/submit', body: request.body }));
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/edit',
    {
      config: merchant(PERMISSIONS.edit, PERMISSIONS.submit),
      schema: {
        tags: ['wallet'],
        summary: 'Replaces a draft (its fields and its vouchers); `draft: false` submits it (needs wallet:recharge:submit). Other statuses are 409. Idempotency-Key required',
        body: rechargeEditInput,
        response: { 200: envelopeSchema(rechargeRecord) },
      },
    },
    async (request) => {
      const who = caller(request);
      if (!request.body.draft) await requirePermission(request, PERMISSIONS.submit);
      return request.ok(await editRecharge(db, who, { key: idempotencyKey(request), route: 'recharge/edit', body: request.body }, await walletScope(request, 'wallet:recharge:list')));
    },
  );

  app.post(
    '/finance/virtualWallet/deleteRechargeRecord',
    {
      config: merchant(PERMISSIONS.delete),
      schema: { tags: ['wallet'], summary: 'Deletes a draft recharge and its vouchers; other statuses are 409', body: idBody, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await deleteDraft(db, caller(request).tenantId, request.body.id, await walletScope(request, 'wallet:recharge:list'));
      return request.ok(null);
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/credentials',
    {
      config: merchant(PERMISSIONS.add),
      schema: {
        tags: ['wallet'],
        summary: `Uploads one bank voucher (multipart/form-data, field "file"): PNG, JPEG, WebP or PDF as its content shows, at most ${VOUCHER_UPLOAD.limitText}. Answers its id for voucherIds`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(voucherRecord) },
      },
    },
    async (request) => {
      const who = caller(request);
      return request.ok(await storeVoucher(db, who, await uploadedFile(request, VOUCHER_UPLOAD)));
    },
  );

  app.get(
    '/finance/virtualWallet/recharge/credentials/:id',
    {
      config: merchant(PERMISSIONS.list),
      schema: { tags: ['wallet'], summary: "Downloads (views) one of the caller tenant's bank vouchers", params: voucherParams, querystring: emptyQuery },
    },
    async (request, reply) => sendVoucher(reply, await voucherToSend(db, request.params.id, caller(request).tenantId)),
  );

  app.get(
    '/finance/virtualWallet/recharge/exportXls',
    {
      config: merchant(PERMISSIONS.export),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's filtered recharges as an Excel file (xlsx) in the caller's language, newest first",
        querystring: rechargeExportQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => sendXlsx(reply, await rechargeWorkbook(db, request.lang, caller(request).tenantId, request.query, false, await walletScope(request, 'wallet:recharge:list'))),
  );

  // ------------------------------------------------------------------ platform

  app.post(
    '/finance/review/recharge/list',
    {
      config: platform(PERMISSIONS.reviewList),
      schema: {
        tags: ['wallet'],
        summary: "Every tenant's recharges (or one tenant's with tenantId) with the tenant name, newest first",
        body: rechargeListBody,
        response: { 200: envelopeSchema(pageSchema(rechargeRecord)) },
      },
    },
    async (request) => request.ok(await listRecharges(db, request.body.tenantId ?? null, request.body)),
  );

  app.get(
    '/finance/review/recharge/exportXls',
    {
      config: platform(PERMISSIONS.reviewExport),
      schema: {
        tags: ['wallet'],
        summary: "Every tenant's filtered recharges as an Excel file (xlsx) in the caller's language, newest first",
        querystring: rechargeReviewExportQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { tenantId, ...filters } = request.query;
      return sendXlsx(reply, await rechargeWorkbook(db, request.lang, tenantId ?? null, filters, true));
    },
  );

  app.get(
    '/finance/review/recharge/credentials/:id',
    {
      config: platform(PERMISSIONS.reviewList),
      schema: { tags: ['wallet'], summary: 'Downloads (views) a bank voucher of any tenant', params: voucherParams, querystring: emptyQuery },
    },
    async (request, reply) => sendVoucher(reply, await voucherToSend(db, request.params.id, null)),
  );

  app.post(
    '/finance/virtualWallet/recharge/confirm',
    {
      config: platform(PERMISSIONS.reviewList),
      schema: {
        tags: ['wallet'],
        summary: 'The review preview: the recharge with its vouchers, the rate confirming now would use and the amount it would credit',
        body: idBody,
        response: { 200: envelopeSchema(rechargeReviewPreview) },
      },
    },
    async (request) => request.ok(await reviewPreview(db, request.lang, request.body.id)),
  );

  app.post(
    '/finance/virtualWallet/recharge/confirm/submit',
    {
      // a reviewer decides; approving and rejecting each need their own button's permission besides
      config: platform(PERMISSIONS.reviewList, PERMISSIONS.approve, PERMISSIONS.reject),
      schema: {
        tags: ['wallet'],
        summary:
          'Confirms a submitted recharge (finance:recharge-review:approve: posts the money at the rate of the moment or the approved application) or rejects it with a reason (finance:recharge-review:reject). Never by its submitter. Idempotency-Key required',
        body: decisionInput,
        response: { 200: envelopeSchema(rechargeRecord) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      await requirePermission(request, request.body.approve ? PERMISSIONS.approve : PERMISSIONS.reject);
      // the body's mistakes are named before a missing key
      const body = checkedDecision(request.body);
      return request.ok(await decideRecharge(db, userId, { key: idempotencyKey(request), route: 'recharge/confirm/submit', body }));
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/reverse',
    {
      config: platform(PERMISSIONS.reverse),
      schema: {
        tags: ['wallet'],
        summary: "Posts the exact opposite of a confirmed recharge's journal (409 when the wallet no longer holds the money); the recharge becomes REVERSED. Idempotency-Key required",
        body: reversalInput,
        response: { 200: envelopeSchema(rechargeRecord) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      return request.ok(await reverseRecharge(db, userId, { key: idempotencyKey(request), route: 'recharge/reverse', body: request.body }));
    },
  );
};
