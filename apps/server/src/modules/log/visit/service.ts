import type { Db } from '../../../db/client.ts';
import { BatchWriter } from '../../../lib/batch-writer.ts';
import { insertVisits, type VisitRow } from './repository.ts';

/** Page views one session may record a minute: a person opens a few pages a minute, a loop many. */
export const VISITS_PER_SESSION_MINUTE = 30;

export type VisitOptions = { flushMs?: number };

/**
 * Records visits (decision 0019: a page view of the signed-in app, reported when a menu page opens)
 * without making a request wait: the row goes into a BatchWriter, written every two seconds. A session
 * past its rate this minute is not counted (a tab stuck in a loop must not fill the log).
 */
export class VisitService {
  private readonly writer: BatchWriter<VisitRow>;
  private minute = 0;
  private perSession = new Map<string, number>();

  constructor(db: Db, onError: (error: unknown, dropped: number) => void, options: VisitOptions = {}) {
    this.writer = new BatchWriter<VisitRow>({ write: (rows) => insertVisits(db, rows), onError, flushMs: options.flushMs ?? 2_000 });
  }

  /** True when the visit was counted. */
  record(session: string, visit: { tenantId: number; userId: number; path: string; ip: string }, now = Date.now()): boolean {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      // one map per minute: it never holds more than this minute's sessions
      this.minute = minute;
      this.perSession = new Map();
    }
    const count = this.perSession.get(session) ?? 0;
    if (count >= VISITS_PER_SESSION_MINUTE) return false;
    this.perSession.set(session, count + 1);
    return this.writer.push({ ...visit, ip: visit.ip.slice(0, 64), createdAt: new Date(now) });
  }

  get waiting(): number {
    return this.writer.waiting;
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  close(): Promise<void> {
    return this.writer.close();
  }
}
