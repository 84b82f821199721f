import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema, PAGE_SIZE_MAX } from '@portal/shared/api';
import { departRoleAddSchema, departRoleEditSchema, departRoleSchema, deptRolePermissionSaveSchema, deptRoleUserSaveSchema, grantNodeSchema } from '@portal/shared/system-departs';
import { caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { idParam } from '../../../lib/list.ts';
import { addRole, deleteRole, editRole, grantTree, listRoles, roleGrants, saveRoleGrants, saveUserRoles, userRoles } from './service.ts';

const tags = ['system-depart-role'];
const done = envelopeSchema(z.null());
const ids = envelopeSchema(z.array(z.number().int()));
// every call here grants or shows grants inside a department: the department's authorize button
const auth = eitherSide('system:depart:auth');

/** Department roles: the roles that grant inside a department, up to its ceiling, and their users. */
export const departRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const access = app.accessService;

  app.get(
    '/sys/sysDepartRole/list',
    {
      config: auth,
      schema: {
        tags,
        summary: "The department's roles",
        querystring: getQuery({
          deptId: idParam,
          pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
        }),
        response: { 200: envelopeSchema(pageSchema(departRoleSchema)) },
      },
    },
    async (request) => request.ok(await listRoles(db, caller(request).tenantId, request.query)),
  );

  app.post(
    '/sys/sysDepartRole/add',
    { config: auth, schema: { tags, summary: 'A role of the department', body: departRoleAddSchema, response: { 200: envelopeSchema(departRoleSchema) } } },
    async (request) => request.ok(await addRole(db, caller(request).tenantId, request.body)),
  );

  app.put(
    '/sys/sysDepartRole/edit',
    { config: auth, schema: { tags, summary: "A department role's name and description", body: departRoleEditSchema, response: { 200: envelopeSchema(departRoleSchema) } } },
    async (request) => request.ok(await editRole(db, caller(request).tenantId, request.body)),
  );

  app.delete(
    '/sys/sysDepartRole/delete',
    { config: auth, schema: { tags, summary: 'Deletes a department role, its grants and its users', querystring: getQuery({ id: idParam }), response: { 200: done } } },
    async (request) => request.ok(await deleteRole(db, access, caller(request), request.query.id).then(() => null)),
  );

  app.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    {
      config: auth,
      schema: {
        tags,
        summary: "The menus and buttons a role of the department may hold: the department's ceiling",
        querystring: getQuery({ departId: idParam }),
        response: { 200: envelopeSchema(z.array(grantNodeSchema)) },
      },
    },
    async (request) => request.ok(await grantTree(db, access, caller(request).tenantId, request.query.departId)),
  );

  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: auth, schema: { tags, summary: "The permission ids a department role holds", querystring: getQuery({ roleId: idParam }), response: { 200: ids } } },
    async (request) => request.ok(await roleGrants(db, caller(request).tenantId, request.query.roleId)),
  );

  app.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    { config: auth, schema: { tags, summary: "Saves a department role's grants, within the department's ceiling", body: deptRolePermissionSaveSchema, response: { 200: done } } },
    async (request) => request.ok(await saveRoleGrants(db, access, caller(request), request.body).then(() => null)),
  );

  app.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    {
      config: auth,
      schema: { tags, summary: 'The department roles a user holds in the department', querystring: getQuery({ userId: idParam, departId: idParam }), response: { 200: ids } },
    },
    async (request) => request.ok(await userRoles(db, caller(request).tenantId, request.query)),
  );

  app.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    { config: auth, schema: { tags, summary: "Sets a member's department roles", body: deptRoleUserSaveSchema, response: { 200: done } } },
    async (request) => request.ok(await saveUserRoles(db, access, caller(request), request.body).then(() => null)),
  );
};
