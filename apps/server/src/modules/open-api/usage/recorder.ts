import type { ApiStatsType } from '@portal/shared/usage-statistics';
import type { Db } from '../../../db/client.ts';
import { serverDay } from '../../../lib/server-day.ts';
import { addCounts, bucketOf, emptyCounts, type ApiCounts } from './model.ts';
import { addApiCallCounts, type ApiCallCountRow } from './repository.ts';

/*
 * The counting of open-API calls (decision 0030). A call adds a few integers to its cell in memory, one
 * cell per (tenant, day, key, operation); every `flushMs` the cells are handed over and added to
 * api_call_stat by one upsert, and a last time when the app closes. The request never waits for the
 * database. A crash loses at most the last `flushMs` of counts. Memory is bounded: past `maxCells` cells
 * waiting, a call of a new cell is not counted (`dropped` says how many).
 */

export type ApiCall = { tenantId: number; keyId: number; apiType: ApiStatsType; statusCode: number; elapsedMs: number };

export type UsageRecorderOptions = {
  flushMs?: number;
  maxCells?: number;
  onError?: (error: unknown, cells: number) => void;
};

type Cell = ApiCounts & { tenantId: number; keyId: number; apiType: string; day: string };

export class UsageRecorder {
  private cells = new Map<string, Cell>();
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly maxCells: number;
  private closed = false;
  /** calls not counted because memory was full or the recorder closed */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly options: UsageRecorderOptions = {},
  ) {
    this.maxCells = options.maxCells ?? 50_000;
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? 5_000);
    // the timer alone never keeps the process up
    this.timer.unref();
  }

  /** Counts one call; never waits and never throws. */
  record(call: ApiCall, now: Date = new Date()): void {
    if (this.closed) {
      this.dropped++;
      return;
    }
    const day = serverDay(now);
    const id = `${call.tenantId}|${day}|${call.keyId}|${call.apiType}`;
    let cell = this.cells.get(id);
    if (!cell) {
      if (this.cells.size >= this.maxCells) {
        this.dropped++;
        return;
      }
      cell = { tenantId: call.tenantId, keyId: call.keyId, apiType: call.apiType, day, ...emptyCounts() };
      this.cells.set(id, cell);
    }
    cell.calls++;
    if (call.statusCode >= 400 && call.statusCode < 500) cell.clientErrors++;
    if (call.statusCode >= 500) cell.serverErrors++;
    if (call.statusCode === 429) cell.throttled++;
    cell.latencyMsSum += call.elapsedMs;
    const bucket = bucketOf(call.elapsedMs);
    cell.latencyBuckets[bucket] = (cell.latencyBuckets[bucket] ?? 0) + 1;
  }

  /** Cells waiting to be written. */
  get waiting(): number {
    return this.cells.size;
  }

  /** Adds what was counted to the table; one write at a time. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.cells.size === 0) return;
      const taken = this.cells;
      this.cells = new Map();
      const rows: ApiCallCountRow[] = [...taken.values()].map((cell) => ({ ...cell, latencyMsSum: Math.round(cell.latencyMsSum) }));
      try {
        await addApiCallCounts(this.db, rows);
      } catch (error) {
        // the counts go back for the next flush while memory allows (a database away for a moment loses nothing)
        if (!this.closed) for (const [id, cell] of taken) this.putBack(id, cell);
        this.options.onError?.(error, taken.size);
      }
    });
    return this.writing;
  }

  private putBack(id: string, cell: Cell): void {
    const current = this.cells.get(id);
    if (current) addCounts(current, cell);
    else if (this.cells.size < this.maxCells) this.cells.set(id, cell);
    else this.dropped += cell.calls;
  }

  /** Counts no more and writes the last counts. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }
}
