import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import {
  AVATAR_MAX_BYTES,
  avatarRecord,
  changePasswordInput,
  checkOnlyUserQueryShape,
  departMemberRecord,
  frozenBatchInput,
  passwordResetResult,
  queryUserByDepIdQueryShape,
  queryUserRoleQueryShape,
  USER_FROZEN,
  userAddInput,
  userEditInput,
  userListQueryShape,
  userRecord,
} from '@portal/shared/system-users';
import { forbidden, notFound } from '../../../lib/errors.ts';
import { getQuery } from '../../../lib/query.ts';
import { acceptUploads, uploadedFile, uploadLimits } from '../../../lib/upload.ts';
import { auditActor, caller, eitherSide, PUBLIC } from '../../../plugins/auth.ts';
import { createSmsGateway, type SmsGateway } from '../../sms/provider.ts';
import { departmentExists, findAvatar, listUsers, membersOfDepartment } from './repository.ts';
import { departIdTree } from '../depart/service.ts';
import { departIdNodeSchema } from '@portal/shared/system-departs';
import {
  addUser,
  AVATAR_NAME,
  checkUsername,
  editUser,
  freezeUsers,
  resetUserPassword,
  rolesOfUser,
  storeAvatar,
  type UserAdmin,
} from './service.ts';

/** One avatar image, no larger than AVATAR_MAX_BYTES, with fewer other fields than an import. */
const AVATAR_UPLOAD = uploadLimits({ maxBytes: AVATAR_MAX_BYTES, tooLarge: 'avatarTooLarge', missing: 'avatarFileMissing', fields: 5 });

/**
 * User management (spec §7): an administrator's calls on the users of their own tenant, on
 * either side (the merchant's main account administers tenant 1, the platform admin tenant 0). Every act
 * on a user asks the rules of delegation (modules/auth/access/delegation.ts) first.
 */
export const systemUserRoutes: FastifyPluginAsyncZod<{ smsGateway?: SmsGateway }> = async (app, options) => {
  const db = app.database.db;
  const admin: UserAdmin = { db, access: app.accessService, gateway: options.smsGateway ?? createSmsGateway(app.settings, app.log) };
  // uploads only in this plugin's own context: one avatar image
  await acceptUploads(app, AVATAR_UPLOAD);

  // the department filter of the user list and the picker of the user form, under the user list's right: a page
  // calls only what its own right allows (/sys/sysDepart/queryIdTree needs the departments' right)
  app.get(
    '/sys/user/departIdTree',
    {
      config: eitherSide('system:user:list'),
      schema: { tags: ['system-user'], summary: "The tenant's departments as the user screens' filter and picker need them (the id/title tree)", querystring: getQuery({}), response: { 200: envelopeSchema(z.array(departIdNodeSchema)) } },
    },
    async (request) => request.ok(await departIdTree(db, caller(request).tenantId)),
  );

  app.get(
    '/sys/user/list',
    {
      config: eitherSide('system:user:list'),
      schema: {
        tags: ['system-user'],
        summary:
          "The users of the caller's tenant (not in the recycle bin); filters username, realname, phone (parts of them), status (1 normal, 2 frozen), departId, roleId; column createdAt | username | realname | workNo, order asc | desc",
        querystring: getQuery(userListQueryShape),
        response: { 200: envelopeSchema(pageSchema(userRecord)) },
      },
    },
    async (request) => request.ok(await listUsers(db, caller(request).tenantId, request.query)),
  );

  app.post(
    '/sys/user/add',
    {
      config: eitherSide('system:user:add'),
      schema: {
        tags: ['system-user'],
        summary:
          'A new user of the caller tenant: username (unique whatever its case: 409), password (the shared rule), phone (unique: 409), departments with the current one, positions and roles of the tenant (each role within what the caller holds)',
        body: userAddInput,
        response: { 200: envelopeSchema(userRecord) },
      },
    },
    async (request) => request.ok(await addUser(admin, caller(request), request.body, auditActor(request))),
  );

  app.put(
    '/sys/user/edit',
    {
      config: eitherSide('system:user:edit'),
      schema: {
        tags: ['system-user'],
        summary: "Edit a user of the caller tenant (not the username). Nobody changes their own roles; only a top administrator edits a top administrator",
        body: userEditInput,
        response: { 200: envelopeSchema(userRecord) },
      },
    },
    async (request) => request.ok(await editUser(admin, caller(request), request.body, auditActor(request))),
  );

  app.get(
    '/sys/user/checkOnlyUser',
    {
      config: eitherSide('system:user:list'),
      schema: {
        tags: ['system-user'],
        summary: 'Whether a username is free (dataId: the user being edited). Taken: success false, code 409; not a valid username: success false, code 400',
        querystring: getQuery(checkOnlyUserQueryShape),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const outcome = await checkUsername(db, caller(request).tenantId, request.query.username, request.query.dataId);
      if (outcome === 'taken') return request.fail('usernameTaken', undefined, 409);
      if (outcome === 'invalid') return request.fail('usernameInvalid', undefined, 400);
      return request.ok(null, 'valueAvailable');
    },
  );

  app.get(
    '/sys/user/queryUserRole',
    {
      config: eitherSide('system:user:list'),
      schema: {
        tags: ['system-user'],
        summary: 'The role ids of a user in the caller tenant',
        querystring: getQuery(queryUserRoleQueryShape),
        response: { 200: envelopeSchema(z.array(z.number().int())) },
      },
    },
    async (request) => request.ok(await rolesOfUser(db, caller(request).tenantId, request.query.userid)),
  );

  app.put(
    '/sys/user/frozenBatch',
    {
      config: eitherSide('system:user:frozen'),
      schema: {
        tags: ['system-user'],
        summary: 'Freeze (status 2) or unfreeze (1) users of the caller tenant, all or none; a frozen user is signed out everywhere at once and cannot sign in',
        body: frozenBatchInput,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await freezeUsers(admin, caller(request), request.body, auditActor(request));
      return request.ok(null, request.body.status === USER_FROZEN ? 'usersFrozen' : 'usersUnfrozen');
    },
  );

  app.put(
    '/sys/user/changePassword',
    {
      config: eitherSide('system:user:password'),
      schema: {
        tags: ['system-user'],
        summary:
          "An administrator's reset of another user's password: a strong one is generated and answered once (mode show) or sent by SMS to the user's phone (mode sms); the user's sessions end",
        body: changePasswordInput,
        response: { 200: envelopeSchema(passwordResetResult) },
      },
    },
    async (request) => {
      const result = await resetUserPassword(admin, caller(request), request.lang, request.body, auditActor(request));
      return request.ok(result, result.mode === 'sms' ? 'userPasswordSent' : 'userPasswordShown');
    },
  );

  app.get(
    '/sys/user/queryUserByDepId',
    {
      config: eitherSide('system:user:list'),
      schema: {
        tags: ['system-user'],
        summary: 'The users of a department of the caller tenant',
        querystring: getQuery(queryUserByDepIdQueryShape),
        response: { 200: envelopeSchema(z.array(departMemberRecord)) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      if (!(await departmentExists(db, tenantId, request.query.id))) throw notFound();
      return request.ok(await membersOfDepartment(db, tenantId, request.query.id));
    },
  );

  app.post(
    '/sys/user/avatar',
    {
      config: eitherSide('system:user:list', 'system:user:add', 'system:user:edit'),
      schema: {
        tags: ['system-user'],
        summary: `Uploads an avatar (multipart/form-data, field "file"): PNG, JPEG or WebP as its bytes show, at most ${AVATAR_UPLOAD.limitText}. Answers the URL the user record keeps (needs system:user:add or system:user:edit)`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(avatarRecord) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const can = (code: 'system:user:add' | 'system:user:edit') => app.accessService.can(auth.access, code);
      if (!(await can('system:user:add')) && !(await can('system:user:edit'))) throw forbidden();
      return request.ok(await storeAvatar(db, auth, (await uploadedFile(request, AVATAR_UPLOAD)).content));
    },
  );

  app.get(
    '/sys/user/avatar/:name',
    {
      // an <img> cannot send the session's header; the name is 128 random bits and names nobody
      config: PUBLIC,
      schema: {
        tags: ['system-user'],
        summary: 'An avatar image by the random name its upload answered',
        params: z.strictObject({ name: z.string().regex(AVATAR_NAME) }),
        querystring: getQuery({}),
      },
    },
    async (request, reply) => {
      const avatar = await findAvatar(db, request.params.name);
      if (!avatar) throw notFound();
      return reply
        .header('content-type', avatar.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(avatar.content));
    },
  );
};
