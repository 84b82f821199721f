import fp from 'fastify-plugin';
import type { UsageRecorder } from './recorder.ts';

/*
 * Counts every answered call of the open API that carried a key (decision 0030): an onResponse hook of
 * the open scope, after the answer is sent, so counting adds nothing to the caller's wait. A call refused
 * before its key was known (no key, a bad one) is not counted: there is no key to count it for.
 */
export const apiUsagePlugin = fp<{ recorder: UsageRecorder }>(
  async (app, { recorder }) => {
    app.addHook('onResponse', async (request, reply) => {
      const key = request.apiKey;
      const route = request.routeOptions.config.openApi;
      if (!key || !route) return;
      recorder.record({ tenantId: key.tenantId, keyId: key.keyId, apiType: route.apiType, statusCode: reply.statusCode, elapsedMs: reply.elapsedTime });
    });
  },
  { name: 'open-api-usage', dependencies: ['open-api-auth'] },
);
