import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { caller, signedIn } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { setTenantLanguage } from '../system/tenant/repository.ts';

// spec §7: language=1 for Traditional Chinese, 0 otherwise (the client skips the call for English)
const languageQuery = getQuery({ language: z.enum(['0', '1']) });

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const schema = {
    tags: ['company'],
    summary: "Set the company's language for what the platform sends it (1: Traditional Chinese, 0: Simplified)",
    querystring: languageQuery,
    response: { 200: envelopeSchema(z.object({ language: z.string() })) },
  };
  const config = signedIn;

  const handler = async (request: { query: z.infer<typeof languageQuery> } & Parameters<typeof caller>[0]) => {
    const language = request.query.language === '1' ? 'zh-TW' : 'zh-CN';
    await setTenantLanguage(db, caller(request).tenantId, language);
    return request.ok({ language }, 'languageSaved');
  };
  app.get('/purchase/company/setLanguage', { config, schema }, handler);
  app.post('/purchase/company/setLanguage', { config, schema: { ...schema, hide: true } }, handler);
};
