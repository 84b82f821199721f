import type { FastifyInstance } from 'fastify';
import { OPEN_API_PREFIX } from '@portal/shared/open-api';
import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { openApiAuthPlugin } from '../../plugins/open-api-auth.ts';
import { answerOpenApiNotFound } from './gateway/errors.ts';
import { openApiGatewayRoutes } from './gateway/routes.ts';
import { apiUsagePlugin } from './usage/hook.ts';
import type { UsageRecorder } from './usage/recorder.ts';

/**
 * The open API as one unit: its guard (an API key, never a session), its routes under the
 * versioned prefix with their rate limit, the counting of their calls (`usage` null: not counted), and a
 * JSON 404 in its own shape for any other path under /open.
 */
export async function registerOpenApi(app: FastifyInstance, options: { db: Db; bus: CacheBus; ratePerMinute: number; usage: UsageRecorder | null }): Promise<void> {
  await app.register(openApiAuthPlugin, { db: options.db, bus: options.bus, prefix: OPEN_API_PREFIX });
  await app.register(
    async (open) => {
      if (options.usage) await open.register(apiUsagePlugin, { recorder: options.usage });
      await open.register(openApiGatewayRoutes, { ratePerMinute: options.ratePerMinute });
    },
    { prefix: OPEN_API_PREFIX },
  );
  await app.register(async (other) => other.setNotFoundHandler(answerOpenApiNotFound), { prefix: '/open' });
}
