import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client.ts';

/*
 * The one job queue of the server (DESIGN §6, docs/decisions/0019): pg-boss, whose jobs are rows in the
 * database (schema `pgboss`, created and migrated by pg-boss itself), so a killed server loses none; on
 * PostgreSQL through a small pool of its own, on the embedded PGlite through its one connection. Modules
 * register their handlers (and a schedule) before start; main.ts starts the queue, and the app's close
 * stops it, waiting for the jobs at work.
 */

export type JobHandler<T extends object> = (data: T) => Promise<unknown>;

/** How a kind of job is worked; the defaults (one job at a time, pg-boss's expiry of 15 minutes) suit the periodic jobs. */
export type RegisterOptions = {
  cron?: string;
  retryLimit?: number;
  /** a job still active after this long is expired (and retried): the longest one job may take */
  expireInSeconds?: number;
  /** jobs fetched at once and worked side by side (several deliveries at once on one server) */
  batchSize?: number;
  /** how often an idle worker looks for jobs (otherwise the queue's own polling, or every 30 s for a kind with a schedule) */
  pollingSeconds?: number;
  /** workers of this kind on this server, each with its own batch (one batch's slowest job does not hold up the other) */
  workers?: number;
};

type Registration = { name: string; handler: JobHandler<object>; cron?: string; retryLimit: number; expireInSeconds?: number; batchSize: number; pollingSeconds?: number; workers: number };

/**
 * How often an idle worker of a scheduled kind looks for jobs. Its jobs come from its schedule (a minute apart at
 * the finest) or from `send` on this server, which wakes it; each look is a query, and on the embedded database the
 * looks of every kind every 2 s were most of an idle portal's CPU.
 */
const SCHEDULED_POLLING_SECONDS = 30;

/** The server's own zone: a schedule "every day at 03:30" means 03:30 where the server is. */
const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** PGlite as pg-boss's `db`: one statement with parameters, or several without (its migrations). */
function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

export class JobQueue {
  readonly boss: PgBoss;
  private readonly registrations: Registration[] = [];
  private started = false;
  private readonly workerIds = new Map<string, string[]>();
  private readonly startedListeners: (() => Promise<void>)[] = [];

  constructor(database: Pick<Database, 'kind' | 'url' | 'pglite'>, onError: (error: Error) => void, private readonly pollingSeconds = 2) {
    const common = { schema: 'pgboss', supervise: true, schedule: true, migrate: true } as const;
    if (database.kind === 'pglite') {
      if (!database.pglite) throw new Error('job queue: the embedded database has no client');
      this.boss = new PgBoss({ ...common, db: pgliteExecutor(database.pglite) });
    } else {
      if (!database.url) throw new Error('job queue: PostgreSQL without an address');
      // two connections: polling and the occasional maintenance; the app's pool stays the app's
      this.boss = new PgBoss({ ...common, connectionString: database.url, max: 2, application_name: 'portal-jobs' });
    }
    this.boss.on('error', onError);
  }

  /** A kind of job and who does it; with `cron`, pg-boss also sends one on that schedule (server time zone). */
  register<T extends object>(name: string, handler: JobHandler<T>, options: RegisterOptions = {}): void {
    if (this.started) throw new Error(`job queue: ${name} registered after start`);
    this.registrations.push({
      name,
      handler: handler as JobHandler<object>,
      cron: options.cron,
      retryLimit: options.retryLimit ?? 3,
      expireInSeconds: options.expireInSeconds,
      batchSize: options.batchSize ?? 1,
      pollingSeconds: options.pollingSeconds,
      workers: options.workers ?? 1,
    });
  }

  /** Work to do once the queue runs (after every handler is in place), e.g. a first hand-off of jobs. */
  onStarted(listener: () => Promise<void>): void {
    this.startedListeners.push(listener);
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const registration of this.registrations) {
      const expiry = registration.expireInSeconds === undefined ? {} : { expireInSeconds: registration.expireInSeconds };
      await this.boss.createQueue(registration.name, { name: registration.name, retryLimit: registration.retryLimit, retryBackoff: true, ...expiry });
      // createQueue leaves an existing queue as it was: its expiry follows the current setting
      if (registration.expireInSeconds !== undefined) await this.boss.updateQueue(registration.name, { name: registration.name, retryLimit: registration.retryLimit, retryBackoff: true, ...expiry });
      const batchSize = registration.batchSize;
      const ids: string[] = [];
      for (let worker = 0; worker < registration.workers; worker++) {
        const pollingIntervalSeconds = registration.pollingSeconds ?? (registration.cron ? SCHEDULED_POLLING_SECONDS : this.pollingSeconds);
        const workerId: string = await this.boss.work<object>(registration.name, { pollingIntervalSeconds, batchSize }, async (jobs) => {
          if (batchSize === 1) {
            for (const job of jobs) await registration.handler(job.data);
            return;
          }
          await Promise.all(jobs.map((job) => registration.handler(job.data)));
          // a full batch: there are probably more, so fetch again at once rather than after the polling interval
          if (jobs.length === batchSize) this.boss.notifyWorker(workerId);
        });
        ids.push(workerId);
      }
      this.workerIds.set(registration.name, ids);
      if (registration.cron) await this.boss.schedule(registration.name, registration.cron, {}, { tz: serverTimeZone() });
      else await this.boss.unschedule(registration.name);
    }
    for (const listener of this.startedListeners) await listener();
  }

  /** Queues one job (now, or at `startAfter`); its id, to follow it with `state`. */
  async send<T extends object>(name: string, data: T, options: { startAfter?: Date } = {}): Promise<string> {
    const id = await this.boss.send(name, data, options.startAfter ? { startAfter: options.startAfter } : {});
    if (!id) throw new Error(`job queue: ${name} was not queued`);
    // due now: this server's worker takes it now rather than at its next look
    if (!options.startAfter) this.wake(name);
    return id;
  }

  /** Many jobs of one kind in one statement (the relay hands deliveries by the hundred), then wakes the worker. */
  async sendMany<T extends object>(name: string, jobs: readonly { data: T; startAfter?: Date }[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(jobs.map((job) => ({ name, data: job.data, ...(job.startAfter ? { startAfter: job.startAfter } : {}) })));
    this.wake(name);
  }

  /** Tells this server's worker of `name` to look for jobs now rather than at its next poll. */
  wake(name: string): void {
    if (!this.started) return;
    for (const workerId of this.workerIds.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  /** Where a job is: created, retry, active, completed, cancelled, failed (undefined once archived away). */
  async state(name: string, id: string): Promise<string | undefined> {
    return (await this.boss.getJobById(name, id, { includeArchive: true }))?.state;
  }

  /** Stops taking jobs and waits for those at work (a job cut short is retried by whichever server starts next). */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
