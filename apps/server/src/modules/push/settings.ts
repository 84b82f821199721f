import type { Config } from '../../config.ts';
import { DEVELOPMENT_SECRET_KEY, parseSecretKey } from '../../lib/secret-box.ts';

/** What message push needs from the deployment: the key of the webhook secrets, which targets it may reach, how long an attempt may take. */
export type PushSettings = {
  /** the key of the secrets at rest; null: no endpoint can be saved (a production database without PUSH_SECRET_KEY) */
  key: Buffer | null;
  keySource: 'environment' | 'development' | 'none';
  /** deliver to private, loopback and link-local addresses too */
  allowPrivateTargets: boolean;
  timeoutMs: number;
};

export type PushConfig = Partial<Pick<Config, 'PUSH_SECRET_KEY' | 'PUSH_ALLOW_PRIVATE_TARGETS' | 'PUSH_TIMEOUT_MS'>>;

/**
 * The embedded demo (PGlite) without PUSH_SECRET_KEY uses the fixed development key, and delivers to local
 * addresses (a receiver on the same machine is how one tries it); a PostgreSQL deployment needs the key, and
 * reaches private addresses only when PUSH_ALLOW_PRIVATE_TARGETS=true says so.
 */
export function pushSettingsOf(config: PushConfig, databaseKind: 'pglite' | 'postgres'): PushSettings {
  const fromEnvironment = config.PUSH_SECRET_KEY ? parseSecretKey(config.PUSH_SECRET_KEY) : null;
  const key = fromEnvironment ?? (databaseKind === 'pglite' ? DEVELOPMENT_SECRET_KEY : null);
  return {
    key,
    keySource: fromEnvironment ? 'environment' : key ? 'development' : 'none',
    allowPrivateTargets: config.PUSH_ALLOW_PRIVATE_TARGETS ?? databaseKind === 'pglite',
    timeoutMs: config.PUSH_TIMEOUT_MS ?? 10_000,
  };
}
