import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { pageQuery } from '@portal/shared/logistics-schemas';
import {
  permissionTree,
  roleCode,
  roleEditInput,
  roleInput,
  roleRecord,
  roleUserRecord,
  roleUsersInput,
  ROLE_SORT_COLUMNS,
  saveRolePermissionInput,
} from '@portal/shared/system-roles';
import { EXPORT_ROWS_MAX } from '@portal/shared/logistics';
import { formatMessage } from '@portal/shared/messages';
import { getQuery } from '../../../lib/query.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { idParam } from '../../../lib/list.ts';
import { auditActor, caller, eitherSide } from '../../../plugins/auth.ts';
import { loadGrantor } from '../../auth/access/grantor-repository.ts';
import { allRoles, listRoleUsers, listRoles } from './repository.ts';
import { roleExportColumns, rolesForExport } from './export.ts';
import { addRole, changeRoleUsers, checkRoleCode, editRole, grantableTree, removeRoles, requireRole, rolePermissionIds, saveRolePermission, type RoleCaller } from './service.ts';

/** A comma separated list of ids in a query string (`ids=1,2,3`), at most 200. */
const idList = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15}){0,199}$/)
  .transform((text) => text.split(',').map(Number))
  .refine((ids) => ids.every((id) => id > 0 && Number.isSafeInteger(id)));

const listQuery = getQuery({
  ...pageQuery,
  column: z.enum(ROLE_SORT_COLUMNS).optional(),
  roleName: z.string().max(100).optional(),
  roleCode: z.string().max(64).optional(),
});

const TAGS = ['system-role'];

/** Roles of the caller's tenant, their users and their permissions (spec §7): /sys/role/*, and the role calls of /sys/user and /sys/permission. */
export const systemRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const roleCaller = (request: Parameters<typeof caller>[0]): RoleCaller => ({ auth: caller(request), actor: auditActor(request), publish: app.accessService.publish });

  app.get(
    '/sys/role/list',
    {
      config: eitherSide('system:role:list'),
      schema: { tags: TAGS, summary: 'The roles of the tenant, paged; filters on name and code (contains)', querystring: listQuery, response: { 200: envelopeSchema(pageSchema(roleRecord)) } },
    },
    async (request) => request.ok(await listRoles(db, caller(request).tenantId, request.query)),
  );

  app.get(
    '/sys/role/exportXls',
    {
      config: eitherSide('system:role:export'),
      schema: {
        tags: TAGS,
        summary: `The roles of the tenant (the list's filters) as an .xlsx in the caller's language, newest first, with their numbers of users; more than ${EXPORT_ROWS_MAX} is a 400`,
        querystring: getQuery({ roleName: listQuery.shape.roleName, roleCode: listQuery.shape.roleCode, timeZone: timeZoneParam }),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...filters } = request.query;
      const rows = await rolesForExport(db, caller(request).tenantId, filters, EXPORT_ROWS_MAX + 1);
      assertExportSize(rows.length);
      const title = formatMessage(request.lang, 'roleExportTitle');
      return sendXlsx(reply, { title, asciiTitle: 'roles', timeZone, columns: roleExportColumns(request.lang), batches: (async function* () { yield rows; })() });
    },
  );

  app.get(
    '/sys/role/queryall',
    {
      // the user form's role select: whoever manages users sees the roles they may pick from
      config: eitherSide('system:user:list'),
      schema: { tags: TAGS, summary: 'Every role of the tenant, by name', querystring: getQuery({}), response: { 200: envelopeSchema(z.array(roleRecord)) } },
    },
    async (request) => request.ok(await allRoles(db, caller(request).tenantId)),
  );

  app.get(
    '/sys/role/checkRoleCode',
    {
      config: eitherSide('system:role:list'),
      schema: {
        tags: TAGS,
        summary: 'Whether a role code is free in the tenant (true) or taken (false); `id`: the role being edited keeps its own',
        querystring: getQuery({ roleCode, id: idParam.optional() }),
        response: { 200: envelopeSchema(z.boolean()) },
      },
    },
    async (request) => request.ok(await checkRoleCode(db, caller(request).tenantId, request.query.roleCode, request.query.id)),
  );

  app.post(
    '/sys/role/add',
    {
      config: eitherSide('system:role:add'),
      schema: { tags: TAGS, summary: 'A role of the tenant, without permissions (code unique in the tenant: 409)', body: roleInput, response: { 200: envelopeSchema(roleRecord) } },
    },
    async (request) => request.ok(await addRole(db, caller(request).tenantId, request.body, auditActor(request))),
  );

  app.put(
    '/sys/role/edit',
    {
      config: eitherSide('system:role:edit'),
      schema: { tags: TAGS, summary: "A role's name, code and description", body: roleEditInput, response: { 200: envelopeSchema(roleRecord) } },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return request.ok(await editRole(db, caller(request).tenantId, id, input, auditActor(request)));
    },
  );

  app.delete(
    '/sys/role/delete',
    {
      config: eitherSide('system:role:delete'),
      schema: {
        tags: TAGS,
        summary: 'Delete a role: a change of its grants to nothing, refused when it holds what the caller does not',
        querystring: getQuery({ id: idParam }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removeRoles(db, roleCaller(request), [request.query.id]);
      return request.ok(null);
    },
  );

  app.delete(
    '/sys/role/deleteBatch',
    {
      config: eitherSide('system:role:delete'),
      schema: { tags: TAGS, summary: 'Delete roles (ids=1,2,3), all or none', querystring: getQuery({ ids: idList }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeRoles(db, roleCaller(request), request.query.ids);
      return request.ok(null);
    },
  );

  app.get(
    '/sys/user/userRoleList',
    {
      config: eitherSide('system:role:list'),
      schema: {
        tags: TAGS,
        summary: 'The users of a role, paged; `username` searches username and name',
        querystring: getQuery({ ...pageQuery, roleId: idParam, username: z.string().max(64).optional() }),
        response: { 200: envelopeSchema(pageSchema(roleUserRecord)) },
      },
    },
    async (request) => {
      const { roleId, ...query } = request.query;
      const tenantId = caller(request).tenantId;
      await requireRole(db, tenantId, roleId);
      return request.ok(await listRoleUsers(db, tenantId, roleId, query));
    },
  );

  app.post(
    '/sys/user/addSysUserRole',
    {
      config: eitherSide('system:role:edit'),
      schema: { tags: TAGS, summary: 'Give a role to users: the caller must hold all its grants', body: roleUsersInput, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await changeRoleUsers(db, roleCaller(request), request.body.roleId, request.body.userIdList, 'add');
      return request.ok(null);
    },
  );

  app.delete(
    '/sys/user/deleteUserRole',
    {
      config: eitherSide('system:role:edit'),
      schema: { tags: TAGS, summary: 'Take a role from a user', querystring: getQuery({ roleId: idParam, userId: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await changeRoleUsers(db, roleCaller(request), request.query.roleId, [request.query.userId], 'remove');
      return request.ok(null);
    },
  );

  app.delete(
    '/sys/user/deleteUserRoleBatch',
    {
      config: eitherSide('system:role:edit'),
      schema: { tags: TAGS, summary: 'Take a role from users (userIds=1,2,3), all or none', querystring: getQuery({ roleId: idParam, userIds: idList }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await changeRoleUsers(db, roleCaller(request), request.query.roleId, request.query.userIds, 'remove');
      return request.ok(null);
    },
  );

  app.get(
    '/sys/role/queryTreeList',
    {
      config: eitherSide('system:role:auth'),
      schema: {
        tags: TAGS,
        summary: 'The menus and buttons the caller may grant in this tenant (titles are translation keys), and all their ids',
        querystring: getQuery({}),
        response: { 200: envelopeSchema(permissionTree) },
      },
    },
    async (request) => request.ok(grantableTree(await app.accessService.getCatalogue(), await loadGrantor(db, caller(request)))),
  );

  app.get(
    '/sys/permission/queryRolePermission',
    {
      config: eitherSide('system:role:auth'),
      schema: { tags: TAGS, summary: 'The permission ids a role is granted', querystring: getQuery({ roleId: idParam }), response: { 200: envelopeSchema(z.array(z.number())) } },
    },
    async (request) => request.ok(await rolePermissionIds(db, caller(request).tenantId, request.query.roleId)),
  );

  app.post(
    '/sys/permission/saveRolePermission',
    {
      config: eitherSide('system:role:auth'),
      schema: {
        tags: TAGS,
        summary: "Replace a role's grants: what is added and what is taken away must be held by the caller (judged against the database, not lastpermissionIds)",
        body: saveRolePermissionInput,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await saveRolePermission(db, roleCaller(request), request.body.roleId, request.body.permissionIds);
      return request.ok(null);
    },
  );
};
