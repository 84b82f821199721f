import type { ParseKeys } from 'i18next';
import type { TextKey } from '../../components/list-page/list-config.ts';

/**
 * A key of the finance namespace for the list toolkit, which translates its titles and labels in the
 * default namespace: the `finance:` prefix sends i18next to this area's texts (loaded by the page's own
 * useTranslation('finance') before the list is drawn). Checked against zh-TW, then widened.
 */
export function fk(key: ParseKeys<'finance'>): TextKey {
  const namespaced: string = `finance:${key}`;
  return namespaced as TextKey;
}
