import type { Language, Texts } from '@portal/shared/languages';
import { LANGUAGES } from '@portal/shared/languages';
import { AUDIT_BOOLEAN, AUDIT_DELETED_MARK, AUDIT_FIELD_AREAS, AUDIT_LANGUAGE_NAMES, AUDIT_REF_KINDS, auditField, auditFieldOrder, type AuditFieldKind, type AuditRefKind } from '@portal/shared/audit-fields';
import { knownFieldLabel } from '@portal/shared/field-labels';
import { menuTitle } from '@portal/shared/menu-titles';
import type { AuditFieldRow, AuditShownValue } from '@portal/shared/system-sessions';

/*
 * An audit line as its reader reads it (the registry: packages/shared/src/audit-fields.ts). Pure: the
 * names of the ids and codes the lines hold are looked up by the service, one query per kind for a whole
 * page of lines, and handed in here.
 */

export type AuditSides = { resource: string; before: unknown; after: unknown };

/** What a page of lines needs looked up: ids and codes by kind (as text), and dictionaries by code. */
export type WantedNames = { refs: Record<AuditRefKind, Set<string>>; dicts: Set<string> };

export type Reading = {
  lang: Language;
  /** the current name of each id or code found, by kind; one that is missing is gone */
  names: Record<AuditRefKind, ReadonlyMap<string, string>>;
  /** the dictionaries' items in the reader's language, by dictionary code */
  dicts: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** an ISO time in the reader's time zone */
  time: (iso: string) => string;
};

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A text in the interface languages, as the log keeps titles and dictionary texts. */
const isTexts = (value: unknown): value is Fields =>
  isRecord(value) && Object.keys(value).length > 0 && Object.entries(value).every(([key, text]) => (LANGUAGES as readonly string[]).includes(key) && typeof text === 'string');
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ID = /^[1-9]\d{0,15}$/;

/** An id or code as a lookup key: ids are positive integers, codes short texts; anything else is not looked up. */
function keyOf(kind: AuditRefKind, value: unknown): string | undefined {
  if (kind === 'permissionCode' || kind === 'departCode') return typeof value === 'string' && value !== '' && value.length <= 1000 ? value : undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return ID.test(text) && Number.isSafeInteger(Number(text)) ? text : undefined;
}

/** One item a ref field names: what to look up, and the name the line wrote down beside it, if any. */
type RefItem = { kind: AuditRefKind; key: string | undefined; raw: string; written?: string };

function refItem(kind: AuditRefKind, value: unknown): RefItem {
  if (isRecord(value)) {
    const written = typeof value.name === 'string' ? value.name : undefined;
    return { kind, key: keyOf(kind, value.id), raw: String(value.id ?? ''), ...(written ? { written } : {}) };
  }
  return { kind, key: keyOf(kind, value), raw: typeof value === 'string' ? value : JSON.stringify(value) };
}

/**
 * The items of a ref value. A code with `via` is first looked for in that field of the same record, whose
 * entries hold the code with its id: a department's code moves with the tree, its id does not.
 */
function refItems(kind: { ref: AuditRefKind; via?: string }, value: unknown, side: Fields): RefItem[] {
  const list = Array.isArray(value) ? value : [value];
  const links = kind.via && Array.isArray(side[kind.via]) ? (side[kind.via] as unknown[]).filter(isRecord) : [];
  return list.map((item) => {
    const link = typeof item === 'string' ? links.find((entry) => entry.orgCode === item) : undefined;
    return link && kind.ref === 'departCode' ? refItem('depart', link) : refItem(kind.ref, item);
  });
}

const emptyWanted = (): WantedNames => ({ refs: Object.fromEntries(AUDIT_REF_KINDS.map((kind) => [kind, new Set<string>()])) as Record<AuditRefKind, Set<string>>, dicts: new Set() });

/** Every id, code and dictionary the lines need, so that each kind is looked up once for all of them. */
export function wantedNames(lines: readonly AuditSides[]): WantedNames {
  const wanted = emptyWanted();
  for (const line of lines) {
    for (const side of [line.before, line.after]) {
      if (!isRecord(side)) continue;
      for (const [key, value] of Object.entries(side)) {
        const kind = auditField(line.resource, key).kind;
        if (!kind || value === null || value === undefined) continue;
        if ('ref' in kind) {
          for (const item of refItems(kind, value, side)) if (item.key) wanted.refs[item.kind].add(item.key);
        } else if ('dict' in kind) wanted.dicts.add(kind.dict);
      }
    }
  }
  return wanted;
}

/** A value shown with identities for lists: the identity compares items, the text is what the reader reads. */
type Shown = { text: string } | { items: { id: string; text: string }[] };

function scalarText(value: unknown, reading: Reading): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return AUDIT_BOOLEAN[value ? 'true' : 'false'][reading.lang];
  // a text that only looks like a time (typed into a description) is shown as it is
  if (typeof value === 'string') return ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? reading.time(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function refText(item: RefItem, reading: Reading): string {
  const found = item.key === undefined ? undefined : reading.names[item.kind].get(item.key);
  if (found !== undefined) return found;
  const mark = AUDIT_DELETED_MARK[reading.lang];
  if (item.written) return `${item.written}${mark}`;
  return item.kind === 'permissionCode' || item.kind === 'departCode' ? `${item.raw}${mark}` : `#${item.raw}${mark}`;
}

function kindText(kind: AuditFieldKind | undefined, value: unknown, reading: Reading): string {
  if (kind && 'values' in kind) {
    const texts: Texts | undefined = Object.hasOwn(kind.values, String(value)) ? kind.values[String(value)] : undefined;
    if (texts) return texts[reading.lang];
  }
  if (kind && 'dict' in kind) {
    const text = reading.dicts.get(kind.dict)?.get(String(value));
    if (text !== undefined) return text;
  }
  if (kind && 'menuTitle' in kind && typeof value === 'string') return menuTitle(value, reading.lang);
  return scalarText(value, reading);
}

function shown(kind: AuditFieldKind | undefined, value: unknown, side: Fields, reading: Reading): Shown {
  if (kind && 'ref' in kind) {
    if (value === null || value === undefined) return { text: '' };
    const items = refItems(kind, value, side).map((item) => ({ id: `${item.kind}:${item.key ?? item.raw}`, text: refText(item, reading) }));
    return Array.isArray(value) ? { items } : { text: items[0]?.text ?? '' };
  }
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return { items: value.map((item) => ({ id: JSON.stringify(item), text: kindText(kind, item, reading) })) };
  }
  return { text: kindText(kind, value, reading) };
}

const valueOf = (value: Shown | null): AuditShownValue | null => (value === null ? null : 'text' in value ? value.text : value.items.map((item) => item.text));
const identity = (value: Shown | null) => (value === null ? null : 'text' in value ? value.text : value.items.map((item) => item.id));

function rowOf(key: string, label: string, before: Shown | null, after: Shown | null, whole: boolean): AuditFieldRow {
  const beforeItems = before && 'items' in before ? before.items : [];
  const afterItems = after && 'items' in after ? after.items : [];
  const had = new Set(beforeItems.map((item) => item.id));
  const has = new Set(afterItems.map((item) => item.id));
  // a creation has no before and a deletion no after: their fields are not "changes" of a field
  const changed = !whole && JSON.stringify(identity(before)) !== JSON.stringify(identity(after));
  return {
    key,
    label,
    before: valueOf(before),
    after: valueOf(after),
    changed,
    gained: changed ? afterItems.filter((item) => !had.has(item.id)).map((item) => item.text) : [],
    lost: changed ? beforeItems.filter((item) => !has.has(item.id)).map((item) => item.text) : [],
  };
}

/** A field's name in the reader's language: the registry's, else the request field's of the same name, else its key. */
function labelOf(resource: string, key: string, lang: Language): string {
  const own = auditField(resource, key).label;
  if (own) return own[lang];
  const area = Object.hasOwn(AUDIT_FIELD_AREAS, resource) ? AUDIT_FIELD_AREAS[resource as keyof typeof AUDIT_FIELD_AREAS] : undefined;
  return knownFieldLabel(key, area)?.[lang] ?? key;
}

/**
 * Every field of either side, in its resource's order (audit-fields.ts; the others as they first appear), named and with its
 * values read; a field only one side has is null on the other. A whole side that is not a record (a list,
 * nothing) is one row without a name.
 */
export function readableFields(line: AuditSides, reading: Reading): AuditFieldRow[] {
  const { before, after, resource } = line;
  if (!isRecord(before) && !isRecord(after)) {
    if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
    const side = (value: unknown) => (value === null || value === undefined ? null : shown(undefined, value, {}, reading));
    return [rowOf('', '', side(before), side(after), false)];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const whole = !isRecord(before) || !isRecord(after);
  const rows: AuditFieldRow[] = [];
  for (const key of auditFieldOrder(resource, [...new Set([...Object.keys(from), ...Object.keys(to)])])) {
    const kind = auditField(resource, key).kind;
    if (kind && 'hidden' in kind) continue;
    const label = labelOf(resource, key, reading.lang);
    const side = (record: Fields, value: unknown) => (Object.hasOwn(record, key) ? shown(kind, value, record, reading) : null);
    if ((kind && 'languages' in kind) || isTexts(from[key]) || isTexts(to[key])) {
      // one row per language, so that a change of one language's text is seen in any language
      for (const language of LANGUAGES) {
        const inLanguage = (record: Fields) => {
          if (!Object.hasOwn(record, key)) return null;
          const texts = record[key];
          return { text: isRecord(texts) && typeof texts[language] === 'string' ? texts[language] : '' };
        };
        rows.push(rowOf(`${key}.${language}`, `${label}${AUDIT_LANGUAGE_NAMES[language][reading.lang]}`, inLanguage(from), inLanguage(to), whole));
      }
      continue;
    }
    rows.push(rowOf(key, label, side(from, from[key]), side(to, to[key]), whole));
  }
  return rows;
}
