import { and, eq } from 'drizzle-orm';
import type { PushMessageType, PushType } from '@portal/shared/open-api';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { pushEndpoints } from '../../src/db/schema/open-api.ts';
import { users } from '../../src/db/schema/sys.ts';
import { JobQueue } from '../../src/lib/jobs.ts';
import { DEVELOPMENT_SECRET_KEY, encryptSecret } from '../../src/lib/secret-box.ts';
import { emitPushEvent, queueMessage } from '../../src/lib/outbox.ts';
import { createTestDatabase, testConfig, type TestDatabase } from './test-app.ts';
import type { Db } from '../../src/db/client.ts';
import { referenceChanged } from '../../src/lib/reference-memory.ts';

/*
 * The whole delivery path in a test: the app with its job queue started (relay, worker, sweep), on a fresh
 * demo database, with a schedule of milliseconds instead of hours.
 */

export const FAST_DELIVERY: NonNullable<AppOptions['pushDelivery']> = {
  scheduleMs: [300, 600],
  sweepIntervalMs: 500,
  pollingSeconds: 0.5,
  debounceMs: 10,
  leaseMarginMs: 1500,
  batchSize: 8,
};

export type DeliveryHarness = { app: Awaited<ReturnType<typeof buildApp>>; db: Db; testDatabase: TestDatabase; jobs: JobQueue; errors: Error[]; close(): Promise<void> };

/** The delivery apps' answer deadline; a test's slow receiver answers after it. */
export const PUSH_TEST_TIMEOUT_MS = 3000;

export async function startDeliveryApp(options: { config?: Partial<AppOptions['config']>; pushDelivery?: AppOptions['pushDelivery'] } = {}): Promise<DeliveryHarness> {
  const testDatabase = await createTestDatabase();
  const errors: Error[] = [];
  const jobs = new JobQueue(testDatabase.database, (error) => errors.push(error), 0.5);
  const app = await buildApp({
    // the same key and rule on both engines: the endpoints below are sealed with the development key, the receiver is on 127.0.0.1.
    // The answer deadline leaves room for a loaded machine: an answer sent at once must never count as TIMEOUT.
    config: { ...testConfig, PUSH_TIMEOUT_MS: PUSH_TEST_TIMEOUT_MS, PUSH_SECRET_KEY: DEVELOPMENT_SECRET_KEY.toString('hex'), PUSH_ALLOW_PRIVATE_TARGETS: true, ...options.config },
    database: testDatabase.database,
    logger: false,
    jobs,
    pushDelivery: { ...FAST_DELIVERY, ...options.pushDelivery },
  });
  await app.ready();
  await jobs.start();
  return {
    app,
    db: testDatabase.database.db,
    testDatabase,
    jobs,
    errors,
    async close() {
      await app.close();
      await testDatabase.drop();
    },
  };
}

/**
 * An endpoint written as the endpoints screen would (its secret sealed under the development key, slot
 * push:<id>), held by the tenant's main account unless `holderId` says otherwise.
 */
export async function insertEndpoint(
  db: Db,
  values: { tenantId: number; url: string; secret: string; eventTypes?: PushType[]; enabled?: boolean; previousSecret?: string; previousSecretUntil?: Date; failingSince?: Date; holderId?: number },
): Promise<number> {
  const [main] = await db.select({ id: users.id }).from(users).where(and(eq(users.defaultTenantId, values.tenantId), eq(users.mainAccount, true))).limit(1);
  const [row] = await db
    .insert(pushEndpoints)
    .values({ tenantId: values.tenantId, holderId: values.holderId ?? main?.id ?? null, url: values.url, eventTypes: values.eventTypes ?? ['ORDER_STATUS'], secretEnc: 'pending', enabled: values.enabled ?? true, failingSince: values.failingSince ?? null, ...(values.enabled === false ? { disabledReason: 'MANUAL' as const, disabledAt: new Date() } : {}) })
    .returning({ id: pushEndpoints.id });
  if (!row) throw new Error('no endpoint');
  const slot = `push:${row.id}`;
  await db
    .update(pushEndpoints)
    .set({
      secretEnc: encryptSecret(DEVELOPMENT_SECRET_KEY, slot, values.secret),
      ...(values.previousSecret ? { previousSecretEnc: encryptSecret(DEVELOPMENT_SECRET_KEY, slot, values.previousSecret), previousSecretUntil: values.previousSecretUntil ?? null } : {}),
    })
    .where(and(eq(pushEndpoints.tenantId, values.tenantId), eq(pushEndpoints.id, row.id)));
  // written behind the app's back: the apps on this database forget the tenant's endpoints
  await referenceChanged(db, `pushEndpoints:${values.tenantId}`);
  return row.id;
}

/** An event of a flow, through the outbox in its own transaction (as the flows do). */
export const emit = (db: Db, tenantId: number, type: PushType, data: Record<string, unknown>) => db.transaction((tx: Db) => emitPushEvent(tx, { tenantId, type, data }));

/** A message to named endpoints, enabled or not (the test event's way). */
export const queueTo = (db: Db, tenantId: number, type: PushMessageType, data: Record<string, unknown>, endpointIds: number[]) => db.transaction((tx: Db) => queueMessage(tx, tenantId, type, data, endpointIds));
