import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { DICT_CODE_PATTERN } from '@portal/shared/dict-codes';
import { allDictItemsSchema, dictOptionSchema } from '@portal/shared/sys';
import { AppError, badRequest, msg, notFound } from '../../lib/errors.ts';
import { getQuery } from '../../lib/query.ts';
import { caller, signedIn as authenticated, type Access } from '../../plugins/auth.ts';

/**
 * refleshCache is called by every signed-in user's "clear cache" and by the dictionary screen (spec §7), so
 * it answers everyone alike. Only a holder of system:dict:refresh makes every app server reload from the
 * database (for rows changed outside the API); for anyone else the servers are already current, since
 * every change through the API reloads them, and the call the client makes next brings the new texts.
 */
const refreshAccess = { access: { permission: 'authenticated', tenant: 'caller', also: ['system:dict:refresh'] } } as const satisfies { access: Access };


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
      config: refreshAccess,
      schema: {
        tags: ['dictionary'],
        summary: 'Refresh the dictionaries: with system:dict:refresh every app server reloads them from the database; for anyone else it is a no-op, the servers being current',
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const reload = await app.accessService.can(caller(request).access, 'system:dict:refresh');
      try {
        if (reload) await dicts.refresh();
      } catch (error) {
        request.log.error({ err: error }, 'dictionary refresh failed');
        // the database or the bus is down: the spec's 刷新缓存失败！, not a bare 500
        throw new AppError(503, 'cacheRefreshFailed');
      }
      return request.ok(null, 'cacheRefreshed');
    },
  );
};
