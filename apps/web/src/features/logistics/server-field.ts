/**
 * Which field of the order form a server refusal is about. The server's validation messages name
 * the field by its path in the body as the client sent it ("recipient.phone", "items[2].unitPrice"),
 * in every language; this finds such a path in the message and answers it as the form's name path,
 * or null when the message names no field of the form (the form then shows it at the top).
 */
export type FieldPath = (string | number)[];

const TOP_FIELDS = ['merchantOrderNo', 'serviceType', 'destinationCountry', 'warehouseCode', 'currency', 'weight', 'length', 'width', 'height', 'remark', 'items'] as const;
const RECIPIENT_FIELDS = ['name', 'phone', 'address', 'province', 'city', 'district', 'town', 'postcode'] as const;
const ITEM_FIELDS = ['name', 'category', 'quantity', 'specifications', 'material', 'unitPrice'] as const;

const includes = (list: readonly string[], value: string | undefined): value is string => value !== undefined && list.includes(value);

/** "items[2].unitPrice" -> ['items', 2, 'unitPrice'] when it is a field of the form; else null. */
function pathOf(token: string, itemCount: number): FieldPath | null {
  const item = /^items\[(\d+)\]\.([A-Za-z]+)$/.exec(token);
  if (item) {
    const index = Number(item[1]);
    return index < itemCount && includes(ITEM_FIELDS, item[2]) ? ['items', index, item[2]] : null;
  }
  const recipient = /^recipient\.([A-Za-z]+)$/.exec(token);
  if (recipient) return includes(RECIPIENT_FIELDS, recipient[1]) ? ['recipient', recipient[1]] : null;
  return includes(TOP_FIELDS, token) ? [token] : null;
}

/**
 * Dotted or indexed paths first, then the field names written in camelCase, then the one-word names
 * (weight, currency, ...), which an English sentence may contain as a plain word.
 */
export function serverFieldOf(message: string, itemCount: number): FieldPath | null {
  const tokens = message.match(/[A-Za-z]+(?:\[\d+\])?(?:\.[A-Za-z]+)*/g) ?? [];
  const ranked = [...tokens].sort((a, b) => rank(a) - rank(b));
  for (const token of ranked) {
    const path = pathOf(token, itemCount);
    if (path) return path;
  }
  return null;
}

function rank(token: string): number {
  if (/[.[]/.test(token)) return 0;
  if (/[a-z][A-Z]/.test(token)) return 1;
  return 2;
}
