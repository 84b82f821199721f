import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';
import type { PermissionCode } from '@portal/shared/permissions';
import type { ApiScope, ApiType } from '@portal/shared/open-api';
import type { Db } from '../db/client.ts';
import type { CacheBus } from '../lib/cache-bus.ts';
import { forbidden } from '../lib/errors.ts';
import { ApiKeyAccess, type ApiKeyCaller } from '../modules/open-api/access/service.ts';
import { heldRights } from '../modules/auth/access/holder.ts';

/*
 * The open API's guard: every route under /open/ declares the scope it needs and the operation
 * it is counted as (`config: openApi('orders:write', 'ORDER_CREATE')`); the caller is an API key, checked
 * before the body is read. A session token means nothing here, and an API key means nothing under /api.
 */

export type OpenApiRoute = { scope: ApiScope | null; apiType: ApiType };

/** An open-API route: the scope its key must hold (null: any valid key) and its operation in the statistics. */
export const openApi = (scope: ApiScope | null, apiType: ApiType) => ({ openApi: { scope, apiType } }) as const satisfies { openApi: OpenApiRoute };

declare module 'fastify' {
  interface FastifyContextConfig {
    openApi?: OpenApiRoute;
  }
  interface FastifyRequest {
    apiKey: ApiKeyCaller | null;
  }
}

/** Paths under the prefix that need no key: the API's own description. */
const isDocument = (url: string) => url.endsWith('/openapi.json') || url.includes('/docs');

export const openApiAuthPlugin = fp(
  async (app, opts: { db: Db; bus: CacheBus; prefix: string }) => {
    const access = new ApiKeyAccess(opts.db, heldRights(app.accessService), app.log, opts.bus);
    // a closing server waits for the keys' last-use writes under way
    app.addHook('onClose', () => access.lastUseWritten());
    app.decorateRequest('apiKey', null);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(opts.prefix) && !route.config?.openApi && !isDocument(route.url)) {
        throw new Error(`Route ${route.method} ${route.url} declares no open-API scope`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.config.openApi;
      if (!route) return;
      const caller = await access.authenticate(request.headers.authorization, request.ip);
      request.apiKey = caller;
      if (route.scope && !caller.scopes.includes(route.scope)) throw forbidden('apiScopeMissing', { scope: route.scope });
      // a scope the key was given whose rights its holder has lost since (decision 0027)
      if (route.scope && !caller.held.has(route.scope)) throw forbidden('apiScopeNotHeld', { scope: route.scope, holder: caller.holder.username });
    });
  },
  { name: 'open-api-auth', dependencies: ['i18n', 'auth'] },
);

/** The key calling an open-API route (its guard ran, so there is one). */
export function apiKeyCaller(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw new Error('open API: a route without its guard');
  return request.apiKey;
}

/** The rows of a menu the key's holder may read (their data rules, decision 0016), as the portal's screens narrow them. */
export function keyScope(request: FastifyRequest, menu: DataRuleMenu): Promise<SQL | undefined> {
  const { holder, tenantId } = apiKeyCaller(request);
  return request.server.dataRules.scope({ userId: holder.userId, username: holder.username, tenantId, session: { orgCode: holder.orgCode } }, menu);
}

/** Whether the key's holder holds a permission in the key's company now (a figure of a list goes only to its readers). */
export async function keyHolderCan(request: FastifyRequest, code: PermissionCode): Promise<boolean> {
  const { holder, tenantId } = apiKeyCaller(request);
  const access = request.server.accessService;
  return access.can(await access.userAccess({ userId: holder.userId, orgCode: holder.orgCode }, tenantId), code);
}
