import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { dataRuleEditInput, dataRuleInput, dataRuleRecord, roleDataRuleInput, roleDataRules } from '@portal/shared/system-data-rules';
import { idParam } from '../../../lib/list.ts';
import { getQuery } from '../../../lib/query.ts';
import { caller, eitherSide } from '../../../plugins/auth.ts';

/*
 * Data rules of menus (docs/decisions/0016-data-rules.md). Menus are the platform's, rules are
 * each tenant's own: both the definitions and a role's choice need the role-permission code system:role:auth,
 * in the caller's tenant (the merchant's main account for tenant 1, the platform admin for tenant 0).
 */

const AUTH = eitherSide('system:role:auth');
const tags = ['system'];

export const dataRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = app.dataRules;

  app.get(
    '/sys/permission/getPermRuleListByPermId',
    {
      config: AUTH,
      schema: {
        tags,
        summary: "The caller tenant's data rules of a menu (400 when the menu has no resource rules can narrow)",
        querystring: getQuery({ permissionId: idParam }),
        response: { 200: envelopeSchema(z.array(dataRuleRecord)) },
      },
    },
    async (request) => request.ok(await rules.menuRules(caller(request).tenantId, request.query.permissionId)),
  );

  app.get(
    '/sys/permission/queryPermissionRule',
    {
      config: AUTH,
      schema: {
        tags,
        summary: "The caller tenant's data rules (of a menu, when permissionId is given) whose name contains ruleName and whose field is field",
        querystring: getQuery({ permissionId: idParam.optional(), ruleName: z.string().trim().max(100).optional(), field: z.string().trim().max(64).optional() }),
        response: { 200: envelopeSchema(z.array(dataRuleRecord)) },
      },
    },
    async (request) => {
      const { permissionId, ruleName, field } = request.query;
      return request.ok(await rules.rules(caller(request).tenantId, { permissionId, ruleName, field }));
    },
  );

  app.post(
    '/sys/permission/addPermissionRule',
    {
      config: AUTH,
      schema: {
        tags,
        summary: "A data rule on a menu the caller holds: a field of the menu's resource, an operator and a value or variable (400 naming what is wrong otherwise)",
        body: dataRuleInput,
        response: { 200: envelopeSchema(dataRuleRecord) },
      },
    },
    async (request) => request.ok(await rules.addRule(caller(request), request.body), 'dataRuleSaved'),
  );

  app.put(
    '/sys/permission/editPermissionRule',
    {
      config: AUTH,
      schema: {
        tags,
        summary: 'Edit a data rule of the caller tenant (not one a role of the caller chose, unless a top administrator)',
        body: dataRuleEditInput,
        response: { 200: envelopeSchema(dataRuleRecord) },
      },
    },
    async (request) => request.ok(await rules.editRule(caller(request), request.body), 'dataRuleSaved'),
  );

  app.delete(
    '/sys/permission/deletePermissionRule',
    {
      config: AUTH,
      schema: {
        tags,
        summary: 'Delete a data rule of the caller tenant (and every role\'s choice of it)',
        querystring: getQuery({ id: idParam }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await rules.removeRule(caller(request), request.query.id);
      return request.ok(null, 'dataRuleDeleted');
    },
  );

  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    {
      config: AUTH,
      schema: {
        tags,
        summary: "A menu's data rules and the ids of those the role (of the caller tenant) chose",
        params: z.strictObject({ permissionId: idParam, roleId: idParam }),
        querystring: getQuery({}),
        response: { 200: envelopeSchema(roleDataRules) },
      },
    },
    async (request) => request.ok(await rules.roleRules(caller(request), request.params.permissionId, request.params.roleId)),
  );

  app.post(
    '/sys/role/datarule',
    {
      config: AUTH,
      schema: {
        tags,
        summary: "The data rules a role applies on a menu (all of them the menu's rules); not on a role the caller holds, unless a top administrator",
        body: roleDataRuleInput,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await rules.chooseRules(caller(request), request.body);
      return request.ok(null, 'roleDataRulesSaved');
    },
  );
};
