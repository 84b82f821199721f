import { PlatformError } from './types.ts';
import { sleep } from './http-signing.ts';

/** What an HTTP client needs to sign a call: the app's key and secret, and the account's access token. */
export type PlatformCredentials = { appKey: string; appSecret: string; accessToken: string };

export type HttpClientOptions = {
  /** the gateway: https://api.taobao.global/rest, https://gw.open.1688.com/openapi (a stand-in in tests) */
  baseUrl: string;
  /** read at every call (the token configuration may change under a running server); throws PlatformError('unauthorized') when unset */
  credentials: () => Promise<PlatformCredentials>;
  /** the deadline of one call, ms */
  timeoutMs?: number;
  /** a throttled call waits the platform's hint and tries again once when the hint is at most this long */
  maxRetryWaitSeconds?: number;
};

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RETRY_WAIT_SECONDS = 2;

/**
 * Runs a call; a `throttled` answer whose hint is short is waited out and tried once more (with fresh
 * credentials and a fresh timestamp), a longer one is passed on with its hint for the caller to honour.
 */
export async function withThrottleRetry<T>(options: HttpClientOptions, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    const limit = options.maxRetryWaitSeconds ?? DEFAULT_MAX_RETRY_WAIT_SECONDS;
    if (!(error instanceof PlatformError) || error.kind !== 'throttled') throw error;
    const wait = error.retryAfterSeconds ?? 1;
    if (wait > limit) throw error;
    await sleep(wait * 1000);
    return attempt();
  }
}

/** A form parameter that is an object: the platforms take it as JSON text. */
export const json = (value: unknown) => JSON.stringify(value);
