import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { packageEditInput, packageGrantInput, packageIdInput, packageInput, packageListQuery, packageRecord, packageTree as packageTreeSchema } from '@portal/shared/system-tenants';
import { auditActor, platform } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { listPackages } from './repository.ts';
import { addPackage, editPackage, packageTree, removePackage, savePackagePermissions, setDefaultPackage, type PackageCaller } from './service.ts';

/** Tenant menu packages: the platform's (tenant 0 only). */
export const tenantPackageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: tenant packages'];
  const callerOf = (request: FastifyRequest): PackageCaller => ({ actor: auditActor(request), publish: (event) => app.accessService.publish(event) });

  app.get(
    '/sys/tenantPackage/list',
    {
      config: platform('system:tenant-menu:list'),
      schema: { tags, summary: 'Tenant packages, paged; the default first, then by name unless sorted otherwise; filtered by name and status', querystring: getQuery(packageListQuery), response: { 200: envelopeSchema(pageSchema(packageRecord)) } },
    },
    async (request) => request.ok(await listPackages(db, request.query)),
  );

  app.post(
    '/sys/tenantPackage/add',
    {
      config: platform('system:tenant-menu:add'),
      schema: { tags, summary: 'Add a package (empty: tick its menus next; 409 when its name is taken)', body: packageInput, response: { 200: envelopeSchema(packageRecord) } },
    },
    async (request) => request.ok(await addPackage(db, callerOf(request), request.body)),
  );

  app.put(
    '/sys/tenantPackage/edit',
    {
      config: platform('system:tenant-menu:edit'),
      schema: { tags, summary: 'Edit a package (409 when its name is taken, or when the default is disabled)', body: packageEditInput, response: { 200: envelopeSchema(packageRecord) } },
    },
    async (request) => request.ok(await editPackage(db, callerOf(request), request.body)),
  );

  app.put(
    '/sys/tenantPackage/setDefault',
    {
      config: platform('system:tenant-menu:edit'),
      schema: { tags, summary: 'Make a package the one registration gives (400 when it is disabled)', body: packageIdInput, response: { 200: envelopeSchema(packageRecord) } },
    },
    async (request) => request.ok(await setDefaultPackage(db, callerOf(request), request.body.id)),
  );

  app.delete(
    '/sys/tenantPackage/delete',
    {
      config: platform('system:tenant-menu:delete'),
      schema: { tags, summary: 'Delete a package (409 while tenants use it, or when it is the default)', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removePackage(db, callerOf(request), request.query.id);
      return request.ok(null);
    },
  );

  app.get(
    '/sys/tenantPackage/queryTree',
    {
      config: platform('system:tenant-menu:auth'),
      schema: { tags, summary: "The merchant side of the catalogue as a tree (never a platform screen), and the package's entries", querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(packageTreeSchema) } },
    },
    async (request) => request.ok(await packageTree(db, await app.accessService.getCatalogue(), request.query.id)),
  );

  app.put(
    '/sys/tenantPackage/savePermissions',
    {
      config: platform('system:tenant-menu:auth'),
      schema: {
        tags,
        summary: "Replace a package's menus and buttons (their menu groups join them); every tenant using it follows at its next request. A platform screen is refused (400)",
        body: packageGrantInput,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await savePackagePermissions(db, await app.accessService.getCatalogue(), callerOf(request), request.body.packageId, request.body.permissionIds);
      return request.ok(null);
    },
  );
};
