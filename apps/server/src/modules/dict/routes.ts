import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { DICT_CODE_PATTERN } from '@portal/shared/dict-codes';
import { allDictItemsSchema, dictOptionSchema } from '@portal/shared/sys';
import { badRequest, msg, notFound } from '../../lib/errors.ts';
import { getQuery } from '../../lib/query.ts';
import { signedIn as authenticated } from '../../plugins/auth.ts';


export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const dicts = app.dictService;

  app.get(
    '/sys/dict/getDictItems/:code',
    {
      config: authenticated,
      schema: {
        tags: ['dictionary'],
        summary: 'The items of one dictionary, in the caller\'s language. Only dictionary codes are accepted.',
        params: z.strictObject({
          code: z.string().trim().min(1, { error: msg('dictCodeEmpty') }).regex(DICT_CODE_PATTERN, { error: msg('dictCodeInvalid') }),
        }),
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.array(dictOptionSchema)) },
      },
    },
    async (request) => {
      const items = await dicts.items(request.params.code, request.lang);
      if (!items) throw notFound('dictNotFound', { code: request.params.code });
      return request.ok(items);
    },
  );

  // an empty code must say so, not fall through to "no such endpoint"
  app.get('/sys/dict/getDictItems', { config: authenticated, schema: { hide: true } }, async () => {
    throw badRequest('dictCodeEmpty');
  });

  app.get(
    '/sys/dict/queryAllDictItems',
    {
      config: authenticated,
      schema: { tags: ['dictionary'], summary: 'Every dictionary, keyed by code', querystring: getQuery({}), response: { 200: envelopeSchema(allDictItemsSchema) } },
    },
    async (request) => request.ok(await dicts.all(request.lang)),
  );

  app.get(
    '/sys/dict/refleshCache',
    {
      config: authenticated,
      schema: { tags: ['dictionary'], summary: 'Reload the dictionaries on every app server', querystring: getQuery({}), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await dicts.refresh();
      return request.ok(null, 'cacheRefreshed');
    },
  );
};
