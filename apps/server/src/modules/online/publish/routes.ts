import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { publishInput } from '@portal/shared/online';
import { auditActor, platform, requirePermission } from '../../../plugins/auth.ts';
import { publishDefinition } from './service.ts';

const answer = envelopeSchema(z.object({ menuId: z.number().int() }));

/** Publishing a report or a form to the merchants' menus (made, or updated on republishing). */
export const onlinePublishRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const access = app.accessService;
  const summary =
    'A menu entry under parentId (a menu group of the catalogue) for the merchants, added to the chosen tenant packages (which needs system:tenant-menu:auth, the packages\' own right) and granted to their merchant administrators';

  app.post(
    '/online/cgreport/head/publish',
    { config: platform('system:online:edit', 'system:tenant-menu:auth'), schema: { tags: ['online-report'], summary, body: publishInput, response: { 200: answer } } },
    async (request) => {
      // putting the entry into packages is the packages' screen's act: nobody hands out what they do not hold
      if (request.body.packageIds.length > 0) await requirePermission(request, 'system:tenant-menu:auth');
      return request.ok(await publishDefinition(db, access, auditActor(request), 'report', request.body), 'onlinePublished');
    },
  );

  app.post(
    '/online/cgform/head/publish',
    { config: platform('system:online:edit', 'system:tenant-menu:auth'), schema: { tags: ['online-form'], summary, body: publishInput, response: { 200: answer } } },
    async (request) => {
      // putting the entry into packages is the packages' screen's act: nobody hands out what they do not hold
      if (request.body.packageIds.length > 0) await requirePermission(request, 'system:tenant-menu:auth');
      return request.ok(await publishDefinition(db, access, auditActor(request), 'form', request.body), 'onlinePublished');
    },
  );
};
