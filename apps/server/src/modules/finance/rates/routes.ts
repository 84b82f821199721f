import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { currencyField, idBody, rateInput, rateListBody, rateRecord } from '@portal/shared/finance-schemas';
import { getQuery } from '../../../lib/query.ts';
import { booleanParam, timeParam } from '../../../lib/list.ts';
import { sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, platform } from '../../../plugins/auth.ts';
import { idempotencyKey } from '../../../lib/idempotency.ts';
import { addRate, checkedRate, deleteRate, listRates, rateWorkbook } from './service.ts';

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
 * of a pair applies (service.ts currentRate), a rate can be scheduled and withdrawn until it takes effect.
 */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

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
    async (request) => request.ok(await listRates(db, request.body)),
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
      // the body's mistakes are named before a missing key
      const body = checkedRate(request.body);
      return request.ok(await addRate(db, { tenantId, userId }, idempotencyKey(request), request.routeOptions.url ?? '', body));
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
      await deleteRate(db, request.body.id);
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
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => sendXlsx(reply, await rateWorkbook(db, request.lang, request.query)),
  );
};
