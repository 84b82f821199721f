import { useCallback, useState } from 'react';

/**
 * Money-moving calls carry an Idempotency-Key (docs/finance.md): one key per user action, the same on
 * every retry of it, so a double click or a lost answer never pays twice. getRandomValues, not
 * randomUUID: the latter exists only on https pages and localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A key that lives as long as the form or dialog of one action; `renew` after that action succeeded. */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
