import type { UnreadSummary } from '@portal/shared/announcement';
import type { Db } from '../../../db/client.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { notFound } from '../../../lib/errors.ts';
import { unreadSummary, type Reader } from '../repository.ts';
import { markAllRead, markRead } from './repository.ts';

/*
 * Read marks. After a change the reader's other windows (their streams, on any app server) recount, and
 * the answer is the new count, so the window that read needs no second call.
 */

export async function readOne(db: Db, bus: CacheBus, reader: Reader, id: number): Promise<UnreadSummary> {
  const tenantId = await markRead(db, reader, id);
  if (tenantId === null) throw notFound();
  await bus.publish({ kind: 'announcement', tenantId, userId: reader.userId });
  return unreadSummary(db, reader);
}

export async function readAll(db: Db, bus: CacheBus, reader: Reader): Promise<UnreadSummary> {
  if ((await markAllRead(db, reader)) > 0) await bus.publish({ kind: 'announcement', tenantId: reader.tenantId, userId: reader.userId });
  return unreadSummary(db, reader);
}
