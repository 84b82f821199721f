import { menuTitles } from '@portal/shared/menu-titles';
import type { Language } from '@portal/shared/languages';

/** Menu titles come from the server as translation keys (packages/shared/src/menu-titles.ts). */
export function menuTitle(key: string, language: Language): string {
  const texts = Object.hasOwn(menuTitles, key) ? menuTitles[key] : undefined;
  return texts ? texts[language] || texts['zh-TW'] : key;
}
