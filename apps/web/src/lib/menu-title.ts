import { entryTitle as sharedEntryTitle, menuTitle as sharedMenuTitle } from '@portal/shared/menu-titles';
import type { Language, Texts } from '@portal/shared/languages';

/** Menu titles come from the server as translation keys (packages/shared/src/menu-titles.ts). */
export function menuTitle(key: string, language: Language): string {
  return sharedMenuTitle(key, language);
}

/** A menu entry's title: an administrator's title (menu management) wins over its key's translation; the audit log names entries so too. */
export function entryTitle(meta: { title: string; titles?: Texts | null }, language: Language): string {
  return sharedEntryTitle(meta, language);
}
