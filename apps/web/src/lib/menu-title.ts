import { menuTitles } from '@portal/shared/menu-titles';
import type { Language, Texts } from '@portal/shared/languages';

/** Menu titles come from the server as translation keys (packages/shared/src/menu-titles.ts). */
export function menuTitle(key: string, language: Language): string {
  const texts = Object.hasOwn(menuTitles, key) ? menuTitles[key] : undefined;
  return texts ? texts[language] || texts['zh-TW'] : key;
}

/** A menu entry's title: an administrator's title (menu management) wins over its key's translation. */
export function entryTitle(meta: { title: string; titles?: Texts | null }, language: Language): string {
  return meta.titles?.[language] || meta.titles?.['zh-TW'] || menuTitle(meta.title, language);
}
