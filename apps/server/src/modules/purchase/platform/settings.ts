import type { Config } from '../../../config.ts';
import { DEVELOPMENT_SECRET_KEY, parseSecretKey } from '../../../lib/secret-box.ts';
import { ALIBABA_1688_API_URL } from './alibaba-1688.ts';
import type { PlatformUrls } from './oauth.ts';
import { TAOBAO_GLOBAL_API_URL } from './taobao-global.ts';

/** What the purchasing platforms need from the configuration (config.ts), resolved once at start. */
export type PurchasePlatformSettings = {
  mode: 'demo' | 'live';
  /** the key of the secrets at rest; null: secrets cannot be saved (a production database without PURCHASE_SECRET_KEY) */
  key: Buffer | null;
  keySource: 'environment' | 'development' | 'none';
  urls: PlatformUrls;
  alibabaAuthorizeUrl: string;
  timeoutMs: number;
};

export type PurchaseConfig = Partial<Pick<Config, 'PURCHASE_PLATFORMS' | 'PURCHASE_SECRET_KEY' | 'TAOBAO_GLOBAL_API_URL' | 'ALIBABA_1688_API_URL' | 'ALIBABA_1688_AUTHORIZE_URL'>>;

/**
 * The embedded demo (PGlite) without PURCHASE_SECRET_KEY uses a fixed development key and says so in the
 * log; a PostgreSQL deployment without it stores no secret at all.
 */
export function purchaseSettingsOf(config: PurchaseConfig, databaseKind: 'pglite' | 'postgres'): PurchasePlatformSettings {
  const fromEnvironment = config.PURCHASE_SECRET_KEY ? parseSecretKey(config.PURCHASE_SECRET_KEY) : null;
  const key = fromEnvironment ?? (databaseKind === 'pglite' ? DEVELOPMENT_SECRET_KEY : null);
  return {
    mode: config.PURCHASE_PLATFORMS ?? 'demo',
    key,
    keySource: fromEnvironment ? 'environment' : key ? 'development' : 'none',
    urls: { TAOBAO: config.TAOBAO_GLOBAL_API_URL ?? TAOBAO_GLOBAL_API_URL, '1688': config.ALIBABA_1688_API_URL ?? ALIBABA_1688_API_URL },
    alibabaAuthorizeUrl: config.ALIBABA_1688_AUTHORIZE_URL ?? 'https://auth.1688.com/oauth/authorize',
    timeoutMs: 10_000,
  };
}
