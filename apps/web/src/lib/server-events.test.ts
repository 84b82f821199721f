import { describe, expect, it } from 'vitest';
import { backoffMs, takeEvents } from './server-events.ts';

describe('server-sent events from a fetch body', () => {
  it('takes whole events, skips comments and retry, and keeps a partial one for the next chunk', () => {
    const { events, rest } = takeEvents('retry: 3000\n\n: ping\n\nid: 1\nevent: unread\ndata: {"count":2}\n\nid: 2\nevent: unr');
    expect(events).toEqual([{ event: 'unread', data: '{"count":2}', id: '1' }]);
    expect(rest).toBe('id: 2\nevent: unr');
    expect(takeEvents(`${rest}ead\ndata: {"count":3}\n\n`).events).toEqual([{ event: 'unread', data: '{"count":3}', id: '2' }]);
  });

  it('reads CRLF line ends and joins data lines', () => {
    expect(takeEvents('event: x\r\ndata: a\r\ndata: b\r\n\r\n').events).toEqual([{ event: 'x', data: 'a\nb' }]);
  });

  it('backs off from one second to thirty at most, with jitter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => backoffMs(n, middle))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffMs(1, () => 0)).toBe(800);
    expect(backoffMs(1, () => 1)).toBe(1200);
  });
});
