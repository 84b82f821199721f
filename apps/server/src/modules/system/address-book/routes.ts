import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { addressBookDepartNodeSchema, addressBookQuery, addressBookRecord } from '@portal/shared/system-org';
import type { FastifyRequest } from 'fastify';
import { caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { departmentTree, listAddressBook } from './repository.ts';
import { addressBookWorkbook } from './service.ts';

const PHONE = 'system:address-book:phone';

const exportFilters = { orgCode: addressBookQuery.orgCode, keyword: addressBookQuery.keyword };

/** The address book of the tenant of the request. */
export const addressBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: address book'];
  // declared in each route's access (`also`), so that the route table tells every code the call checks
  const showsPhone = (request: FastifyRequest) => app.accessService.can(caller(request).access, PHONE);

  app.get(
    '/sys/user/queryByOrgCodeForAddressList',
    {
      config: eitherSide('system:address-book:list', PHONE),
      schema: {
        tags,
        summary: `Everyone of the tenant (active), by department and its sub-departments (orgCode), searched by name, email, position (and phone with ${PHONE}); phones masked without ${PHONE}`,
        querystring: getQuery(addressBookQuery),
        response: { 200: envelopeSchema(pageSchema(addressBookRecord)) },
      },
    },
    async (request) => request.ok(await listAddressBook(db, caller(request).tenantId, request.query, await showsPhone(request))),
  );

  app.get(
    '/sys/addressBook/departTree',
    {
      config: eitherSide('system:address-book:list'),
      schema: { tags, summary: "The tenant's departments as a tree, for the address book", querystring: getQuery({}), response: { 200: envelopeSchema(z.array(addressBookDepartNodeSchema)) } },
    },
    async (request) => request.ok(await departmentTree(db, caller(request).tenantId)),
  );

  app.get(
    '/sys/addressBook/exportXls',
    {
      config: eitherSide('system:address-book:export', PHONE),
      schema: { tags, summary: 'The filtered address book as an Excel file (xlsx), phones masked as in the list', querystring: getQuery({ ...exportFilters, timeZone: timeZoneParam }), produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      return sendXlsx(reply, await addressBookWorkbook(db, caller(request).tenantId, filters, await showsPhone(request), request.lang, timeZone));
    },
  );
};
