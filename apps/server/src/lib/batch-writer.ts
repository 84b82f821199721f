/*
 * Rows kept in memory and written in batches off the request path (the visit log, decision 0019): a
 * request only pushes into an array; a timer writes what is there every `flushMs`, at once when
 * `batchSize` rows wait, and a last time on close. A crash loses what waited (at most `flushMs` of rows);
 * a database that cannot be written stops nothing: past `maxRows` waiting, new rows are dropped.
 */

export type BatchWriterOptions<T> = {
  write(rows: T[]): Promise<void>;
  onError(error: unknown, dropped: number): void;
  flushMs: number;
  batchSize?: number;
  maxRows?: number;
};

export class BatchWriter<T> {
  private rows: T[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  private readonly batchSize: number;
  private readonly maxRows: number;

  constructor(private readonly options: BatchWriterOptions<T>) {
    this.batchSize = options.batchSize ?? 500;
    this.maxRows = options.maxRows ?? 20_000;
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    // a timer alone never keeps the process up
    this.timer.unref();
  }

  /** False when the row was not kept (closed, or too many waiting). Never waits for the database. */
  push(row: T): boolean {
    if (this.closed || this.rows.length >= this.maxRows) return false;
    this.rows.push(row);
    if (this.rows.length >= this.batchSize) void this.flush();
    return true;
  }

  /** How many rows wait to be written. */
  get waiting(): number {
    return this.rows.length;
  }

  /** Writes what waits now; one write at a time, in the order the rows came. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      while (this.rows.length > 0) {
        const batch = this.rows.splice(0, this.batchSize);
        try {
          await this.options.write(batch);
        } catch (error) {
          this.options.onError(error, batch.length);
        }
      }
    });
    return this.writing;
  }

  /** Takes no more rows and writes the last ones. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }
}
