import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { auditLogDetail, auditLogIdQuery, auditLogListQuery, auditLogRecord } from '@portal/shared/system-sessions';
import { caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { notFound } from '../../../lib/errors.ts';
import { findAuditLog, listAuditLogs } from './repository.ts';

/** The audit log of the caller's tenant: administrative changes of its data (the platform's: its own, the catalogue, tenants...). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: logs'];
  const config = eitherSide('system:audit-log:list');

  app.get(
    '/sys/auditLog/list',
    {
      config,
      schema: {
        tags,
        summary: 'Administrative changes of the tenant, newest first; filtered by resource, action, username and time (before and after: queryById)',
        querystring: getQuery(auditLogListQuery),
        response: { 200: envelopeSchema(pageSchema(auditLogRecord)) },
      },
    },
    async (request) => request.ok(await listAuditLogs(db, caller(request).tenantId, request.query)),
  );

  app.get(
    '/sys/auditLog/queryById',
    {
      config,
      schema: { tags, summary: "One change with the record before and after it (404 for another tenant's)", querystring: getQuery(auditLogIdQuery), response: { 200: envelopeSchema(auditLogDetail) } },
    },
    async (request) => {
      const found = await findAuditLog(db, caller(request).tenantId, request.query.id);
      if (!found) throw notFound();
      return request.ok(found);
    },
  );
};
