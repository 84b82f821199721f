import type { ParseKeys } from 'i18next';
import type { TextKey } from '../../components/list-page/list-config.ts';

/**
 * A key of the warehouse namespace for the list toolkit, which translates in the default namespace:
 * the `warehouse:` prefix sends i18next to this area's texts (loaded by the page's own
 * useTranslation('warehouse') before any list is drawn). Checked against zh-TW's texts, then widened.
 */
export function wk(key: ParseKeys<'warehouse'>): TextKey {
  const namespaced: string = `warehouse:${key}`;
  return namespaced as TextKey;
}
