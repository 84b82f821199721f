import { DICT_VERSION_HEADER } from '@portal/shared/dict-codes';

/*
 * The dictionaries' version mark. Every API answer carries the server's mark in
 * DICT_VERSION_HEADER; the 7-day dictionary cache is stored with the mark it was fetched under. When an
 * answer's mark differs, the cache is fetched again: every client follows an edit at its next call or
 * reload, without signing out and without waiting the 7 days out.
 */

let lastSeen: string | null = null;
const listeners = new Set<(version: string) => void>();

/** The mark of an answer's headers; null when it carries none (a refusal, a file). */
export const dictVersionOf = (headers: Headers): string | null => headers.get(DICT_VERSION_HEADER) || null;

/** Called by the HTTP client with each answer's headers. */
export function noteDictVersion(headers: Headers): void {
  const version = dictVersionOf(headers);
  if (!version) return;
  lastSeen = version;
  for (const listener of listeners) listener(version);
}

/** The mark of the latest answer (the sign-in answer's, when the user has just signed in). */
export const lastDictVersion = (): string | null => lastSeen;

export function subscribeDictVersion(listener: (version: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The rule: a signed-in user's cache is stale when the server's mark is not the one it was fetched under. */
export function dictCacheStale(cache: { signedIn: boolean; version: string | null }, seen: string | null): boolean {
  return cache.signedIn && seen !== null && seen !== cache.version;
}

/**
 * Fetches the dictionaries again when the cache is stale; one fetch at a time, whatever the number of
 * answers that tell. `fetchAll` answers the dictionaries with the mark of their own answer.
 */
export function createDictFreshness(options: {
  cache: () => { signedIn: boolean; version: string | null };
  fetchAll: () => Promise<{ dictionaries: unknown; version: string | null }>;
  store: (fetched: { dictionaries: unknown; version: string | null }) => void;
}) {
  let running: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    if (running) return running;
    if (!dictCacheStale(options.cache(), lastSeen)) return Promise.resolve();
    running = options
      .fetchAll()
      .then(options.store)
      // a failed fetch keeps the cache: the next answer with the mark tries again
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };
  return { refresh, start: () => subscribeDictVersion(() => void refresh()) };
}
