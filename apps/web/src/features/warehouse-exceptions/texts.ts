import type { ParseKeys } from 'i18next';
import type { TextKey } from '../../components/list-page/list-config.ts';

/**
 * A key of the exceptions namespace for the list toolkit, which translates its titles and labels in
 * the default namespace: the `exceptions:` prefix sends i18next to this area's texts (loaded by the
 * page's own useTranslation('exceptions') before the list is drawn). Checked against zh-TW, then widened.
 */
export function xk(key: ParseKeys<'exceptions'>): TextKey {
  const namespaced: string = `exceptions:${key}`;
  return namespaced as TextKey;
}
