import type { Config } from '../../config.ts';
import { DEVELOPMENT_SECRET_KEY, parseSecretKey } from '../../lib/secret-box.ts';
import type { TargetRules } from './delivery/address-guard.ts';

/** What message push needs from the deployment: the key of the webhook secrets, which targets it may reach, how long an attempt may take. */
export type PushSettings = {
  /** the key of the secrets at rest; null: no endpoint can be saved (a production database without PUSH_SECRET_KEY) */
  key: Buffer | null;
  keySource: 'environment' | 'development' | 'none';
  /** private networks allowed or not (PUSH_ALLOW_PRIVATE_TARGETS), and the portal's own address, never a target */
  targets: TargetRules;
  timeoutMs: number;
};

export type PushConfig = Partial<Pick<Config, 'PUSH_SECRET_KEY' | 'PUSH_ALLOW_PRIVATE_TARGETS' | 'PUSH_TIMEOUT_MS' | 'HOST' | 'PORT'>>;

/**
 * The embedded demo (PGlite) without PUSH_SECRET_KEY uses the fixed development key; a PostgreSQL deployment
 * needs the key. Private, loopback and link-local addresses are reached only when PUSH_ALLOW_PRIVATE_TARGETS=true
 * says so, on either database (the demo's old default let a merchant probe the machine it runs on; decision 0029); the
 * portal's own listening address never.
 */
export function pushSettingsOf(config: PushConfig, databaseKind: 'pglite' | 'postgres'): PushSettings {
  const fromEnvironment = config.PUSH_SECRET_KEY ? parseSecretKey(config.PUSH_SECRET_KEY) : null;
  const key = fromEnvironment ?? (databaseKind === 'pglite' ? DEVELOPMENT_SECRET_KEY : null);
  return {
    key,
    keySource: fromEnvironment ? 'environment' : key ? 'development' : 'none',
    targets: { allowPrivateTargets: config.PUSH_ALLOW_PRIVATE_TARGETS ?? false, own: { host: config.HOST ?? '127.0.0.1', port: config.PORT ?? 8080 } },
    timeoutMs: config.PUSH_TIMEOUT_MS ?? 10_000,
  };
}
