import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Access } from '../../../src/plugins/auth.ts';
import type { OpenApiRoute } from '../../../src/plugins/open-api-auth.ts';

/** One operation of the API as it was registered: its access and the zod schemas that validate it. */
export type ApiRoute = {
  method: string;
  url: string;
  access: Access;
  querystring?: ZodType;
  params?: ZodType;
  body?: ZodType;
  /** takes multipart/form-data (an upload) rather than JSON */
  multipart: boolean;
  /** an open-API route, called with an API key (its `access` then says "a merchant's caller") */
  openApi?: OpenApiRoute;
};

/**
 * The route table of one app: pass `onRoute` to createTestApp (buildApp adds it as an onRoute hook before it
 * registers anything), then read the operations. Fastify has no public reader of its routes.
 */
export function routeRecorder() {
  const recorded: RouteOptions[] = [];
  return {
    onRoute: (route: RouteOptions) => {
      recorded.push(route);
    },
    apiRoutes: () => apiRoutesOf(recorded),
    openApiRoutes: () => openApiRoutesOf(recorded),
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every operation under /api and /platform-api (not the API docs), once per method. */
function apiRoutesOf(recorded: readonly RouteOptions[]): ApiRoute[] {
  if (recorded.length === 0) throw new Error('no route recorded: createTestApp({ onRoute: recorder.onRoute })');
  const routes = new Map<string, ApiRoute>();
  for (const route of recorded) {
    if (!/^\/(api|platform-api)\//.test(route.url) || route.url.startsWith('/api/docs')) continue;
    const access = route.config?.access;
    if (!access) throw new Error(`${route.url} declares no access`);
    const schema = (route.schema ?? {}) as { querystring?: ZodType; params?: ZodType; body?: ZodType; consumes?: string[] };
    for (const method of [route.method].flat()) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      routes.set(`${method} ${route.url}`, {
        method,
        url: route.url,
        access,
        querystring: schema.querystring,
        params: schema.params,
        body: schema.body,
        multipart: schema.consumes?.includes('multipart/form-data') ?? false,
      });
    }
  }
  return [...routes.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/**
 * every operation of the open API (/open/v1, not its document), called with an API key
 * of a merchant's company: `access` says so (a merchant's caller) and `openApi` names its scope.
 */
function openApiRoutesOf(recorded: readonly RouteOptions[]): ApiRoute[] {
  if (recorded.length === 0) throw new Error('no route recorded: createTestApp({ onRoute: recorder.onRoute })');
  const routes = new Map<string, ApiRoute>();
  for (const route of recorded) {
    const openApi = route.config?.openApi;
    if (!route.url.startsWith('/open/') || !openApi) continue;
    const schema = (route.schema ?? {}) as { querystring?: ZodType; params?: ZodType; body?: ZodType };
    for (const method of [route.method].flat()) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      routes.set(`${method} ${route.url}`, {
        method,
        url: route.url,
        access: { permission: 'authenticated', tenant: 'merchant' },
        querystring: schema.querystring,
        params: schema.params,
        body: schema.body,
        multipart: false,
        openApi,
      });
    }
  }
  return [...routes.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}
