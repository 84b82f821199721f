import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { publishInput } from '@portal/shared/online';
import { auditActor, platform } from '../../../plugins/auth.ts';
import { publishDefinition } from './service.ts';

const answer = envelopeSchema(z.object({ menuId: z.number().int() }));

/** Publishing a report or a form to the merchants' menus (made, or updated on republishing). */
export const onlinePublishRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const access = app.accessService;
  const summary = 'A menu entry under parentId (a menu group of the catalogue) for the merchants, added to the chosen tenant packages and granted to their merchant administrators';

  app.post(
    '/online/cgreport/head/publish',
    { config: platform('system:online:edit'), schema: { tags: ['online-report'], summary, body: publishInput, response: { 200: answer } } },
    async (request) => request.ok(await publishDefinition(db, access, auditActor(request), 'report', request.body), 'onlinePublished'),
  );

  app.post(
    '/online/cgform/head/publish',
    { config: platform('system:online:edit'), schema: { tags: ['online-form'], summary, body: publishInput, response: { 200: answer } } },
    async (request) => request.ok(await publishDefinition(db, access, auditActor(request), 'form', request.body), 'onlinePublished'),
  );
};
