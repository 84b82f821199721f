import type { Db } from '../../../db/client.ts';
import { loginLogs, visitLogs } from '../../../db/schema/auth.ts';
import { auditLogs } from '../../../db/schema/admin.ts';
import type { JobQueue } from '../../../lib/jobs.ts';
import { deleteOldBatch, tenantIds, type LogTable } from './repository.ts';

export const LOG_RETENTION_JOB = 'log-retention';
const BATCH = 5_000;

export type RetentionSettings = { LOG_RETENTION_DAYS: number; AUDIT_RETENTION_DAYS: number; LOG_RETENTION_CRON: string };
/** config.ts's defaults, for an app built without them (the tests) */
export const RETENTION_DEFAULTS: RetentionSettings = { LOG_RETENTION_DAYS: 180, AUDIT_RETENTION_DAYS: 1095, LOG_RETENTION_CRON: '30 3 * * *' };
export type RetentionResult = { login: number; visit: number; audit: number };

/**
 * Deletes the log rows past their retention (decision 0019): the sign-in and visit logs after
 * LOG_RETENTION_DAYS, the audit log after AUDIT_RETENTION_DAYS; tenant by tenant, batch by batch.
 */
export async function applyRetention(db: Db, settings: Pick<RetentionSettings, 'LOG_RETENTION_DAYS' | 'AUDIT_RETENTION_DAYS'>): Promise<RetentionResult> {
  const purge = async (table: LogTable, days: number) => {
    let total = 0;
    for (const tenantId of await tenantIds(db)) {
      for (;;) {
        const deleted = await deleteOldBatch(db, table, tenantId, days, BATCH);
        total += deleted;
        if (deleted < BATCH) break;
      }
    }
    return total;
  };
  return {
    login: await purge(loginLogs, settings.LOG_RETENTION_DAYS),
    visit: await purge(visitLogs, settings.LOG_RETENTION_DAYS),
    audit: await purge(auditLogs, settings.AUDIT_RETENTION_DAYS),
  };
}

/** The daily job on the queue; `log` hears what each run deleted. */
export function registerLogRetention(jobs: JobQueue, db: Db, settings: RetentionSettings, log: (result: RetentionResult) => void): void {
  jobs.register(
    LOG_RETENTION_JOB,
    async () => {
      log(await applyRetention(db, settings));
    },
    { cron: settings.LOG_RETENTION_CRON },
  );
}
