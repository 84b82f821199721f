import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/** Deeper than any request of the API nests (an order's items are three levels down). */
export const MAX_DEPTH = 32;

type Finding = { kind: 'nul' | 'deep'; path: string };

/**
 * The first string holding a NUL character in a parsed query or JSON body, or the first value nested
 * deeper than MAX_DEPTH. Walked with an explicit stack: a body of 1 MB can nest 250,000 levels, and a
 * recursive walk would overflow the call stack before the schema could refuse it.
 */
export function findUnstorable(value: unknown): Finding | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: current, path, depth } = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_DEPTH) return { kind: 'deep', path };
    const children: [string, unknown][] = Array.isArray(current)
      ? current.map((item: unknown, index) => [`${path}[${index}]`, item])
      : Object.entries(current).map(([key, item]) => [path ? `${path}.${key}` : key, item]);
    // pushed in reverse, so that the first field is looked at first and named first
    for (const [childPath, item] of children.reverse()) stack.push({ value: item, path: childPath, depth: depth + 1 });
  }
  return null;
}

async function refuseUnstorable(request: FastifyRequest): Promise<void> {
  const found = findUnstorable(request.query) ?? findUnstorable(request.body);
  if (!found) return;
  if (found.kind === 'deep') throw badRequest('validationInvalid', { field: 'body' });
  throw badRequest('validationInvalid', { field: found.path || 'body' });
}

// the open API too
const API = /^\/(api|platform-api|open)\//;

/**
 * PostgreSQL text cannot hold a NUL character: a parameter with one fails the query, which would be a
 * 500 for something the client sent. Every route under /api and /platform-api refuses it before its
 * schema runs, as an invalid value of the field that holds it, and refuses a body nested deeper than
 * any request is. Registered once, before the routes, in app.ts.
 */
export const nulGuardPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!API.test(route.url)) return;
      route.preValidation = [...[route.preValidation ?? []].flat(), refuseUnstorable];
    });
  },
  { name: 'nul-guard' },
);
