import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { REFUND_KINDS, REFUND_STATUSES } from '@portal/shared/finance';
import { currencyField, decisionInput, idBody, payOrderListBody, payOrderRecord, refundInput, refundListBody, refundRecord } from '@portal/shared/finance-schemas';
import { getQuery } from '../../../lib/query.ts';
import { idParam, timeParam } from '../../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, merchant, platform, requirePermission } from '../../../plugins/auth.ts';
import { idempotencyKey } from '../../../lib/idempotency.ts';
import { WALLET, walletScope } from '../access.ts';
import { payOrderPage, refundPage, refundRecord as refundOf } from './repository.ts';
import { refundExport, submitRefund, verifyRefund } from './service.ts';

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

  // ------------------------------------------------------------------ merchant

  app.post(
    `${WALLET}/refund/list`,
    {
      config: merchant('wallet:refund:list'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's refunds (awaiting review, refunded, rejected), newest first",
        body: merchantListBody,
        response: { 200: envelopeSchema(pageSchema(refundRecord)) },
      },
    },
    async (request) => request.ok(await refundPage(db, caller(request).tenantId, request.body, await walletScope(request, 'wallet:refund:list'))),
  );

  app.post(
    `${WALLET}/refund/details`,
    {
      config: merchant('wallet:refund:list'),
      schema: { tags: ['wallet'], summary: 'One refund of the caller tenant', body: idBody, response: { 200: envelopeSchema(refundRecord) } },
    },
    async (request) => request.ok(await refundOf(db, caller(request).tenantId, request.body.id, await walletScope(request, 'wallet:refund:list'))),
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
    async (request) => request.ok(await payOrderPage(db, caller(request).tenantId, request.body)),
  );

  app.post(
    `${WALLET}/refund/submit`,
    {
      config: merchant('wallet:refund:submit'),
      schema: {
        tags: ['wallet'],
        summary: 'Asks for a BALANCE refund (wallet money to the bank) or a CHARGE refund (a paid charge back to the wallet); nothing moves until finance verifies. Idempotency-Key required',
        body: refundInput,
        response: { 200: envelopeSchema(refundRecord) },
      },
    },
    async (request) => request.ok(await submitRefund(db, { ...caller(request), key: idempotencyKey(request) }, request.body)),
  );

  app.get(
    `${WALLET}/refund/exportXls`,
    {
      config: merchant('wallet:refund:export'),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's filtered refund list as an Excel file (xlsx) in the caller's language, newest first",
        querystring: merchantExportQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { tenantId } = caller(request);
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, ...filters } = request.query;
      void _t;
      return sendXlsx(reply, await refundExport(db, { tenantId, withTenant: false, rules: await walletScope(request, 'wallet:refund:list') }, filters, request.lang, timeZone));
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
        response: { 200: envelopeSchema(refundRecord) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      // the decision names the permission it needs: a reviewer may hold one without the other
      await requirePermission(request, request.body.approve ? 'finance:refund-review:approve' : 'finance:refund-review:reject');
      return request.ok(await verifyRefund(db, userId, request.body, () => idempotencyKey(request)));
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
        response: { 200: envelopeSchema(pageSchema(refundRecord)) },
      },
    },
    async (request) => request.ok(await refundPage(db, request.body.tenantId ?? null, request.body)),
  );

  app.post(
    `${REVIEW}/details`,
    {
      config: platform('finance:refund-review:list'),
      schema: { tags: ['wallet'], summary: 'One refund of any tenant', body: idBody, response: { 200: envelopeSchema(refundRecord) } },
    },
    async (request) => request.ok(await refundOf(db, null, request.body.id)),
  );

  app.get(
    `${REVIEW}/exportXls`,
    {
      config: platform('finance:refund-review:export'),
      schema: {
        tags: ['wallet'],
        summary: "Every tenant's filtered refunds (or one tenant's) as an Excel file (xlsx) in the caller's language, newest first",
        querystring: platformExportQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, _t, tenantId, ...filters } = request.query;
      void _t;
      return sendXlsx(reply, await refundExport(db, { tenantId: tenantId ?? null, withTenant: true }, filters, request.lang, timeZone));
    },
  );
};
