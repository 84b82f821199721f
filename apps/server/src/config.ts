import path from 'node:path';
import { z } from 'zod';
import { parseSecretKey } from './lib/secret-box.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The public site settings' defaults (the embedded demo's). The filing numbers are placeholders: a
 * deployment in mainland China sets its own, any other sets them empty.
 */
export const SITE_DEFAULTS = {
  companyName: '跨境集運股份有限公司',
  icp: '粤ICP备00000000号-1',
  psb: '粤公网安备00000000000000号',
  trackingUrl: '/track',
} as const;

export const siteCopyright = (companyName: string) => `Copyright © 2019 - 2024 ${companyName}`;

/** A path of this site (not protocol-relative //host) or an absolute http(s) URL: nothing a browser would run. */
export function isTrackingUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Live sessions a user may have at once (SESSION_MAX_PER_USER's default). */
export const DEFAULT_SESSION_MAX_PER_USER = 10;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** PostgreSQL >= 15; when absent the embedded PGlite database under DATA_DIR is used */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /** connections per app server to PostgreSQL */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** the first admin's password on a production database; a random one is generated and printed once if absent */
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** where the built web app is; served at / when it exists */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** trust X-Forwarded-For from a load balancer (set when one is in front) */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** live sessions per user: a sign-in beyond it ends the oldest; 0 = no limit */
  SESSION_MAX_PER_USER: z.coerce.number().int().min(0).max(1000).default(DEFAULT_SESSION_MAX_PER_USER),
  /** sign-in attempts per client address and minute */
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * how SMS codes leave the server: 'log' writes them to the server log (the embedded demo; no text
   * message is sent), 'http' posts them to a provider at SMS_HTTP_URL
   */
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  /** key of the HMAC that stores SMS codes; the same on every app server (random per process if absent) */
  SMS_CODE_SECRET: z.string().min(32).optional(),
  /** days the sign-in log and the visit log are kept; older rows are deleted by a daily job (decision 0019) */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** days the audit log is kept: longer, it is the evidence of who changed what */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(36500).default(1095),
  /** when the daily retention job runs (cron, in the server's time zone) */
  LOG_RETENTION_CRON: z.string().trim().min(9).max(100).default('30 3 * * *'),
  /** the operator shown on the public pages (GET /api/sys/site) */
  SITE_COMPANY_NAME: z.string().trim().min(1).max(100).default(SITE_DEFAULTS.companyName),
  /** the copyright line; absent: "Copyright © 2019 - 2024 <company name>" */
  SITE_COPYRIGHT: z.string().trim().max(200).optional(),
  /** ICP filing number; an empty value hides it */
  SITE_ICP: z.string().trim().max(100).default(SITE_DEFAULTS.icp),
  /** public-security filing number; an empty value hides it */
  SITE_PSB: z.string().trim().max(100).default(SITE_DEFAULTS.psb),
  /** the public tracking page: a path of this site or an absolute http(s) URL */
  SITE_TRACKING_URL: z
    .string()
    .trim()
    .refine((value) => isTrackingUrl(value), 'a path starting with / or an http(s) URL')
    .default(SITE_DEFAULTS.trackingUrl),
  /** single sign-on (decision 0020): the OpenID Connect provider's issuer; absent, the login page offers no provider */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** the name on the login page's button ("Sign in with <name>") */
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(50).default('OpenID Connect'),
  /** the address browsers reach this site at, e.g. https://portal.example.com (the callback is <PUBLIC_URL>/api/thirdLogin/callback) */
  PUBLIC_URL: z.string().url().optional(),
  /** the callback registered at the provider, when it is not <PUBLIC_URL>/api/thirdLogin/callback */
  OIDC_REDIRECT_URI: z.string().url().optional(),
  /** allow an http:// issuer: tests and a local provider only, never in production */
  OIDC_ALLOW_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** purchasing: 'demo' answers from the embedded catalogue; 'live' calls Taobao's and 1688's open APIs with the configured tokens */
  PURCHASE_PLATFORMS: z.enum(['demo', 'live']).default('demo'),
  /** the AES-256-GCM key of the platforms' app secrets and tokens: 32 bytes, base64 or 64 hex digits (same on every app server) */
  PURCHASE_SECRET_KEY: z
    .string()
    .trim()
    .refine((value) => parseSecretKey(value) !== null, '32 bytes as base64 or 64 hex digits')
    .optional(),
  /** the platforms' gateways (a test points them at a stand-in) */
  TAOBAO_GLOBAL_API_URL: z.string().url().default('https://api.taobao.global/rest'),
  ALIBABA_1688_API_URL: z.string().url().default('https://gw.open.1688.com/openapi'),
  ALIBABA_1688_AUTHORIZE_URL: z.string().url().default('https://auth.1688.com/oauth/authorize'),
  /** open API and message push: requests per minute per API key */
  OPEN_API_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  /** count open-API calls for the API statistics ('off' only to measure what counting costs: npm run bench) */
  OPEN_API_USAGE_COUNTING: z.enum(['on', 'off']).default('on'),
  /** the AES-256-GCM key of the merchants' webhook secrets (same format as PURCHASE_SECRET_KEY; the embedded demo has a development key) */
  PUSH_SECRET_KEY: z
    .string()
    .trim()
    .refine((value) => parseSecretKey(value) !== null, '32 bytes as base64 or 64 hex digits')
    .optional(),
  /** deliver to private, loopback and link-local addresses (tests, private networks); unset: allowed on the embedded demo only */
  PUSH_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** how long one delivery attempt may take, in milliseconds */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** the bearer token of GET /metrics (Prometheus); without one the path does not exist */
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
}).superRefine((env, context) => {
  if (env.OIDC_ISSUER) {
    for (const key of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
      if (!env[key]) context.addIssue({ code: 'custom', path: [key], message: 'required when OIDC_ISSUER is set' });
    }
    if (!env.OIDC_REDIRECT_URI && !env.PUBLIC_URL) context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'PUBLIC_URL or OIDC_REDIRECT_URI is required when OIDC_ISSUER is set' });
    if (!env.OIDC_ALLOW_HTTP && !env.OIDC_ISSUER.startsWith('https://')) context.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'must be https:// (OIDC_ALLOW_HTTP=true for a local test provider)' });
  }
  if (env.SMS_PROVIDER !== 'http') return;
  if (!env.SMS_HTTP_URL) context.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'required when SMS_PROVIDER=http' });
  if (!env.SMS_HTTP_TOKEN) context.addIssue({ code: 'custom', path: ['SMS_HTTP_TOKEN'], message: 'required when SMS_PROVIDER=http' });
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
