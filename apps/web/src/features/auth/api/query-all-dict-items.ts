import { http } from '../../../lib/http.ts';
import type { Dictionaries } from '../../../lib/auth.ts';

/** GET /sys/dict/queryAllDictItems, cached 7 days by the auth store. */
export const queryAllDictItems = () => http.get<Dictionaries>('/sys/dict/queryAllDictItems', { silent: true });

/** GET /sys/dict/refleshCache, then the dictionaries again (the header's "clear cache"). */
export const refreshDictCache = async () => {
  await http.get<null>('/sys/dict/refleshCache', { silent: true });
  return queryAllDictItems();
};
