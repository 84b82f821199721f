import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import {
  departRoleRecord,
  memberCandidateRecord,
  memberCandidatesQuery,
  memberInput,
  memberQuery,
  memberRolesInput,
  myDepartMemberRecord,
  myDepartMembersQuery,
  myDepartNodeSchema,
  myDepartQuery,
} from '@portal/shared/system-org';
import { caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { listMembers, memberCandidates } from './repository.ts';
import { addDepartMember, myDepartment, myDepartmentRoles, myDepartTree, removeDepartMember, setDepartMemberRoles } from './service.ts';

/** My department: what a department head manages, in the tenant of the request. */
export const myDepartRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: my department'];

  app.get(
    '/sys/sysDepart/queryMyDeptTreeList',
    {
      config: eitherSide('system:my-depart:list'),
      schema: { tags, summary: 'The departments the caller leads, each with the departments under it', querystring: getQuery({}), response: { 200: envelopeSchema(z.array(myDepartNodeSchema)) } },
    },
    async (request) => request.ok(await myDepartTree(db, caller(request))),
  );

  app.get(
    '/sys/myDepart/members',
    {
      config: eitherSide('system:my-depart:list'),
      schema: {
        tags,
        summary: 'Members of a department the caller leads (or one under it), paged, searched by username and name; 404 for any other department',
        querystring: getQuery(myDepartMembersQuery),
        response: { 200: envelopeSchema(pageSchema(myDepartMemberRecord)) },
      },
    },
    async (request) => {
      const { departId, ...query } = request.query;
      const auth = caller(request);
      await myDepartment(db, auth, departId);
      return request.ok(await listMembers(db, auth.tenantId, departId, query));
    },
  );

  app.get(
    '/sys/myDepart/candidates',
    {
      config: eitherSide('system:my-depart:member-add'),
      schema: { tags, summary: 'Users of the tenant who are not members of the department yet (the first 20 matching)', querystring: getQuery(memberCandidatesQuery), response: { 200: envelopeSchema(z.array(memberCandidateRecord)) } },
    },
    async (request) => {
      const auth = caller(request);
      await myDepartment(db, auth, request.query.departId);
      return request.ok(await memberCandidates(db, auth.tenantId, request.query.departId, request.query.keyword));
    },
  );

  app.post(
    '/sys/myDepart/addMember',
    {
      config: eitherSide('system:my-depart:member-add'),
      schema: { tags, summary: 'Add a user of the tenant to a department the caller leads (409 when already a member)', body: memberInput, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await addDepartMember(db, app.accessService, caller(request), request.body);
      return request.ok(null);
    },
  );

  app.delete(
    '/sys/myDepart/removeMember',
    {
      config: eitherSide('system:my-depart:member-remove'),
      schema: { tags, summary: "Take a member out of a department the caller leads, with that department's roles", querystring: getQuery(memberQuery), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeDepartMember(db, app.accessService, caller(request), request.query);
      return request.ok(null);
    },
  );

  app.get(
    '/sys/myDepart/roles',
    {
      config: eitherSide('system:my-depart:list'),
      schema: { tags, summary: 'The department roles of a department the caller leads', querystring: getQuery(myDepartQuery), response: { 200: envelopeSchema(z.array(departRoleRecord)) } },
    },
    async (request) => request.ok(await myDepartmentRoles(db, caller(request), request.query.departId)),
  );

  app.post(
    '/sys/myDepart/memberRoles',
    {
      config: eitherSide('system:my-depart:edit'),
      schema: { tags, summary: "Give a member exactly these roles of the department (rules of delegation: only roles granting what the caller holds)", body: memberRolesInput, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await setDepartMemberRoles(db, app.accessService, caller(request), request.body);
      return request.ok(null);
    },
  );
};
