import type { Envelope } from '@portal/shared/api';

export function envelope<T>(result: T, message: string, success = true, code = 200): Envelope<T> {
  return { success, message, code, result, timestamp: Date.now() };
}
