import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { countryCode, lengthCm, pageQuery, rateCardInput, rateCardRecord, serviceType, weightKg } from '@portal/shared/logistics-schemas';
import { getQuery } from '../../lib/query.ts';
import { booleanParam, idParam } from '../../lib/list.ts';
import { merchant, platform } from '../../plugins/auth.ts';
import { listRateCards } from './repository.ts';
import { addRateCard, editRateCard, quoteFreight, removeRateCard } from './service.ts';

const listQuery = getQuery({
  ...pageQuery,
  column: z.enum(['destinationCountry', 'serviceType']).optional(),
  destinationCountry: countryCode.optional(),
  serviceType: serviceType.optional(),
  active: booleanParam.optional(),
});
const rateCardEditInput = rateCardInput.extend({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const quoteQuery = getQuery({
  destinationCountry: countryCode,
  serviceType,
  /** kg */
  weight: weightKg,
  /** cm, all three or none */
  length: lengthCm.optional(),
  width: lengthCm.optional(),
  height: lengthCm.optional(),
});
const quoteResult = z.object({ currency: z.string(), chargeableWeight: z.string(), freight: z.string() }).nullable();

/** Rate cards (platform): /warehouse/rateCard/*; and the merchant's freight quote: /logistics/freight/quote */
export const rateCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/warehouse/rateCard/list',
    {
      config: platform('warehouse:rate-card:list'),
      schema: {
        tags: ['rate-card'],
        summary: 'Rate cards by destination and service type; filters on destination, service type and active',
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(rateCardRecord)) },
      },
    },
    async (request) => request.ok(await listRateCards(db, request.query)),
  );

  app.post(
    '/warehouse/rateCard/add',
    {
      config: platform('warehouse:rate-card:add'),
      schema: {
        tags: ['rate-card'],
        summary: 'A rate card for a destination and service type (one per route: 409); prices in the currency\'s own decimals',
        body: rateCardInput,
        response: { 200: envelopeSchema(rateCardRecord) },
      },
    },
    async (request) => request.ok(await addRateCard(db, request.body)),
  );

  app.put(
    '/warehouse/rateCard/edit',
    {
      config: platform('warehouse:rate-card:edit'),
      schema: {
        tags: ['rate-card'],
        summary: 'Replace a rate card; orders keep the quotes and charges they were given',
        body: rateCardEditInput,
        response: { 200: envelopeSchema(rateCardRecord) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return request.ok(await editRateCard(db, id, input));
    },
  );

  app.delete(
    '/warehouse/rateCard/delete',
    {
      config: platform('warehouse:rate-card:delete'),
      schema: {
        tags: ['rate-card'],
        summary: 'Delete a rate card: its route has no price until a new one is added',
        querystring: getQuery({ id: idParam }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removeRateCard(db, request.query.id);
      return request.ok(null);
    },
  );

  app.get(
    '/logistics/freight/quote',
    {
      config: merchant('logistics:order:add'),
      schema: {
        tags: ['rate-card'],
        summary: 'Freight of a shipment by the active rate card of its route: max(actual, volumetric) weight; null when the route has no active card',
        querystring: quoteQuery,
        response: { 200: envelopeSchema(quoteResult) },
      },
    },
    async (request) => request.ok(await quoteFreight(db, request.query)),
  );
};
