import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { departSchema, selectDepartRequestSchema, userInfoSchema } from '@portal/shared/sys';
import { caller, duringPasswordChange, signedIn as authenticated } from '../../../plugins/auth.ts';
import { msg } from '../../../lib/errors.ts';
import { getQuery } from '../../../lib/query.ts';
import { changeOwnPassword, currentDepartments, isMainAccount, selectDepartment } from './service.ts';

// spec §5: each missing field has its own message
const updatePasswordBody = z.strictObject({
  username: z.string({ error: msg('noLoggedInUser') }).trim().min(1, { error: msg('noLoggedInUser') }).max(64),
  oldpassword: z.string({ error: msg('oldPasswordRequired') }).min(1, { error: msg('oldPasswordRequired') }).max(128),
  password: z.string({ error: msg('newPasswordRequired') }).min(1, { error: msg('newPasswordRequired') }).max(128),
  confirmpassword: z.string({ error: msg('confirmPasswordRequired') }).min(1, { error: msg('confirmPasswordRequired') }).max(128),
});

export const myAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/sys/user/updatePassword',
    {
      // guessing the old password through a stolen session is slowed down per session
      // the one way out of a reset password (plugins/auth.ts)
      config: { ...duringPasswordChange, rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (request) => String(request.headers['x-access-token'] ?? request.ip) } },
      schema: {
        tags: ['user'],
        summary: "Change the caller's own password; the caller's other sessions are signed out",
        body: updatePasswordBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) =>
      // the spec's client reads success/message here: a wrong old password is a business failure
      (await changeOwnPassword(db, app.accessService, caller(request), request.body)) ? request.ok(null, 'passwordChanged') : request.fail('oldPasswordWrong', undefined, 400),
  );

  app.get(
    '/sys/user/getCurrentUserDeparts',
    {
      config: authenticated,
      schema: {
        tags: ['user'],
        summary: "The caller's departments in the request's tenant and the current one",
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.object({ list: z.array(departSchema), orgCode: z.string().nullable() })) },
      },
    },
    async (request) => request.ok(await currentDepartments(db, caller(request))),
  );

  app.post(
    '/sys/selectDepart',
    {
      config: authenticated,
      schema: {
        tags: ['user'],
        summary: 'Switch the current department',
        body: selectDepartRequestSchema,
        response: { 200: envelopeSchema(z.object({ userInfo: userInfoSchema })) },
      },
    },
    async (request) => request.ok({ userInfo: await selectDepartment(db, app.accessService, caller(request), request.body) }),
  );

  app.get(
    '/sys/user/isMainAccount',
    {
      config: authenticated,
      schema: {
        tags: ['user'],
        summary: 'Whether the caller is the main account of the tenant (the merchant who registered it)',
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.object({ mainAccount: z.boolean(), tenantId: z.number().int() })) },
      },
    },
    async (request) => request.ok(await isMainAccount(db, caller(request))),
  );
};
