import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@portal/shared/api';
import { conversionInput, conversionPreview, conversionRecord, conversionSubmitInput } from '@portal/shared/finance-schemas';
import { caller, merchant } from '../../../plugins/auth.ts';
import { WALLET } from '../access.ts';
import { idempotencyKey } from '../../../lib/idempotency.ts';
import { conversionAmount, convert, previewConversion } from './service.ts';

const PERMISSION = 'wallet:overview:convert';

/**
 * Converting between two wallets of the caller tenant (/platform-api/finance/virtualWallet/convert/*):
 * the preview, and the conversion itself at the rate table's rate of that moment (service.ts).
 */
export const convertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    `${WALLET}/convert/preview`,
    {
      config: merchant(PERMISSION),
      schema: {
        tags: ['wallet'],
        summary: 'What converting an amount of one wallet of the caller tenant into another would give at the rate applying now, without doing it',
        body: conversionInput,
        response: { 200: envelopeSchema(conversionPreview) },
      },
    },
    async (request) => request.ok(await previewConversion(db, caller(request).tenantId, request.body)),
  );

  app.post(
    `${WALLET}/convert/submit`,
    {
      config: merchant(PERMISSION),
      schema: {
        tags: ['wallet'],
        summary:
          'Converts an amount of one wallet of the caller tenant into another at the rate applying now (409 when it is not expectedRate, or the balance is short). Idempotency-Key required',
        body: conversionSubmitInput,
        response: { 200: envelopeSchema(conversionRecord) },
      },
    },
    async (request) => {
      const who = caller(request);
      // the body's mistakes are named before a missing key
      const amount = conversionAmount(request.body);
      return request.ok(await convert(db, who, { key: idempotencyKey(request), route: `${WALLET}/convert/submit`, body: request.body }, amount));
    },
  );
};
