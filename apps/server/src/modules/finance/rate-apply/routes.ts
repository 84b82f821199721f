import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionCode } from '@portal/shared/permissions';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { RATE_APPLY_STATUSES, type RateApplyStatus } from '@portal/shared/finance';
import { idBody, rateApplyDecisionInput, rateApplyEditInput, rateApplyInput, rateApplyListBody, rateApplyRecord } from '@portal/shared/finance-schemas';
import { getQuery } from '../../../lib/query.ts';
import { timeParam } from '../../../lib/list.ts';
import { sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, merchant, platform, requirePermission } from '../../../plugins/auth.ts';
import { idempotencyKey } from '../../../lib/idempotency.ts';
import {
  addRateApply,
  checkedApplication,
  decideRateApplication,
  editRateApply,
  listRateApplications,
  moveRateApplication,
  rateApplyWorkbook,
  type RateApplyAction,
} from './service.ts';

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

/**
 * Rate applications (/api/finance/rateApply/*): a merchant asks for its own rate on a pair (draft,
 * submitted, cancelled); finance approves it with the rate granted and a validity, or rejects it
 * (/rateApply/review/*). An approved one is what service.ts applicationRate gives the merchant's recharges.
 */
export const rateApplyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

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
    async (request) => request.ok(await listRateApplications(db, caller(request).tenantId, request.body)),
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
      const { tenantId, userId } = caller(request);
      const body = request.body;
      // the body's mistakes are named before a missing permission or key
      const fields = checkedApplication(body);
      if (!body.draft) await requirePermission(request, 'finance:rate-apply:submit');
      const key = idempotencyKey(request);
      return request.ok(await addRateApply(db, { tenantId, userId }, { key, route: request.routeOptions.url ?? '', body }, fields));
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
      const { tenantId } = caller(request);
      const body = request.body;
      const fields = checkedApplication(body);
      if (!body.draft) await requirePermission(request, 'finance:rate-apply:submit');
      return request.ok(await editRateApply(db, tenantId, body.id, body.draft, fields));
    },
  );

  const move = (path: string, permission: PermissionCode, summary: string, from: RateApplyStatus[], to: RateApplyStatus, action: RateApplyAction) =>
    app.post(
      path,
      { config: merchant(permission), schema: { tags: ['finance'], summary, body: idBody, response: { 200: envelopeSchema(rateApplyRecord) } } },
      async (request) => request.ok(await moveRateApplication(db, caller(request).tenantId, request.body.id, from, to, action)),
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
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => sendXlsx(reply, await rateApplyWorkbook(db, request.lang, caller(request).tenantId, request.query)),
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
    async (request) => request.ok(await listRateApplications(db, null, request.body)),
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
      await requirePermission(request, request.body.approve ? 'finance:rate-apply-review:approve' : 'finance:rate-apply-review:reject');
      return request.ok(await decideRateApplication(db, userId, request.body));
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
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => sendXlsx(reply, await rateApplyWorkbook(db, request.lang, null, request.query)),
  );
};
