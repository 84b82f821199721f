import { z } from 'zod';

/**
 * A GET query: the named fields and nothing else, but the `_t` cache-buster every GET of the spec's
 * client carries is accepted and ignored.
 */
export function getQuery<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject({ ...shape, _t: z.string().max(20).optional() });
}
