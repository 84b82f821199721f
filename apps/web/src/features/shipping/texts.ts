import type { ParseKeys } from 'i18next';
import type { TextKey } from '../../components/list-page/list-config.ts';

/**
 * A key of this area's namespace for the list toolkit, which translates its titles and labels in the
 * default namespace: the `shipping:` prefix sends i18next to this area's texts. The key is checked
 * against zh-TW's shipping texts; the toolkit's TextKey only knows the common namespace, hence the cast.
 */
export function sk(key: ParseKeys<'shipping'>): TextKey {
  const namespaced: string = `shipping:${key}`;
  return namespaced as TextKey;
}
