/*
 * Reading server-sent events from a fetch body (EventSource cannot send the session header): the
 * text/event-stream format's blocks, split at blank lines, with their `event` and `data` fields.
 * Comment lines (the server's heartbeats) and `retry` carry no event. Pure, so that it is tested alone.
 */

export type ServerEvent = { event: string; data: string; id?: string };

/** The complete events at the start of `buffer`, and what is left for the next chunk. */
export function takeEvents(buffer: string): { events: ServerEvent[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ServerEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') {
        data.push(value);
        any = true;
      } else if (field === 'id') id = value;
    }
    if (any) events.push({ event, data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
  }
  return { events, rest };
}

/** How long to wait before the n-th reconnection (1 s, 2 s, 4 s ... 30 s at most), with some jitter so that a restarted server is not met by every client at once. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
