import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyCaller, keyScope, openApi } from '../../../../plugins/open-api-auth.ts';
import { listParcels } from '../../../parcel/repository.ts';
import { parcelListQuery, parcelPage } from '../schemas.ts';

/** The open API's parcels (package management): /open/v1/parcels, the key's company only. */
export const openParcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/parcels',
    {
      config: openApi('parcels:read', 'PARCEL_QUERY'),
      schema: { tags: ['parcels'], summary: 'List parcels, newest first', description: 'Filtered by tracking number, order number and status; pageSize at most 200.', querystring: parcelListQuery, response: { 200: parcelPage } },
    },
    // the key holder's rows of the package list (their data rules there)
    async (request) => listParcels(db, apiKeyCaller(request).tenantId, request.query, await keyScope(request, 'logistics:package:list')),
  );
};
