import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { idempotencyKey, once } from '../../../lib/idempotency.ts';
import type { ApiKeyCaller } from '../access/service.ts';

/*
 * Idempotency of the open API's creates and cancels: the kernel's `once` (one row of fin_idempotency per
 * tenant and key, claimed in the transaction of the work, the first answer stored with it). Its key is
 * scoped by the API key: "api:" and the sha-256 of the key's id and the client's value, so two API keys
 * of one company (or a portal screen of it) never share a value, and the stored key stays within the
 * column's 100 characters whatever the client sent. The route is part of the request's hash: the same
 * value on another operation is a 409 too.
 */

/** The Idempotency-Key header as the kernel reads it, refused in the open API's words (naming the header). */
export const openApiIdempotencyKey = (request: FastifyRequest): string => idempotencyKey(request, () => new AppError(400, 'openApiIdempotencyKeyRequired', { field: 'header.Idempotency-Key' }));

/** What an open-API call records as its author: the key's holder, whose rights it acts with (decisions 0027, 0028). */
export function keyAuthor(caller: ApiKeyCaller): number {
  return caller.holder.userId;
}

/**
 * Runs `work` once per API key and Idempotency-Key; `replayed` tells whether the answer is the stored
 * first one (the Idempotent-Replayed header).
 */
export async function onceForKey<T>(db: Db, caller: ApiKeyCaller, clientKey: string, operation: string, body: unknown, work: (tx: Db) => Promise<T>): Promise<{ result: T; replayed: boolean }> {
  const key = `api:${createHash('sha256').update(`${caller.keyId}\n${clientKey}`).digest('hex')}`;
  let ran = false;
  const result = await once(db, { tenantId: caller.tenantId, userId: keyAuthor(caller), key, route: `open ${operation}`, body }, async (tx) => {
    ran = true;
    return work(tx);
  });
  return { result, replayed: !ran };
}
