import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@portal/shared/api';
import { permissionResultSchema } from '@portal/shared/sys';
import { caller, duringPasswordChange } from '../../../plugins/auth.ts';
import { buildPermissionResult } from './model.ts';
import { immutable } from '../../../lib/envelope.ts';

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  // keyed by the cached access object: a grant or menu change replaces that object, so this follows
  const results = new WeakMap<object, ReturnType<typeof buildPermissionResult>>();

  app.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: duringPasswordChange,
      schema: {
        tags: ['session'],
        summary: "The caller's menu tree, granted buttons, all buttons and the path of every page",
        response: { 200: envelopeSchema(permissionResultSchema) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const catalogue = await app.accessService.getCatalogue();
      let result = results.get(auth.access);
      if (!result) {
        result = immutable(buildPermissionResult(catalogue, auth.access, auth.session.superFlag));
        results.set(auth.access, result);
      }
      return request.ok(result);
    },
  );
};
