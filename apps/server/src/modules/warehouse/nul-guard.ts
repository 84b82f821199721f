import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';

/** The path of the first string holding a NUL character, in a parsed query or JSON body. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character: a parameter with one fails the query, which would be a
 * 500 for something the client sent. The routes of the plugin this is added to refuse it first, as an
 * invalid value of the field that holds it.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = nulPath(request.query, '') ?? nulPath(request.body, '');
    if (field !== null) throw badRequest('validationInvalid', { field: field || 'body' });
  });
}
