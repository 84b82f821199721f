import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX } from '@portal/shared/finance';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/finance.ts';
import { preparedOnce } from './prepared.ts';
import { type AppError, badRequest, conflict } from './errors.ts';

/*
 * Idempotency of a request that changes something (the wallet's money, a purchase, an open-API order), below
 * every domain: one row of fin_idempotency per tenant and key, claimed in the transaction of the work, the
 * first answer stored with it. Its writer is this file alone; the table stays with finance's in the schema.
 */

/**
 * The Idempotency-Key header: required, 1 to 100 visible ASCII characters. `refusal` is the 400 of a
 * missing or unusable one (the portal's unless told).
 */
export function idempotencyKey(request: FastifyRequest, refusal: () => AppError = () => badRequest('idempotencyKeyRequired')): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof value === 'string' ? value.trim() : '';
  if (!key || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) throw refusal();
  return key;
}

type KeyScope = { tenantId: number; userId: number; key: string };

/**
 * Runs `work` once per (tenant, key) in one transaction with what it changes. The same key and the same
 * request answers the first answer (also while the first is still running: the second waits for it);
 * the same key with another request is 409. A failure stores nothing, so a retry runs again.
 */
export async function once<T>(db: Db, scope: KeyScope & { route: string; body: unknown }, work: (tx: Db) => Promise<T>): Promise<T> {
  const requestHash = createHash('sha256')
    .update(scope.route)
    .update('\n')
    .update(JSON.stringify(scope.body ?? null))
    .digest('hex');
  for (let attempt = 1; ; attempt++) {
    try {
      return await onceInTransaction(db, scope, requestHash, work);
    } catch (error) {
      // a wallet's first posting creates its account; two such first postings may deadlock on each
      // other's new rows, and PostgreSQL then cancels one: it changed nothing, so it runs again
      if (attempt >= RETRIES || !isRetryable(error)) throw error;
    }
  }
}

const RETRIES = 3;
const isRetryable = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
};

async function onceInTransaction<T>(db: Db, scope: KeyScope, requestHash: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await claimKey(tx, scope, requestHash))) {
      const first = await firstAnswer(tx, scope);
      if (!first || first.requestHash !== requestHash) throw conflict('idempotencyKeyReused');
      return first.response as T;
    }
    const result = await work(tx);
    await storeAnswer(tx, scope, result);
    return result;
  });
}

// ------------------------------------------------------------------ the queries

/** Takes the key for this request; false when it was taken before (by this request or another). */
async function claimKey(tx: Db, scope: KeyScope, requestHash: string): Promise<boolean> {
  const inserted = await claim(tx).execute({ tenantId: scope.tenantId, key: scope.key, userId: scope.userId, requestHash });
  return Boolean(inserted[0]);
}
// every idempotent request sends the claim and the answer: prepared once
const claim = preparedOnce((db) =>
  db
    .insert(idempotencyKeys)
    .values({ tenantId: sql.placeholder('tenantId'), key: sql.placeholder('key'), userId: sql.placeholder('userId'), requestHash: sql.placeholder('requestHash') })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_claim'),
);
const store = preparedOnce((db) =>
  db
    .update(idempotencyKeys)
    .set({ response: sql.placeholder('response') })
    .where(and(eq(idempotencyKeys.tenantId, sql.placeholder('tenantId')), eq(idempotencyKeys.key, sql.placeholder('key'))))
    .prepare('idempotency_answer'),
);

async function firstAnswer(tx: Db, scope: KeyScope): Promise<{ requestHash: string; response: unknown } | undefined> {
  const [first] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, scope.key)));
  return first;
}

async function storeAnswer(tx: Db, scope: KeyScope, response: unknown): Promise<void> {
  await store(tx).execute({ response, tenantId: scope.tenantId, key: scope.key });
}
