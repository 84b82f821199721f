import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../lib/idempotency.ts';

/**
 * Idempotency keys of a list's row actions (submit, cancel, delete): one per action on one record,
 * the same on a retry after a lost answer, a new one once it succeeded.
 */
export function useActionKeys(): { keyOf: (action: string) => string; done: (action: string) => void } {
  const keys = useRef(new Map<string, string>());
  const keyOf = useCallback((action: string) => {
    let key = keys.current.get(action);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(action, key);
    }
    return key;
  }, []);
  const done = useCallback((action: string) => void keys.current.delete(action), []);
  return { keyOf, done };
}
