import type { AnnouncementEditInput, AnnouncementInput, AnnouncementManageRecord } from '@portal/shared/announcement';
import type { Db } from '../../../db/client.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { hasVisibleContent, sanitizeRichText } from '../../../lib/rich-text.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { allowedAudiences, isPublished, PUBLISHED, REVOKED } from '../model.ts';
import { announcementRecord, countTargets, targetOptions, deleteAnnouncement, insertAnnouncement, lockAnnouncement, replaceTargets, updateAnnouncement, type AnnouncementValues } from './repository.ts';

/*
 * Managing a tenant's announcements (the platform's for the platform). Rules: the content is sanitised
 * with the allow-list before anything else looks at it; the audience is one the author's side may
 * address, and every target id is the author's to name (another tenant's department or user is 404, as
 * if it did not exist); a published announcement is revoked before it is edited or deleted. Every change
 * writes its audit line in its own transaction, and publishing or revoking tells every app server, whose
 * streams recount their readers' bells.
 */

const RESOURCE = 'announcement';

/** The author: who is written down in the audit log, and as the announcement's editor. */
export type Author = AuditActor & { userId: number };

type Prepared = { values: AnnouncementValues; targetIds: number[] };

async function prepare(db: Db, tenantId: number, input: AnnouncementInput): Promise<Prepared> {
  const content = sanitizeRichText(input.content);
  if (!hasVisibleContent(content)) throw badRequest('announcementContentEmpty');
  if (!allowedAudiences(tenantId).includes(input.audience)) throw badRequest('announcementAudienceNotAllowed');
  const targetIds = input.audience === 'ALL' ? [] : [...new Set(input.targetIds)].sort((x, y) => x - y);
  if (input.audience !== 'ALL' && targetIds.length === 0) throw badRequest('announcementTargetsRequired');
  if ((await countTargets(db, tenantId, input.audience, targetIds)) !== targetIds.length) throw notFound();
  const startTime = input.startTime ? new Date(input.startTime) : null;
  const endTime = input.endTime ? new Date(input.endTime) : null;
  if (startTime && endTime && endTime <= startTime) throw badRequest('announcementEndBeforeStart');
  return { values: { title: input.title, content, priority: input.priority, msgType: input.msgType, audience: input.audience, startTime, endTime }, targetIds };
}

async function recordOrFail(db: Db, tenantId: number, id: number): Promise<AnnouncementManageRecord> {
  const record = await announcementRecord(db, tenantId, id);
  if (!record) throw notFound();
  return record;
}

export async function addAnnouncement(db: Db, actor: Author, input: AnnouncementInput): Promise<AnnouncementManageRecord> {
  const { tenantId } = actor;
  const { values, targetIds } = await prepare(db, tenantId, input);
  return db.transaction(async (tx) => {
    const id = await insertAnnouncement(tx, tenantId, actor.userId, values);
    await replaceTargets(tx, tenantId, id, values.audience, targetIds);
    const after = await recordOrFail(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'create', label: values.title, after });
    return after;
  });
}

export async function editAnnouncement(db: Db, actor: Author, { id, ...input }: AnnouncementEditInput): Promise<AnnouncementManageRecord> {
  const { tenantId } = actor;
  // another tenant's id is 404 before anything about it (its targets included) is looked at
  if (!(await announcementRecord(db, tenantId, id))) throw notFound();
  const { values, targetIds } = await prepare(db, tenantId, input);
  return db.transaction(async (tx) => {
    const row = await lockAnnouncement(tx, tenantId, id);
    if (!row) throw notFound();
    if (isPublished(row.sendStatus)) throw conflict('announcementNotEditable');
    const before = await recordOrFail(tx, tenantId, id);
    await updateAnnouncement(tx, tenantId, id, actor.userId, values);
    await replaceTargets(tx, tenantId, id, values.audience, targetIds);
    const after = await recordOrFail(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'update', label: values.title, before, after });
    return after;
  });
}

export async function removeAnnouncement(db: Db, actor: Author, id: number): Promise<void> {
  const { tenantId } = actor;
  await db.transaction(async (tx) => {
    const row = await lockAnnouncement(tx, tenantId, id);
    if (!row) throw notFound();
    if (isPublished(row.sendStatus)) throw conflict('announcementNotEditable');
    const before = await recordOrFail(tx, tenantId, id);
    await deleteAnnouncement(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'delete', label: row.title, before });
  });
}

/** Publishing (a draft, or a revoked one again): it reaches its audience from its start time on. */
export async function publishAnnouncement(db: Db, bus: CacheBus, actor: Author, id: number): Promise<AnnouncementManageRecord> {
  const { tenantId } = actor;
  const after = await db.transaction(async (tx) => {
    const row = await lockAnnouncement(tx, tenantId, id);
    if (!row) throw notFound();
    if (isPublished(row.sendStatus)) throw conflict('announcementAlreadyPublished');
    const before = await recordOrFail(tx, tenantId, id);
    await updateAnnouncement(tx, tenantId, id, actor.userId, { sendStatus: PUBLISHED, sendTime: new Date(), revokedAt: null });
    const published = await recordOrFail(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'publish', label: row.title, before: { sendStatus: before.sendStatus }, after: { sendStatus: published.sendStatus, sendTime: published.sendTime } });
    return published;
  });
  // after the commit: a stream that recounts now sees it
  await bus.publish({ kind: 'announcement', tenantId });
  return after;
}

export async function revokeAnnouncement(db: Db, bus: CacheBus, actor: Author, id: number): Promise<AnnouncementManageRecord> {
  const { tenantId } = actor;
  const after = await db.transaction(async (tx) => {
    const row = await lockAnnouncement(tx, tenantId, id);
    if (!row) throw notFound();
    if (!isPublished(row.sendStatus)) throw conflict('announcementNotPublished');
    await updateAnnouncement(tx, tenantId, id, actor.userId, { sendStatus: REVOKED, revokedAt: new Date() });
    const revoked = await recordOrFail(tx, tenantId, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'revoke', label: row.title, before: { sendStatus: '1' }, after: { sendStatus: revoked.sendStatus, revokedAt: revoked.revokedAt } });
    return revoked;
  });
  await bus.publish({ kind: 'announcement', tenantId });
  return after;
}

/** Targets the caller may name for an audience of their side (a company asking for tenants is refused: 400). */
export async function announcementTargets(db: Db, tenantId: number, query: { audience: 'TENANT' | 'DEPART' | 'USER'; keyword?: string; ids?: number[] }) {
  if (!allowedAudiences(tenantId).includes(query.audience)) throw badRequest('announcementAudienceNotAllowed');
  return targetOptions(db, tenantId, query.audience, { keyword: query.keyword, ids: query.ids }, 50);
}
