import type { Envelope } from '@portal/shared/api';

export function envelope<T>(result: T, message: string, success = true, code = 200): Envelope<T> {
  return { success, message, code, result, timestamp: Date.now() };
}

const jsonOf = new WeakMap<object, string>();

/**
 * Marks a result that is never mutated once built (cached dictionaries, menu trees): its JSON is made
 * once, and every answer carrying it splices that text instead of serialising it again.
 */
export function immutable<T extends object>(value: T): T {
  jsonOf.set(value, JSON.stringify(value));
  return value;
}

/** The serializer of every JSON answer: types are checked at compile time, so no second validation. */
export function serialize(data: unknown): string {
  if (typeof data === 'object' && data !== null && 'result' in data && 'timestamp' in data) {
    const { success, message, code, result, timestamp } = data as Envelope<unknown>;
    const json = typeof result === 'object' && result !== null ? jsonOf.get(result) : undefined;
    if (json !== undefined) {
      return `{"success":${success},"message":${JSON.stringify(message)},"code":${code},"result":${json},"timestamp":${timestamp}}`;
    }
  }
  return JSON.stringify(data);
}
