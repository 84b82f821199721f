import { http } from '../../../lib/http.ts';
import type { Dictionaries } from '../../../lib/auth.ts';
import { dictVersionOf } from '../../../lib/dict-version.ts';

/** GET /sys/dict/queryAllDictItems, cached 7 days by the auth store. */
export const queryAllDictItems = () => http.get<Dictionaries>('/sys/dict/queryAllDictItems', { silent: true });

/** GET /sys/dict/refleshCache, then the dictionaries again (the header's "clear cache"). */
export const refreshDictCache = async () => {
  await http.get<null>('/sys/dict/refleshCache', { silent: true });
  return queryAllDictItems();
};

/** GET /sys/dict/queryAllDictItems with the version mark of its own answer (lib/dict-version.ts). */
export const fetchDictionaries = async (): Promise<{ dictionaries: Dictionaries; version: string | null }> => {
  let version: string | null = null;
  const dictionaries = await http.get<Dictionaries>('/sys/dict/queryAllDictItems', { silent: true, onHeaders: (headers) => (version = dictVersionOf(headers)) });
  return { dictionaries, version };
};
