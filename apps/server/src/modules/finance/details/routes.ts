import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { ACCOUNT_KINDS, JOURNAL_KINDS } from '@portal/shared/finance';
import { accountListBody, accountRecord, currencyField, detailListBody, detailRecord, platformDetailRecord } from '@portal/shared/finance-schemas';
import { getQuery } from '../../../lib/query.ts';
import { timeParam } from '../../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, merchant, platform } from '../../../plugins/auth.ts';

import { accountPage, detailPage, platformDetailPage } from './repository.ts';
import { accountExport, detailExport } from './service.ts';

const merchantListBody = detailListBody.omit({ tenantId: true });
const detailExportQuery = getQuery({
  currency: currencyField.optional(),
  kind: z.enum(JOURNAL_KINDS).optional(),
  refNo: z.string().trim().max(32).optional(),
  postedAt_begin: timeParam.optional(),
  postedAt_end: timeParam.optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  timeZone: timeZoneParam,
});
const accountExportQuery = getQuery({
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  currency: currencyField.optional(),
  kind: z.enum(ACCOUNT_KINDS).optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  timeZone: timeZoneParam,
});

/**
 * Finance details: every posted movement of the caller tenant's wallets with the running balance
 * (/api/finance/detail/*), the same across tenants for the platform, and the platform's account list
 * (/api/finance/review/*).
 */
export const detailRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/finance/detail/list',
    {
      config: merchant('finance:detail:list'),
      schema: {
        tags: ['finance'],
        summary: "Every posted movement of the caller tenant's wallets, newest first, with the balance after it",
        body: merchantListBody,
        response: { 200: envelopeSchema(pageSchema(detailRecord)) },
      },
    },
    async (request) => request.ok(await detailPage(db, caller(request).tenantId, request.body)),
  );

  app.get(
    '/finance/detail/exportXls',
    {
      config: merchant('finance:detail:export'),
      schema: {
        tags: ['finance'],
        summary: "The caller tenant's filtered movements as an Excel file (xlsx) in the caller's language, newest first",
        querystring: detailExportQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      return sendXlsx(reply, await detailExport(db, caller(request).tenantId, filters, request.lang, timeZone));
    },
  );

  // ------------------------------------------------------------------ platform

  app.post(
    '/finance/review/detail/list',
    {
      config: platform('finance:account:detail'),
      schema: {
        tags: ['finance'],
        summary: "Every tenant's wallet movements (or one tenant's; tenantId 0: the platform's own accounts, without running balance), newest first",
        body: detailListBody,
        response: { 200: envelopeSchema(pageSchema(platformDetailRecord)) },
      },
    },
    async (request) => request.ok(await platformDetailPage(db, request.body)),
  );

  app.post(
    '/finance/review/account/list',
    {
      config: platform('finance:account:list'),
      schema: {
        tags: ['finance'],
        summary: "Every account with its balance: merchants' wallets (cached) and the platform's own (the sum of their entries)",
        body: accountListBody,
        response: { 200: envelopeSchema(pageSchema(accountRecord)) },
      },
    },
    async (request) => request.ok(await accountPage(db, request.body)),
  );

  app.get(
    '/finance/review/account/exportXls',
    {
      config: platform('finance:account:export'),
      schema: {
        tags: ['finance'],
        summary: "The filtered account list as an Excel file (xlsx) in the caller's language",
        querystring: accountExportQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      return sendXlsx(reply, await accountExport(db, filters, request.lang, timeZone));
    },
  );
};
