import type { Envelope } from '@portal/shared/api';

export function envelope<T>(result: T, message: string, success = true, code = 200): Envelope<T> {
  return { success, message, code, result, timestamp: Date.now() };
}

const bytesOf = new WeakMap<object, Buffer>();

/**
 * Marks a result that is never mutated once built (cached dictionaries, menu trees): its JSON is
 * encoded once, and every answer carrying it copies those bytes instead of serialising it again.
 */
export function immutable<T extends object>(value: T): T {
  bytesOf.set(value, Buffer.from(JSON.stringify(value)));
  return value;
}

/** The last answer assembled around each cached result: answers of the same millisecond share its bytes. */
const assembled = new WeakMap<object, { key: string; bytes: Buffer }>();

/**
 * The serializer of every JSON answer (types are checked at compile time, so no second validation).
 * Fastify sends a Buffer as it is, which spares encoding a large cached result on every request; the
 * envelope around it differs only by its message and timestamp, so the answers of one millisecond (a busy
 * server's several) are one Buffer, assembled once and never changed after.
 */
export function serialize(data: unknown): string | Buffer {
  if (typeof data === 'object' && data !== null && 'result' in data && 'timestamp' in data) {
    const { success, message, code, result, timestamp } = data as Envelope<unknown>;
    const bytes = typeof result === 'object' && result !== null ? bytesOf.get(result) : undefined;
    if (bytes !== undefined) {
      const key = `${timestamp}|${code}|${success}|${message}`;
      const last = assembled.get(result as object);
      if (last?.key === key) return last.bytes;
      const answer = Buffer.concat([
        Buffer.from(`{"success":${success},"message":${JSON.stringify(message)},"code":${code},"result":`),
        bytes,
        Buffer.from(`,"timestamp":${timestamp}}`),
      ]);
      assembled.set(result as object, { key, bytes: answer });
      return answer;
    }
  }
  return JSON.stringify(data);
}
