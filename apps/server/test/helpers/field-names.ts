import { fieldAreaOf, fieldLabel } from '@portal/shared/field-labels';
import type { Language } from '@portal/shared/languages';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A field as a refusal names it: the label the screens give it (shared/field-labels.ts), for the
 * route `url` ("items[1].unitPrice" on the order form is "Unit price (product 2)").
 */
export function shownAs(field: string, url: string, lang: Language = 'en-US'): string {
  const path = field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return fieldLabel(path, fieldAreaOf(url)).label[lang];
}

/** A refusal naming `field` (en-US): by its label, or as sent when the route does not take it at all. */
export const naming = (field: string, url: string): RegExp => new RegExp(`${escaped(shownAs(field, url))}|^Unknown field: ${escaped(field)}$`);
