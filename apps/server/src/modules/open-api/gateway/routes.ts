import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { OPEN_API_PREFIX } from '@portal/shared/open-api';
import { apiKeyCaller } from '../../../plugins/open-api-auth.ts';
import { openApiDocument } from './document.ts';
import { answerOpenApiError, answerOpenApiNotFound, rateLimitedError } from './errors.ts';
import { openOrderRoutes } from './orders/routes.ts';
import { openParcelRoutes } from './parcels/routes.ts';
import { openPurchaseOrderRoutes } from './purchase-orders/routes.ts';
import { openWalletRoutes } from './wallet/routes.ts';

/*
 * The open API (decision 0028, docs/open-api.md), registered in the open scope of app.ts
 * under OPEN_API_PREFIX. The scope answers in its own shape (errors.ts), limits each key's calls per
 * minute, and describes itself at /openapi.json and /docs from the routes it holds.
 */

export type OpenApiGatewayOptions = { ratePerMinute: number };

/** swagger-ui's page, loaded from the portal's own /api/docs assets (no inline script: the CSP forbids it). */
const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="UTF-8"><title>Merchant open API</title><link rel="stylesheet" href="/api/docs/static/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/static/swagger-ui-bundle.js"></script>
<script src="${OPEN_API_PREFIX}/docs/init.js"></script>
</body>
</html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '${OPEN_API_PREFIX}/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

export const openApiGatewayRoutes: FastifyPluginAsync<OpenApiGatewayOptions> = async (open, options) => {
  open.setErrorHandler(answerOpenApiError);
  open.setNotFoundHandler(answerOpenApiNotFound);

  // per key, after the guard (preParsing follows every onRequest hook): an unknown key is refused before it
  // counts, and a limited key is refused before its body is read. Standard RateLimit-* headers (IETF draft).
  await open.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: options.ratePerMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    keyGenerator: (request) => `open-api-key:${apiKeyCaller(request).keyId}`,
    errorResponseBuilder: (_request, context) => rateLimitedError(context.ttl),
  });

  const routes: RouteOptions[] = [];
  open.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await open.register(openOrderRoutes);
  await open.register(openParcelRoutes);
  await open.register(openWalletRoutes);
  await open.register(openPurchaseOrderRoutes);

  let document: ReturnType<typeof openApiDocument> | undefined;
  const described = { config: { rateLimit: false }, schema: { hide: true } } as const;
  open.get('/openapi.json', described, async () => (document ??= openApiDocument(routes, OPEN_API_PREFIX)));
  open.get('/docs', described, async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
  open.get('/docs/init.js', described, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(DOCS_INIT));
};
