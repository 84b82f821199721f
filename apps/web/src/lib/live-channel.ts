import { buildUrl, requestHeaders } from './http.ts';
import { backoffMs, takeEvents, type ServerEvent } from './server-events.ts';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** What a refused connection means: the session no longer holds (401), or the stream is not for this user (403). */
export const STREAM_REFUSED = { signedOut: 401, forbidden: 403 } as const;

/**
 * The signed-in screen's live channel, GET /sys/announcement/stream (server-sent events: the unread announcements
 * and notices about the session), followed until `signal` aborts: each event goes to `onEvent`. Read with fetch,
 * because EventSource cannot send the session header. When the stream ends or fails, it reconnects with backoff;
 * the first event of every connection is the current unread count, so nothing published meanwhile is missed. A
 * refused connection ends it and goes to `onRefused` with its status.
 */
export async function followLiveChannel(onEvent: (event: ServerEvent) => void, onRefused: (status: number) => void, signal: AbortSignal): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    try {
      const response = await fetch(buildUrl('GET', '/sys/announcement/stream'), { headers: { ...requestHeaders(false), Accept: 'text/event-stream' }, cache: 'no-store', signal });
      if (response.status === STREAM_REFUSED.signedOut || response.status === STREAM_REFUSED.forbidden) {
        if (!signal.aborted) onRefused(response.status);
        return;
      }
      if (response.ok && response.body) {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const taken = takeEvents(buffer + value);
          buffer = taken.rest;
          for (const event of taken.events) {
            onEvent(event);
            attempt = 0;
          }
        }
      }
    } catch {
      // a network failure or the abort: the loop's condition decides
    }
    if (signal.aborted) return;
    attempt += 1;
    await sleep(backoffMs(attempt), signal);
  }
}
