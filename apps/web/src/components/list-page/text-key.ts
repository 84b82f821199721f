import type { Namespace, ParseKeys } from 'i18next';
import type { TextKey } from './list-config.ts';

/**
 * A key of an area's texts for the list toolkit, which translates its titles and labels in the default
 * namespace: the `<area>:` prefix sends i18next to that area's texts (loaded by the page's own
 * useTranslation(area) before the list is drawn). The key is checked against zh-TW's texts of the
 * area; the toolkit's TextKey only knows the common namespace, hence the cast.
 */
export function textKey<const Area extends Exclude<Namespace, 'common'>>(area: Area, key: ParseKeys<Area>): TextKey {
  const namespaced = `${area}:${String(key)}`;
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
