import type { UnreadSummary } from '@portal/shared/announcement';
import { ANNOUNCEMENT_STREAM_EVENT } from '@portal/shared/announcement';
import { buildUrl, requestHeaders } from '../../../lib/http.ts';
import { backoffMs, takeEvents } from '../server-events.ts';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * GET /sys/announcement/stream, followed until `signal` aborts: each `unread` event goes to `onSummary`.
 * Read with fetch, because EventSource cannot send the session header. When the stream ends or fails,
 * it reconnects with backoff; the first event of every connection is the current count, so nothing
 * published meanwhile is missed. A refused session (401, 403) ends it: the next ordinary call signs out.
 */
export async function followAnnouncements(onSummary: (summary: UnreadSummary) => void, signal: AbortSignal): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    try {
      const response = await fetch(buildUrl('GET', '/sys/announcement/stream'), { headers: { ...requestHeaders(false), Accept: 'text/event-stream' }, cache: 'no-store', signal });
      if (response.status === 401 || response.status === 403) return;
      if (response.ok && response.body) {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const taken = takeEvents(buffer + value);
          buffer = taken.rest;
          for (const event of taken.events) {
            if (event.event !== ANNOUNCEMENT_STREAM_EVENT) continue;
            onSummary(JSON.parse(event.data) as UnreadSummary);
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
