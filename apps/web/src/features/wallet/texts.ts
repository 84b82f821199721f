import type { ParseKeys } from 'i18next';
import type { TextKey } from '../../components/list-page/list-config.ts';

/**
 * A key of the wallet namespace for the list toolkit, which translates its titles and labels in the
 * default namespace: the `wallet:` prefix sends i18next to this area's texts (loaded by the page's own
 * useTranslation('wallet') before the list is drawn). Checked against zh-TW, then widened.
 */
export function wk(key: ParseKeys<'wallet'>): TextKey {
  const namespaced: string = `wallet:${key}`;
  return namespaced as TextKey;
}

/**
 * A text that is not a key (a person's name as a filter option) for the toolkit, which runs every label
 * through t(): a missing key comes back as it is, but i18next would read a colon as a namespace
 * separator, so colons become full-width ones.
 */
export function literal(text: string): TextKey {
  const safe: string = text.replaceAll(':', '：');
  return safe as TextKey;
}
