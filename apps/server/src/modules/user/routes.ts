import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, ne, isNull, sql } from 'drizzle-orm';
import { envelopeSchema } from '@portal/shared/api';
import { departSchema, selectDepartRequestSchema, userInfoSchema } from '@portal/shared/sys';
import { caller } from '../../plugins/auth.ts';
import { badRequest, forbidden, msg, notFound } from '../../lib/errors.ts';
import { getQuery } from '../../lib/query.ts';
import { hashPassword, isStrongPassword, verifyPassword } from '../../lib/passwords.ts';
import { users } from '../../db/schema/sys.ts';
import { sessions } from '../../db/schema/auth.ts';
import { departsOf, findUserById, toUserInfo } from './user-repository.ts';

const authenticated = { access: { permission: 'authenticated', tenant: 'caller' } } as const;

// spec §5: each missing field has its own message
const updatePasswordBody = z.strictObject({
  username: z.string({ error: msg('noLoggedInUser') }).trim().min(1, { error: msg('noLoggedInUser') }).max(64),
  oldpassword: z.string({ error: msg('oldPasswordRequired') }).min(1, { error: msg('oldPasswordRequired') }).max(128),
  password: z.string({ error: msg('newPasswordRequired') }).min(1, { error: msg('newPasswordRequired') }).max(128),
  confirmpassword: z.string({ error: msg('confirmPasswordRequired') }).min(1, { error: msg('confirmPasswordRequired') }).max(128),
});

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/sys/user/updatePassword',
    {
      // guessing the old password through a stolen session is slowed down per session
      config: { ...authenticated, rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (request) => String(request.headers['x-access-token'] ?? request.ip) } },
      schema: {
        tags: ['user'],
        summary: "Change the caller's own password; the caller's other sessions are signed out",
        body: updatePasswordBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const { username, oldpassword, password, confirmpassword } = request.body;
      if (username.toLowerCase() !== auth.username.toLowerCase()) throw forbidden('ownPasswordOnly');
      if (password !== confirmpassword) throw badRequest('passwordMismatch');
      if (!isStrongPassword(password)) throw badRequest('passwordWeak');
      const user = await findUserById(db, auth.userId);
      if (!user) throw notFound();
      // the spec's client reads success/message here: a wrong old password is a business failure
      if (!(await verifyPassword(user.passwordHash, oldpassword))) return request.fail('oldPasswordWrong', undefined, 400);
      if (oldpassword === password) throw badRequest('passwordSameAsOld');
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, user.id));
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.userId, user.id), ne(sessions.id, auth.session.sessionId), isNull(sessions.revokedAt)));
      });
      await app.accessService.publish({ kind: 'user', userId: user.id });
      return request.ok(null, 'passwordChanged');
    },
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
    async (request) => {
      const auth = caller(request);
      const list = await departsOf(db, auth.userId, auth.tenantId);
      const current = list.some((d) => d.orgCode === auth.session.orgCode) ? auth.session.orgCode : null;
      return request.ok({ list, orgCode: current });
    },
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
    async (request) => {
      const auth = caller(request);
      const { orgCode, username } = request.body;
      if (username.toLowerCase() !== auth.username.toLowerCase()) throw forbidden();
      if (!orgCode.trim()) throw badRequest('departRequired');
      const departs = await departsOf(db, auth.userId, auth.tenantId);
      if (departs.length === 0) throw badRequest('noDepartments');
      // a department of another tenant, or one the user is not in, does not exist for this caller
      if (!departs.some((d) => d.orgCode === orgCode)) throw notFound();
      const updated = await db.update(users).set({ orgCode, updatedAt: sql`now()` }).where(eq(users.id, auth.userId)).returning();
      await app.accessService.publish({ kind: 'user', userId: auth.userId });
      const user = updated[0];
      if (!user) throw notFound();
      return request.ok({ userInfo: toUserInfo(user) });
    },
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
    async (request) => {
      const auth = caller(request);
      const user = await findUserById(db, auth.userId);
      return request.ok({ mainAccount: Boolean(user?.mainAccount && user.defaultTenantId === auth.tenantId), tenantId: auth.tenantId });
    },
  );
};
