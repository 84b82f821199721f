import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../lib/auth.ts';
import { createDictFreshness } from '../lib/dict-version.ts';
import { fetchDictionaries } from '../features/auth/api/query-all-dict-items.ts';
import type { Dictionaries } from '../lib/auth.ts';

let queries: QueryClient | null = null;

/**
 * The dictionaries' freshness (lib/dict-version.ts) wired to the auth store: a stale 7-day cache is replaced
 * by the dictionaries of the server's current mark, and the dictionaries fetched one by one (getDictItems)
 * are fetched again.
 */
export const dictFreshness = createDictFreshness({
  cache: () => {
    const state = useAuth.getState();
    return { signedIn: Boolean(state.token), version: state.dictVersion };
  },
  fetchAll: fetchDictionaries,
  store: ({ dictionaries, version }) => {
    if (!useAuth.getState().token) return;
    useAuth.getState().setDictionaries(dictionaries as Dictionaries, version);
    void queries?.invalidateQueries({ queryKey: ['sys', 'dict'] });
  },
});

/** Listens to every answer's mark from now on; called once by the app's providers. */
export function startDictFreshness(client: QueryClient): () => void {
  queries = client;
  return dictFreshness.start();
}
