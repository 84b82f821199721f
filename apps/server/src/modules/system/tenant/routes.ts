import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { packageOption, tenantAddInput, tenantOption, tenantAdded, tenantEditInput, tenantIdsInput, tenantListQuery, tenantRecord } from '@portal/shared/system-tenants';
import { auditActor, platform, platformStaff } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idList, idParam } from '../../../lib/list.ts';
import { packageOptions } from '../tenant-package/repository.ts';
import { listTenants, tenantOptions } from './repository.ts';
import { addTenant, editTenant, setTenantsFrozen, tenantDetail, type TenantCaller } from './service.ts';

/** Merchant companies: the platform's (tenant 0 only); the platform's own tenant is none of them. */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: tenants'];
  const callerOf = (request: FastifyRequest): TenantCaller => ({ actor: auditActor(request), publish: (event) => app.accessService.publish(event) });

  app.get(
    '/sys/tenant/list',
    {
      config: platform('system:tenant:list'),
      schema: { tags, summary: 'Merchant tenants, paged; newest first unless sorted otherwise; filtered by name, status (1 active, 0 frozen) and package', querystring: getQuery(tenantListQuery), response: { 200: envelopeSchema(pageSchema(tenantRecord)) } },
    },
    async (request) => request.ok(await listTenants(db, request.query)),
  );

  app.get(
    '/sys/tenant/options',
    {
      // the merchant filter of the platform's lists (finance reviews, purchasing, the warehouse): every platform
      // user works across merchants and already reads their names in those lists; administering them is another right
      config: platformStaff,
      schema: {
        tags,
        summary: 'Merchant tenants for a picker: by a part of the name, or the names of chosen ids; at most 50, by name',
        querystring: getQuery({ keyword: z.string().trim().max(100).optional(), ids: idList.optional() }),
        response: { 200: envelopeSchema(z.array(tenantOption)) },
      },
    },
    async (request) => request.ok(await tenantOptions(db, request.query, 50)),
  );

  app.get(
    '/sys/tenant/queryById',
    {
      config: platform('system:tenant:list'),
      schema: { tags, summary: 'One merchant tenant (404 for the platform or an unknown id)', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(tenantRecord) } },
    },
    async (request) => request.ok(await tenantDetail(db, request.query.id)),
  );

  app.get(
    '/sys/tenant/packageOptions',
    {
      config: platform('system:tenant:list'),
      schema: { tags, summary: 'Every tenant package, to choose one in the tenant form and filter the list (the default first)', querystring: getQuery({}), response: { 200: envelopeSchema(z.array(packageOption)) } },
    },
    async (request) => request.ok(await packageOptions(db)),
  );

  app.post(
    '/sys/tenant/add',
    {
      config: platform('system:tenant:add'),
      schema: {
        tags,
        summary:
          'Add a merchant tenant with its main account, as registration makes one (built-in roles inside its package, root department headed by the main account). Without a password one is generated and answered once. 409 when the username or phone is taken',
        body: tenantAddInput,
        response: { 200: envelopeSchema(tenantAdded) },
      },
    },
    async (request) => {
      const added = await addTenant(db, callerOf(request), request.body);
      return request.ok(added, 'tenantAdded', { name: added.tenant.name });
    },
  );

  app.put(
    '/sys/tenant/edit',
    {
      config: platform('system:tenant:edit'),
      schema: { tags, summary: "Edit a tenant's name, package, validity period and contact; its people follow at their next request", body: tenantEditInput, response: { 200: envelopeSchema(tenantRecord) } },
    },
    async (request) => request.ok(await editTenant(db, callerOf(request), request.body)),
  );

  app.put(
    '/sys/tenant/freeze',
    {
      config: platform('system:tenant:freeze'),
      schema: { tags, summary: "Freeze tenants (all or nothing): nobody signs in to them, and their people's open sessions end at once", body: tenantIdsInput, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const count = await setTenantsFrozen(db, callerOf(request), request.body.ids, true);
      return request.ok(null, 'tenantsFrozen', { count });
    },
  );

  app.put(
    '/sys/tenant/unfreeze',
    {
      config: platform('system:tenant:freeze'),
      schema: { tags, summary: 'Unfreeze tenants (all or nothing): their people may sign in again', body: tenantIdsInput, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const count = await setTenantsFrozen(db, callerOf(request), request.body.ids, false);
      return request.ok(null, 'tenantsUnfrozen', { count });
    },
  );
};
