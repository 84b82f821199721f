import type { ZodType } from 'zod';

/*
 * Malformed input derived from a route's own zod schemas, deterministically: no randomness, so that a
 * failure names the same case on every run. Zod's definitions are read through `_zod.def`, zod 4's
 * documented way to walk a schema.
 */

export type Part = 'querystring' | 'params' | 'body';

/**
 * `refused`: malformed, the answer must be 4xx with a message. `tolerated`: odd but legal (the last day
 * a filter can name, a negative number where the schema takes one): anything but a 5xx.
 */
export type Expectation = 'refused' | 'tolerated';

export type MalformedCase = {
  name: string;
  part: Part;
  /** the part as the server will parse it; for the body, sent as JSON unless `raw` is set */
  value?: unknown;
  /** a body sent as this text with the JSON content type (what JSON.stringify cannot build cheaply) */
  raw?: string;
  expect: Expectation;
};

type Def = { type: string; innerType?: ZodType; in?: ZodType; out?: ZodType; shape?: Record<string, ZodType>; element?: ZodType; options?: ZodType[]; entries?: Record<string, unknown>; values?: unknown[]; getter?: () => ZodType };
const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/** The schema under optional(), default(), a transform's input side and the like. */
function core(schema: ZodType): ZodType {
  for (let current = schema, depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else return current;
  }
  return schema;
}

const isRequired = (schema: ZodType) => (schema as unknown as { _zod: { optin?: string } })._zod.optin === undefined;
const accepts = (schema: ZodType, value: unknown) => schema.safeParse(value).success;

type Kind = 'string' | 'number' | 'boolean' | 'enum' | 'object' | 'array' | 'other';

function kindsOf(schema: ZodType): Kind[] {
  const def = defOf(core(schema));
  switch (def.type) {
    case 'string':
      return ['string'];
    case 'number':
    case 'int':
    case 'bigint':
      return ['number'];
    case 'boolean':
      return ['boolean'];
    case 'enum':
    case 'literal':
      return ['enum'];
    case 'object':
      return ['object'];
    case 'array':
      return ['array'];
    case 'union':
      return [...new Set((def.options ?? []).flatMap(kindsOf))];
    default:
      return ['other'];
  }
}

/** The fields of an object schema (under optional(), a transform and the like), or null. */
export const shapeOf = (schema: ZodType): Record<string, ZodType> | null => {
  const def = defOf(core(schema));
  return def.type === 'object' && def.shape ? def.shape : null;
};

// what a form would send; the first one a field takes is its example value
const STRING_EXAMPLES = ['2026-03-01T08:00:00+08:00', '2026-03-01', '2026-03', 'CNY', 'SZ01', 'Demo', 'A1', '1', '1.5', 'demo@example.com', '13800000000', 'https://example.com/a'];
const NUMBER_EXAMPLES = [1, 10, 100, 1000];

/** A value `schema` takes (as JSON, or as a query string carries it), or undefined when none is found. */
export function example(schema: ZodType, wire: 'json' | 'text'): unknown {
  const def = defOf(core(schema));
  const candidates: unknown[] = [];
  switch (def.type) {
    case 'string':
      candidates.push(...STRING_EXAMPLES);
      break;
    case 'number':
    case 'int':
      candidates.push(...NUMBER_EXAMPLES.map((n) => (wire === 'text' ? String(n) : n)));
      break;
    case 'boolean':
      candidates.push(wire === 'text' ? 'true' : true);
      break;
    case 'enum':
      candidates.push(...Object.values(def.entries ?? {}));
      break;
    case 'literal':
      candidates.push(...(def.values ?? []));
      break;
    case 'union':
      candidates.push(...(def.options ?? []).map((option) => example(option, wire)).filter((value) => value !== undefined));
      break;
    case 'array': {
      const item = def.element ? example(def.element, wire) : undefined;
      if (item !== undefined) candidates.push([item]);
      break;
    }
    case 'object': {
      const base = baseOf(core(schema), wire);
      if (base) candidates.push(base);
      break;
    }
  }
  return candidates.find((candidate) => accepts(schema, candidate));
}

/** The smallest valid object of an object schema: an example for each required field; null if none. */
export function baseOf(schema: ZodType, wire: 'json' | 'text'): Record<string, unknown> | null {
  const shape = shapeOf(schema);
  if (!shape) return null;
  const base: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    if (!isRequired(field)) continue;
    const value = example(field, wire);
    if (value === undefined) return null;
    base[key] = value;
  }
  return accepts(schema, base) ? base : null;
}

// a time field: one that takes a day, a month or an ISO time, but not any text, nor a month 13 (as a phone number would)
const isTimeField = (schema: ZodType) =>
  !accepts(schema, 'Demo') && !accepts(schema, '2026-13-45') && ['2026-03-01', '2026-03', '2026-03-01T08:00:00+08:00', '2026-03-01T00:00:00Z'].some((value) => accepts(schema, value));

/** Longer than any field takes (the longest, a text to convert, takes 10,000). */
const HUGE = 'x'.repeat(20_000);
const OVER_THE_BODY_LIMIT = JSON.stringify({ zz: 'x'.repeat(1024 * 1024) });
/** Deeper than any parser-walking code can recurse through (V8's stack holds about 10,000 frames). */
export const DEPTH = 10_000;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

type Bad = { name: string; value: unknown; expect: Expectation };

/** Malformed (and edge) values of one field, as JSON or as query text. */
function badValues(name: string, schema: ZodType, wire: 'json' | 'text'): Bad[] {
  const bad: Bad[] = [];
  const refused = (label: string, value: unknown) => bad.push({ name: label, value, expect: 'refused' });
  const tolerated = (label: string, value: unknown) => bad.push({ name: label, value, expect: 'tolerated' });
  const kinds = kindsOf(schema);
  // one value of another type for each field: a number for text, text for a number, and so on
  if (wire === 'text') {
    if (kinds.includes('string') || kinds.includes('enum') || kinds.includes('number') || kinds.includes('boolean')) refused('a repeated parameter', ['a', 'b']);
  } else if (kinds.includes('array')) refused('text for a list', 'text');
  else if (kinds.includes('object')) refused('a list for an object', []);
  else if (kinds.includes('string') || kinds.includes('enum')) refused(kinds.includes('number') ? 'an object for a value' : 'a number for text', kinds.includes('number') ? { a: 1 } : 12345);
  else if (kinds.includes('number') || kinds.includes('boolean')) refused('text for a number', 'abc');
  if (kinds.includes('string') || kinds.includes('enum')) {
    refused('a huge string', HUGE);
    refused('a NUL character', 'a\u0000b');
    tolerated('markup and wildcards', "<b>%_'\\");
  }
  if (kinds.includes('enum') && !kinds.includes('string')) refused('a value not in the list', 'NOT_IN_THE_LIST');
  if (name === 'column') {
    refused('an unknown sort column', 'no_such_column');
    refused('SQL as a sort column', 'id; drop table sys_user');
  }
  if (isTimeField(schema)) {
    refused('year 0', '0000-01-01');
    refused('year 0 in UTC by its offset', '0001-01-01T00:30:00+01:00');
    refused('year 10000 in UTC by its offset', '9999-12-31T23:00:00-05:00');
    refused('a day that does not exist', '2026-02-30');
    tolerated('the last day', '9999-12-31');
    tolerated('the last second', '9999-12-31T23:59:59Z');
    tolerated('the last month', '9999-12');
    tolerated('the first second of 1970', '1970-01-01T00:00:00Z');
  }
  if (kinds.includes('number')) {
    const n = (value: number | string) => (wire === 'json' ? Number(value) : String(value));
    refused('a number past 2^53', wire === 'json' ? 2 ** 53 + 2 : '99999999999999999999');
    refused('1e308', wire === 'json' ? 1e308 : '1e400');
    if (wire === 'text') refused('NaN', 'NaN');
    tolerated('-1', n(-1));
    tolerated('0', n(0));
    tolerated('1.5', n(1.5));
  }
  if (kinds.includes('boolean')) refused('neither true nor false', 'maybe');
  if (kinds.includes('array') && wire === 'json') refused('a list of 10,001 items', Array.from({ length: 10_001 }, () => 1));
  return bad;
}

/** Fields of an object schema and of the objects nested in it (as `items[0].name`), to a few levels. */
function fieldsOf(schema: ZodType, prefix: string[] = [], depth = 0): { path: string[]; schema: ZodType }[] {
  const shape = shapeOf(schema);
  if (!shape || depth > 2) return [];
  return Object.entries(shape).flatMap(([key, field]) => {
    const path = [...prefix, key];
    const nested = core(field);
    const def = defOf(nested);
    const inner = def.type === 'array' && def.element ? fieldsOf(def.element, [...path, '0'], depth + 1) : fieldsOf(nested, path, depth + 1);
    return [{ path, schema: field }, ...inner];
  });
}

/** `base` with the value at `path` replaced (or removed, for undefined), creating what lies between. */
function withValue(base: Record<string, unknown>, schema: ZodType, path: string[], value: unknown, wire: 'json' | 'text'): Record<string, unknown> {
  const copy = structuredClone(base);
  let target: Record<string, unknown> | unknown[] = copy;
  let current: ZodType | undefined = schema;
  for (const [index, key] of path.entries()) {
    const last = index === path.length - 1;
    const container = target as Record<string, unknown>;
    if (last) {
      if (value === undefined) delete container[key];
      else container[key] = value;
      break;
    }
    // the schema of the step below, to give it an example when the base lacks it
    const def: Def | undefined = current ? defOf(core(current)) : undefined;
    const next: ZodType | undefined = def?.type === 'object' ? def.shape?.[key] : def?.type === 'array' ? def.element : undefined;
    if (container[key] === undefined || container[key] === null || typeof container[key] !== 'object') {
      container[key] = (next ? example(next, wire) : undefined) ?? (path[index + 1] === '0' ? [{}] : {});
    }
    target = container[key] as Record<string, unknown>;
    current = next;
  }
  return copy;
}

/** Every case of one part (querystring, params or body) of a route. */
export function casesOf(part: Part, schema: ZodType): MalformedCase[] {
  const wire = part === 'body' ? 'json' : 'text';
  const base = baseOf(schema, wire) ?? {};
  const cases: MalformedCase[] = [];
  const push = (name: string, value: unknown, expect: Expectation) => cases.push({ name, part, value, expect });

  if (part === 'body') {
    for (const [name, value] of [['a list for the body', []], ['a string for the body', 'text'], ['a number for the body', 42], ['null for the body', null]] as const) push(name, value, 'refused');
    cases.push({ name: 'an object nested 10,000 deep', part, raw: deepObject, expect: 'refused' });
    cases.push({ name: 'a list nested 10,000 deep', part, raw: deepArray, expect: 'refused' });
    cases.push({ name: 'a body over the size limit', part, raw: OVER_THE_BODY_LIMIT, expect: 'refused' });
  }
  if (part !== 'params') push('an unknown field', { ...base, zz_unknown_field: 'x' }, 'refused');

  for (const { path, schema: field } of fieldsOf(schema)) {
    const label = path.join('.');
    if (isRequired(field) && path.length === 1) push(`${label}: missing`, withValue(base, schema, path, undefined, wire), 'refused');
    for (const bad of badValues(path.at(-1) ?? '', field, wire)) push(`${label}: ${bad.name}`, withValue(base, schema, path, bad.value, wire), bad.expect);
  }
  return cases;
}
