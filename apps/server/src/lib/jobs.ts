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

type Registration = { name: string; handler: JobHandler<object>; cron?: string; retryLimit: number };

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
  register<T extends object>(name: string, handler: JobHandler<T>, options: { cron?: string; retryLimit?: number } = {}): void {
    if (this.started) throw new Error(`job queue: ${name} registered after start`);
    this.registrations.push({ name, handler: handler as JobHandler<object>, cron: options.cron, retryLimit: options.retryLimit ?? 3 });
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const registration of this.registrations) {
      await this.boss.createQueue(registration.name, { name: registration.name, retryLimit: registration.retryLimit, retryBackoff: true });
      await this.boss.work<object>(registration.name, { pollingIntervalSeconds: this.pollingSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await registration.handler(job.data);
      });
      if (registration.cron) await this.boss.schedule(registration.name, registration.cron, {}, { tz: serverTimeZone() });
      else await this.boss.unschedule(registration.name);
    }
  }

  /** Queues one job (now, or at `startAfter`); its id, to follow it with `state`. */
  async send<T extends object>(name: string, data: T, options: { startAfter?: Date } = {}): Promise<string> {
    const id = await this.boss.send(name, data, options.startAfter ? { startAfter: options.startAfter } : {});
    if (!id) throw new Error(`job queue: ${name} was not queued`);
    return id;
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
