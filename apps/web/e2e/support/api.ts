import type { BrowserSuite, Language } from './browser-suite.ts';
import { PASSWORD } from './portal.ts';

/** Calls of the portal's HTTP API with one session (or none); each answers the envelope's result and throws on a refusal. */
export type ApiSession = {
  get: <T>(urlPath: string) => Promise<T>;
  post: <T>(urlPath: string, body: unknown) => Promise<T>;
};

/**
 * The portal's API as another client calls it, asking for answers in `language` (the texts it returns
 * depend on it): the tests prepare with it the data the screens then work on, and read what the screens did.
 */
export function portalApi(suite: Pick<BrowserSuite, 'portal'>, language: Language) {
  const session = (token?: string): ApiSession => {
    const call = async <T>(method: 'GET' | 'POST', urlPath: string, body?: unknown): Promise<T> => {
      const response = await fetch(suite.portal().url + urlPath, {
        method,
        headers: {
          Accept: 'application/json',
          'Accept-Language': language,
          ...(token ? { 'X-Access-Token': token } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await response.json()) as { success: boolean; message: string; result: T };
      if (!response.ok || !envelope.success) throw new Error(`${method} ${urlPath}: HTTP ${response.status} ${envelope.message}`);
      return envelope.result;
    };
    return { get: (urlPath) => call('GET', urlPath), post: (urlPath, body) => call('POST', urlPath, body) };
  };
  return {
    /** calls without a session */
    anonymous: session(),
    /** a session of `username` (POST /api/sys/login) */
    signIn: async (username: string, password = PASSWORD): Promise<ApiSession> =>
      session((await session().post<{ token: string }>('/api/sys/login', { username, password })).token),
  };
}
