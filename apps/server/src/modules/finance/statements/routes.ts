import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { idBody, statementDetail, statementInput, statementListBody, statementRecord } from '@portal/shared/finance-schemas';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { DEFAULT_EXPORT_TIME_ZONE, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, merchant } from '../../../plugins/auth.ts';

import { sendStatementXlsx } from './export.ts';
import { statementPage } from './repository.ts';
import { generateStatement, statementDetail as detailOf, statementExport } from './service.ts';

/**
 * The "Alipay monthly statement" (/api/finance/brand/account/history/*): a wallet's statement per
 * currency and month (Asia/Shanghai months), generated from the entries and recomputed from them
 * whenever it is read. Debits are negative: closing = opening + credits + debits.
 */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

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
    async (request) => request.ok(await generateStatement(db, caller(request), request.body)),
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
    async (request) => request.ok(await statementPage(db, caller(request).tenantId, request.body)),
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
    async (request) => request.ok(await detailOf(db, caller(request).tenantId, request.body.id, request.log)),
  );

  app.get(
    '/finance/brand/account/history/exportXls',
    {
      config: merchant('finance:alipay-statement:export'),
      schema: {
        tags: ['finance'],
        summary: "A statement as an Excel file (xlsx) in the caller's language: its figures recomputed now, then each movement of the month",
        querystring: getQuery({ id: idParam, timeZone: timeZoneParam }),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { tenantId } = caller(request);
      const { id, timeZone = DEFAULT_EXPORT_TIME_ZONE } = request.query;
      return sendStatementXlsx(reply, await statementExport(db, tenantId, id, { lang: request.lang, timeZone, log: request.log }));
    },
  );
};
