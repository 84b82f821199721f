import pg from 'pg';
import type { Database, Db } from '../../../db/client.ts';
import type { HeldRights, HeldRows } from '../../auth/access/holder.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import type { JobQueue } from '../../../lib/jobs.ts';
import { LISTEN_PUSH, PUSH_CHANNEL } from '../../../lib/outbox.ts';
import type { PushSettings } from '../settings.ts';
import { dueDeliveries, type DeliveryKey } from './repository.ts';
import { deliverOnce, leaseMsOf, type DeliveryOptions, type DeliveryResult } from './service.ts';

/*
 * From the outbox to the job queue (docs/decisions/0026-durable-message-push.md). The outbox NOTIFYs
 * portal_push at commit; the relay hears it (a connection of its own on PostgreSQL, PGlite's listen on the
 * embedded database), waits a moment for more, and hands the due deliveries to pg-boss as push-deliver jobs.
 * A NOTIFY missed (a server killed between commit and hand-off, a listener reconnecting) costs at most one
 * sweep interval and the sweep worker's next look (lib/jobs.ts): the sweep job hands whatever is overdue and
 * not leased. Jobs may be duplicated: the worker's lease makes the second one a no-op.
 */

export const PUSH_DELIVER_JOB = 'push-deliver';
export const PUSH_SWEEP_JOB = 'push-sweep';
const PAGE = 500;

type Log = { info(detail: object, message: string): void; error(detail: object, message: string): void };

export class PushRelay {
  /** deliveries this server handed lately: the job's time, and until when that hand-off is trusted (not handed again) */
  private readonly handed = new Map<string, { at: number; until: number }>();
  private debounce: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private closed = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly attemptListeners: ((outcome: string) => void)[] = [];

  constructor(
    private readonly database: Pick<Database, 'db' | 'kind' | 'url' | 'pglite'>,
    private readonly jobs: JobQueue,
    private readonly settings: PushSettings,
    private readonly options: DeliveryOptions,
    private readonly log: Log,
    private readonly holder: { rights: HeldRights; rows: HeldRows },
    private readonly bus?: CacheBus,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  /** How long a hand-off is trusted before the sweep hands the delivery again. */
  private get trustMs(): number {
    return Math.max(2 * (this.options.sweepIntervalMs ?? 60_000), leaseMsOf(this.settings, this.options));
  }

  /** The jobs: the delivery worker, and the sweep (pg-boss's cron every minute unless an interval is given). */
  register(): void {
    const expireInSeconds = this.options.expireInSeconds ?? Math.ceil(leaseMsOf(this.settings, this.options) / 1000);
    this.jobs.register<DeliveryKey>(PUSH_DELIVER_JOB, (key) => this.work(key), { retryLimit: 2, expireInSeconds, batchSize: this.options.batchSize, workers: this.options.workers, pollingSeconds: this.options.pollingSeconds });
    this.jobs.register(PUSH_SWEEP_JOB, () => this.sweep(false), this.options.sweepIntervalMs === null ? { cron: '* * * * *', retryLimit: 0 } : { retryLimit: 0 });
    this.jobs.onStarted(() => this.start());
  }

  /** Once the queue runs: listen, sweep everything once (leases of a server that died included), keep sweeping. */
  async start(): Promise<void> {
    if (this.closed) return;
    await this.listen();
    await this.sweep(true);
    const interval = this.options.sweepIntervalMs;
    if (interval !== null) {
      this.sweepTimer = setInterval(() => void this.sweep(false).catch((error: unknown) => this.log.error({ err: error }, 'push sweep failed')), interval);
      this.sweepTimer.unref();
    }
  }

  private async listen(): Promise<void> {
    const onNotice = () => this.poke();
    if (this.database.kind === 'pglite') {
      if (!this.database.pglite) throw new Error('push relay: the embedded database has no client');
      this.unlisten = await this.database.pglite.listen(PUSH_CHANNEL, onNotice);
      return;
    }
    if (!this.database.url) throw new Error('push relay: PostgreSQL without an address');
    const client = new pg.Client({ connectionString: this.database.url, application_name: 'portal-push-relay' });
    // a lost listener is not fatal: the sweep still hands everything over, a minute later
    client.on('error', (error) => this.log.error({ err: error }, 'push relay listener'));
    client.on('notification', (note) => {
      if (note.channel === PUSH_CHANNEL) onNotice();
    });
    await client.connect();
    await client.query(LISTEN_PUSH);
    this.unlisten = () => client.end();
  }

  /** A commit wrote deliveries: hand them over shortly, once for a burst of commits. */
  poke(): void {
    if (this.closed || this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.handOff().catch((error: unknown) => this.log.error({ err: error }, 'push hand-off failed'));
    }, this.options.debounceMs);
  }

  /** The due deliveries nobody holds and this server has not handed yet, to the queue; one pass at a time. */
  private handOff(): Promise<void> {
    if (this.again) return this.running;
    this.again = true;
    this.running = this.running.then(async () => {
      this.again = false;
      await this.hand({ overdueMs: 0, includeLeased: false, skipHanded: true });
    });
    return this.running;
  }

  /** Whatever is overdue and not leased (at start: also what a dead server held), handed again. */
  async sweep(atStart: boolean): Promise<number> {
    if (this.closed) return 0;
    const now = Date.now();
    for (const [key, entry] of this.handed) if (entry.until < now) this.handed.delete(key);
    return this.hand({ overdueMs: 0, includeLeased: atStart, skipHanded: !atStart });
  }

  private async hand(options: { overdueMs: number; includeLeased: boolean; skipHanded: boolean }): Promise<number> {
    let after: { at: Date; tenantId: number; id: number } | undefined;
    let total = 0;
    for (;;) {
      if (this.closed) return total;
      const page = await dueDeliveries(this.db, { overdueMs: options.overdueMs, includeLeased: options.includeLeased, limit: PAGE, after });
      const last = page[page.length - 1];
      if (!last) return total;
      after = { at: last.nextAttemptAt, tenantId: last.tenantId, id: last.deliveryId };
      const now = Date.now();
      // skipped: a delivery whose job this server handed lately for now or earlier; handed again: one whose job
      // waits for a later time (a replay brought it forward) or is old enough to have been lost
      const fresh = page.filter((entry) => {
        const known = this.handed.get(keyOf(entry));
        return !options.skipHanded || !known || known.until < now || known.at > now;
      });
      await this.jobs.sendMany(
        PUSH_DELIVER_JOB,
        fresh.map((entry) => ({ data: { tenantId: entry.tenantId, deliveryId: entry.deliveryId }, ...(entry.lockedUntil && entry.lockedUntil.getTime() > now ? { startAfter: entry.lockedUntil } : {}) })),
      );
      for (const entry of fresh) {
        const at = Math.max(now, entry.lockedUntil?.getTime() ?? 0);
        this.handed.set(keyOf(entry), { at, until: at + this.trustMs });
      }
      total += fresh.length;
      if (page.length < PAGE) return total;
    }
  }

  /** The worker: one attempt; a retry is handed to the queue for its time at once. */
  async work(key: DeliveryKey): Promise<DeliveryResult> {
    this.handed.delete(keyOf(key));
    const result = await deliverOnce({ db: this.db, settings: this.settings, options: this.options, rights: this.holder.rights, rows: this.holder.rows, ...(this.bus ? { bus: this.bus } : {}) }, key);
    if (result.kind === 'attempted' && result.status === 'PENDING' && result.nextAttemptAt && !this.closed) {
      await this.jobs.send(PUSH_DELIVER_JOB, key, { startAfter: result.nextAttemptAt });
      const at = result.nextAttemptAt.getTime();
      this.handed.set(keyOf(key), { at, until: at + this.trustMs });
    }
    if (result.kind === 'attempted' && result.endpointDisabled) this.log.info({ ...key, reason: result.endpointDisabled }, 'push endpoint disabled');
    if (result.kind === 'attempted') for (const listener of this.attemptListeners) listener(result.outcome);
    return result;
  }

  /** Tells `listener` the outcome of every attempt this server makes (the operators' metrics). */
  onAttempt(listener: (outcome: string) => void): void {
    this.attemptListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.debounce) clearTimeout(this.debounce);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.running.catch(() => undefined);
    await this.unlisten?.().catch(() => undefined);
  }
}

const keyOf = (key: DeliveryKey) => `${key.tenantId}:${key.deliveryId}`;

/** The relay and its jobs on the app's queue (app.ts, when the app has one). */
export function registerPushDelivery(database: Database, jobs: JobQueue, settings: PushSettings, options: DeliveryOptions, log: Log, holder: { rights: HeldRights; rows: HeldRows }, bus?: CacheBus): PushRelay {
  const relay = new PushRelay(database, jobs, settings, options, log, holder, bus);
  relay.register();
  return relay;
}
