import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createLocalBus, type CacheBus } from './lib/cache-bus.ts';
import { keepReferences } from './lib/reference-memory.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { envelope, serialize } from './lib/envelope.ts';
import { badRequest } from './lib/errors.ts';
import { pickLanguage } from '@portal/shared/languages';
import { formatMessage } from '@portal/shared/messages';
import { zodValidatorCompiler } from './lib/validation.ts';
import { requestForLog } from './lib/log-redaction.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { authPlugin } from './plugins/auth.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { nulGuardPlugin } from './plugins/nul-guard.ts';
import { AccessService } from './modules/auth/access/service.ts';
import { DictService } from './modules/dict/service.ts';
import { dictVersionPlugin } from './plugins/dict-version.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { authArea } from './modules/auth/area.ts';
import { dictArea } from './modules/dict/area.ts';
import { announcementArea } from './modules/announcement/area.ts';
import { logisticsArea } from './modules/logistics/area.ts';
import { warehouseArea } from './modules/warehouse/area.ts';
import { purchaseArea } from './modules/purchase/area.ts';
import { pushArea } from './modules/push/area.ts';
import { financeArea } from './modules/finance/area.ts';
import { openApiArea } from './modules/open-api/area.ts';
import { systemArea } from './modules/system/area.ts';
import { oidcClientOf, type OidcConfig } from './modules/auth/third-login/provider.ts';
import { checkRoutes } from './modules/check/routes.ts';
import { onlineFormDuplicate } from './modules/online/form-row/duplicate.ts';
import { companyRoutes } from './modules/company/routes.ts';
import { logArea } from './modules/log/area.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { siteRoutes, type SiteConfig } from './modules/site/routes.ts';
import { stockFollowsOrder } from './modules/purchase/stock/repository.ts';
import { stockFromReceipt } from './modules/purchase/stock/service.ts';
import { listenToOrderMoves } from './modules/logistics/order/lifecycle.ts';
import { receivePurchasesWith } from './modules/warehouse/purchase-receive/service.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { parcelRoutes } from './modules/parcel/routes.ts';
import { pickupRoutes } from './modules/pickup/routes.ts';
import { exceptionRoutes } from './modules/exception/routes.ts';
import { rateCardRoutes } from './modules/freight/routes.ts';
import { walletRoutes } from './modules/finance/wallet/routes.ts';
import { rechargeRoutes } from './modules/finance/recharge/routes.ts';
import { paymentRoutes } from './modules/finance/payment/routes.ts';
import { refundRoutes } from './modules/finance/refund/routes.ts';
import { convertRoutes } from './modules/finance/convert/routes.ts';
import { DataRuleService } from './modules/system/data-rule/service.ts';
import type { SmsGateway } from './modules/sms/provider.ts';
import { createDemoPlatforms, type PurchasePlatforms } from './modules/purchase/platform/registry.ts';
import type { JobQueue } from './lib/jobs.ts';
import { registerPurchaseReconciliation } from './modules/purchase/purchase-order/service.ts';
// the platforms' token configuration (platforms)
import { purchaseSettingsOf, type PurchaseConfig } from './modules/purchase/platform/settings.ts';
// message push configuration and the delivery log
import { pushSettingsOf, type PushConfig } from './modules/push/settings.ts';
import { registerTokenRefresh } from './modules/purchase/token/job.ts';
import { VisitService, type VisitOptions } from './modules/log/visit/service.ts';
import { registerLogRetention, RETENTION_DEFAULTS } from './modules/log/retention/service.ts';
// counting of open-API calls, API and push statistics
import { UsageRecorder, type UsageRecorderOptions } from './modules/open-api/usage/recorder.ts';
// the open API (guard, routes, counting) and its JSON 404, also for the web app's fallback
import { registerOpenApi } from './modules/open-api/scope.ts';
import { answerOpenApiNotFound } from './modules/open-api/gateway/errors.ts';
// the relay from the push outbox to pg-boss, and the signed deliveries
import { registerPushDelivery } from './modules/push/delivery/relay.ts';
import { heldRights, heldRows, type HeldRights, type HeldRows } from './modules/auth/access/holder.ts';
import { DELIVERY_DEFAULTS, type DeliveryOptions } from './modules/push/delivery/service.ts';
// online development (reports, forms, history, publishing, check rules)
import { onlineRoutes } from './modules/online/routes.ts';

export type AppOptions = {
  config: Pick<Config, 'LOG_LEVEL' | 'WEB_DIST' | 'TRUST_PROXY' | 'SESSION_TTL_DAYS' | 'LOGIN_RATE_PER_MINUTE'> &
    Partial<Pick<Config, 'SMS_PROVIDER' | 'SMS_HTTP_URL' | 'SMS_HTTP_TOKEN' | 'SMS_CODE_SECRET' | 'SESSION_MAX_PER_USER'>> &
    OidcConfig &
    Partial<Pick<Config, 'LOG_RETENTION_DAYS' | 'AUDIT_RETENTION_DAYS' | 'LOG_RETENTION_CRON'>> &
    // the operators' metrics (GET /metrics) exist only with their token
    Partial<Pick<Config, 'METRICS_TOKEN'>> &
    PurchaseConfig &
    // the push settings
    PushConfig &
    // the open API's calls per key and minute
    Partial<Pick<Config, 'OPEN_API_RATE_LIMIT'>> &
    SiteConfig &
    // counting of open-API calls on or off (the bench compares both)
    Partial<Pick<Config, 'OPEN_API_USAGE_COUNTING'>>;
  database: Database;
  /** where SMS codes go; by default the one SMS_PROVIDER names (tests pass one that keeps them) */
  smsGateway?: SmsGateway;
  bus?: CacheBus;
  /** the job queue (main.ts starts it; the app registers its jobs on it and stops it on close) */
  jobs?: JobQueue;
  /** how the visit log is buffered (tests write only when they flush) */
  visits?: VisitOptions;
  /** pino logger on or off (tests keep it quiet) */
  logger?: boolean;
  /** the clients of Taobao and 1688: the embedded demo catalogue unless given */
  purchasePlatforms?: PurchasePlatforms;
  /** how the open API's call counts are buffered (tests flush them themselves) */
  apiUsage?: UsageRecorderOptions;
  /** the retry schedule, sweep interval and job expiry of message push (tests shorten them) */
  pushDelivery?: Partial<DeliveryOptions>;
  /** hears every route as it is registered: the safety nets read the route table through it (Fastify has no reader) */
  onRoute?: (route: RouteOptions) => void;
};

export const BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    dictService: DictService;
    settings: AppOptions['config'];
    visits: VisitService;
    purchasePlatforms: PurchasePlatforms;
    /** the open API's call counts, waiting to be added to api_call_stat */
    apiUsage: UsageRecorder;
  }
}

const pickDefined = (config: AppOptions['config']) => ({
  ...(config.LOG_RETENTION_DAYS === undefined ? {} : { LOG_RETENTION_DAYS: config.LOG_RETENTION_DAYS }),
  ...(config.AUDIT_RETENTION_DAYS === undefined ? {} : { AUDIT_RETENTION_DAYS: config.AUDIT_RETENTION_DAYS }),
  ...(config.LOG_RETENTION_CRON === undefined ? {} : { LOG_RETENTION_CRON: config.LOG_RETENTION_CRON }),
});

/** Builds the whole service without listening: main.ts listens, tests inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // the domains above hear what moves below through hooks registered here, not by being imported
  listenToOrderMoves(stockFollowsOrder);
  receivePurchasesWith(stockFromReceipt);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: options.config.LOG_LEVEL, redact: ['req.headers["x-access-token"]', 'req.headers.authorization'], serializers: { req: requestForLog } },
    bodyLimit: BODY_LIMIT,
    trustProxy: options.config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    genReqId: () => crypto.randomUUID(),
    // errors found before routing (a bad URL, an over-long path segment) get the envelope too
    frameworkErrors: (_error, request, reply) => {
      const body = envelope(null, formatMessage(pickLanguage(request.headers['accept-language']), 'badRequest'), false, 400);
      void (reply as unknown as FastifyReply).code(400).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // the API takes JSON (and multipart where a route says so): a text/plain body is 415, not a string
  app.removeContentTypeParser('text/plain');
  // JSON may escape half of a character ("\ud800"), which PostgreSQL refuses to store: refused here, once for
  // every route, as the client's error
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, String(body), (error, value) => {
      if (error) done(error, undefined);
      else if (!wellFormed(value)) done(badRequest('badText'), undefined);
      else done(null, value);
    });
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  // serialize may answer a Buffer, which Fastify sends untouched
  app.setSerializerCompiler(() => serialize as (data: unknown) => string);

  const bus = options.bus ?? createLocalBus();
  keepReferences(options.database.db, bus);
  app.decorate('database', options.database);
  app.decorate('settings', options.config);
  app.decorate('dictService', new DictService(options.database.db, bus));
  const visits = new VisitService(options.database.db, (error, dropped) => app.log.error({ err: error, dropped }, 'visit log write failed'), options.visits);
  app.decorate('visits', visits);
  app.decorate('purchasePlatforms', options.purchasePlatforms ?? createDemoPlatforms());
  // the key of the platforms' secrets at rest, their gateways, demo or live
  const purchaseSettings = purchaseSettingsOf(options.config, options.database.kind);
  if (purchaseSettings.keySource === 'development') app.log.warn('PURCHASE_SECRET_KEY is not set: the embedded demo encrypts the platforms\' app secrets and tokens with a fixed development key (set PURCHASE_SECRET_KEY for real credentials)');
  if (purchaseSettings.keySource === 'none') app.log.warn('PURCHASE_SECRET_KEY is not set: the platforms\' app secrets cannot be saved until it is');
  // the push settings (the webhook secrets' key, private targets), built once
  const pushSettings = pushSettingsOf(options.config, options.database.kind);
  if (pushSettings.keySource === 'none') app.log.warn('PUSH_SECRET_KEY is not set: webhook endpoints cannot be saved until it is');
  // the last visits are written before the database closes (main.ts and the tests close the app first)
  app.addHook('onClose', () => visits.close());
  // the open API's call counts, added to api_call_stat every few seconds and a last time on close
  const apiUsage = new UsageRecorder(options.database.db, {
    onError: (error, cells) => app.log.error({ err: error, cells }, 'api call counts not written'),
    ...options.apiUsage,
  });
  app.decorate('apiUsage', apiUsage);
  app.addHook('onClose', () => apiUsage.close());
  const jobs = options.jobs;
  let relay: ReturnType<typeof registerPushDelivery> | undefined;
  if (jobs) {
    registerLogRetention(jobs, options.database.db, { ...RETENTION_DEFAULTS, ...pickDefined(options.config) }, (result) => app.log.info({ deleted: result }, 'log retention'));
    // the purchase orders' reconciliation every 10 minutes
    registerPurchaseReconciliation(jobs, options.database.db, app.purchasePlatforms, (result) => app.log.info({ reconciled: result }, 'purchase reconciliation'));
    // the platforms' access tokens renewed before they run out
    registerTokenRefresh(jobs, options.database.db, purchaseSettings, (outcome) => app.log.info(outcome, 'purchase platform tokens refreshed'));
    // the outbox's NOTIFY to push-deliver jobs, the sweep of lost ones, the attempts
    // the holders' rights and data rules are read from the access and data rule services, made below, when a
    // delivery is attempted: push learns what logistics and the wallet hide through them, importing neither
    const rights: HeldRights = (table, holder, tenantId) => heldRights(app.accessService)(table, holder, tenantId);
    const rows: HeldRows = (menu, holder, tenantId, number) => heldRows(app.dataRules)(menu, holder, tenantId, number);
    const made = registerPushDelivery(options.database, jobs, pushSettings, { ...DELIVERY_DEFAULTS, ...options.pushDelivery }, app.log, { rights, rows }, bus);
    app.addHook('onClose', () => made.close());
    relay = made;
    app.addHook('onClose', () => jobs.stop());
  }

  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    // the SPA and the API docs load their own scripts and styles only
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return { statusCode: 429, ...envelope(null, request.t('tooManyRequests', { seconds }), false, 429) };
    },
  });
  await app.register(authPlugin, {
    accessService: new AccessService(options.database.db, bus, (error) => app.log.warn({ err: error }, 'last use of a session not written')),
  });
  // a last-use write under way finishes before the database closes
  app.addHook('onClose', () => app.accessService.lastSeenWritten());
  app.decorate('dataRules', new DataRuleService(options.database.db, bus, app.accessService, (message, detail) => app.log.warn(detail, message)));
  // before any route: it adds itself to every /api and /platform-api route
  await app.register(nulGuardPlugin);
  await app.register(dictVersionPlugin, { dicts: app.dictService });

  await app.register(swagger, {
    openapi: {
      // 3.1: a nullable field is a type with null, which every standard tool reads (docs/decisions/0038)
      openapi: '3.1.0',
      info: { title: 'Merchant portal API', version: '1.0.0', description: 'Consignor service (/api) and platform gateway (/platform-api). Every operation names the permission it needs (x-permission).' },
      servers: [{ url: '/', description: 'this portal' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
        },
      },
    },
    transform: (input) => {
      // the open API has its own document (/open/v1/openapi.json)
      if (input.url.startsWith('/open/')) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      const permission = access ? access.permission : 'public';
      return {
        ...transformed,
        schema: {
          ...freeFormQuery(transformed.schema),
          'x-permission': permission,
          security: permission === 'public' ? [] : [{ accessToken: [] }],
        },
      };
    },
    // the schemas named in the registry (the trees, which contain themselves) as components
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes);
  // before the routes: its hook times every answer
  await app.register(metricsPlugin, { token: options.config.METRICS_TOKEN, database: options.database, pushRelay: relay });
  await app.register(
    async (api) => {
      // each area registers its own routes as one unit (modules/<domain>/area.ts)
      await api.register(authArea, { oidc: oidcClientOf(options.config) });
      await api.register(dictArea);
      await api.register(systemArea, { smsGateway: options.smsGateway });
      await api.register(announcementArea, { bus });
      await api.register(logisticsArea);
      await api.register(warehouseArea);
      await api.register(purchaseArea, { settings: purchaseSettings });
      await api.register(pushArea, { settings: pushSettings });
      await api.register(financeArea);
      await api.register(openApiArea);
      // the unique fields of online forms are checked by online development, registered with the checks
      await api.register(checkRoutes, { duplicateSources: [onlineFormDuplicate] });
      await api.register(companyRoutes);
      await api.register(logArea);
      await api.register(accountRoutes, { smsGateway: options.smsGateway });
      await api.register(siteRoutes);
      await api.register(trackingRoutes);
      await api.register(parcelRoutes);
      await api.register(pickupRoutes);
      await api.register(exceptionRoutes);
      await api.register(rateCardRoutes);
      // online development
      await api.register(onlineRoutes);
    },
    { prefix: '/api' },
  );
  // the open API under /open/v1, called with an API key (never a session); its calls counted unless turned off
  await registerOpenApi(app, {
    db: options.database.db,
    bus,
    ratePerMinute: options.config.OPEN_API_RATE_LIMIT ?? 600,
    usage: options.config.OPEN_API_USAGE_COUNTING === 'off' ? null : apiUsage,
  });
  // the platform gateway: the spec's "transfer" calls, the wallet
  await app.register(
    async (gateway) => {
      await gateway.register(walletRoutes);
      await gateway.register(rechargeRoutes);
      await gateway.register(paymentRoutes);
      await gateway.register(refundRoutes);
      await gateway.register(convertRoutes);
    },
    { prefix: '/platform-api' },
  );

  const webDist = options.config.WEB_DIST;
  if (existsSync(webDist)) {
    // the build writes a gzip and a brotli copy of each file; the root is a page of the SPA (below)
    // the build names each file under assets/ by its content: a browser keeps it and never asks again (every page
    // load revalidated each of its ~85 scripts); the page and the rest (session-gate.js) are asked for each time
    const assets = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        if (file.startsWith(assets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // the public pages the build drew (prerendered/<path>.html, index.html for the root; docs/decisions/0009) come with their first screen
    const prerenderedDir = `${webDist}/prerendered`;
    const prerendered = new Set(existsSync(prerenderedDir) ? readdirSync(prerenderedDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html')).map((file) => `/${file.replace(/(^|\/)?index\.html$|\.html$/, '')}`) : []);
    // the SPA's own routes (/user/login, /dashboard/analysis, ...) all load index.html
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      // the open API answers JSON, never the web app's page
      if (request.url.startsWith('/open/')) return answerOpenApiNotFound(request, reply);
      if (request.url.startsWith('/api/') || request.url.startsWith('/platform-api/')) {
        return reply.status(404).send(envelope(null, request.t('routeNotFound', { method: request.method, url: pathname.slice(0, 200) }), false, 404));
      }
      return reply.type('text/html').sendFile(prerendered.has(pathname) ? `prerendered${pathname === '/' ? '/index' : pathname}.html` : 'index.html');
    });
  }

  return app;
}

/** In a `u` pattern a pair is one character: only half of one is a surrogate (category Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether every string of a parsed JSON value (keys too) is whole Unicode: no unpaired surrogate. */
function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value !== null && typeof value === 'object') return Object.entries(value).every(([key, item]) => !LONE_SURROGATE.test(key) && wellFormed(item));
  return true;
}

/**
 * A query of no named fields (a report's filters: any of its query fields) becomes one object parameter,
 * `filters`, which OpenAPI's defaults for a query object (style form, exploded) send as `field=value&...`;
 * left as it is, the document generator would take the JSON schema's own keys for parameters.
 */
function freeFormQuery<Schema extends { querystring?: unknown }>(schema: Schema): Schema {
  const query = schema.querystring as { properties?: unknown; additionalProperties?: unknown } | undefined;
  if (!query || query.properties !== undefined || query.additionalProperties === undefined) return schema;
  return { ...schema, querystring: { type: 'object', properties: { filters: { type: 'object', additionalProperties: query.additionalProperties } } } };
}
