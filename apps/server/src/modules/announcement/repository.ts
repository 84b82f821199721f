import { iso } from '../../lib/iso.ts';
import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ANNOUNCEMENT_LATEST_UNREAD, type UnreadSummary } from '@portal/shared/announcement';
import type { Db } from '../../db/client.ts';
import { announcements } from '../../db/schema/sys.ts';
import { announcementReads, announcementTargets } from '../../db/schema/admin.ts';
import { sanitizeRichText, textAsRichText } from '../../lib/rich-text.ts';
import { PUBLISHED, toPriority, toType } from './model.ts';

/** Who reads: a user in the tenant of the request. */
export type Reader = { userId: number; tenantId: number };

const a = announcements;
const t = announcementTargets;

const targetExists = (kind: 'TENANT' | 'DEPART' | 'USER', targetMatch: SQL) =>
  sql`exists (select 1 from ${t} where ${t.tenantId} = ${a.tenantId} and ${t.announcementId} = ${a.id} and ${t.targetKind} = ${kind} and ${targetMatch})`;

/**
 * The announcements that reach a reader now: published, not revoked, within their start and end times, and
 * either the platform's to everyone (or to the reader's tenant) or the reader tenant's own to everyone, to a
 * department the reader is a member of, or to the reader by name.
 */
export function reaches(reader: Reader): SQL {
  const { userId, tenantId } = reader;
  const platformOnes = sql`${a.tenantId} = ${PLATFORM_TENANT} and (${a.audience} = 'ALL' or (${a.audience} = 'TENANT' and ${targetExists('TENANT', sql`${t.targetId} = ${tenantId}`)}))`;
  const memberOf = sql`${t.targetId} in (select department_id from sys_user_depart where tenant_id = ${tenantId} and user_id = ${userId})`;
  const ownOnes = sql`${a.tenantId} = ${tenantId} and ${a.tenantId} <> ${PLATFORM_TENANT} and (${a.audience} = 'ALL' or (${a.audience} = 'DEPART' and ${targetExists('DEPART', memberOf)}) or (${a.audience} = 'USER' and ${targetExists('USER', sql`${t.targetId} = ${userId}`)}))`;
  return and(
    // first, so that the (tenant_id, send_status) index does the work
    sql`${a.tenantId} in (${PLATFORM_TENANT}, ${tenantId})`,
    eq(a.sendStatus, PUBLISHED),
    isNull(a.revokedAt),
    sql`(${a.startTime} is null or ${a.startTime} <= now())`,
    sql`(${a.endTime} is null or ${a.endTime} > now())`,
    sql`((${platformOnes}) or (${ownOnes}))`,
  ) as SQL;
}

/** The reader's read mark of the row `a`, joined. */
export const readJoin = (reader: Reader) => and(eq(announcementReads.tenantId, a.tenantId), eq(announcementReads.announcementId, a.id), eq(announcementReads.userId, reader.userId));

/** How many reach the reader unread, and the newest few (the bell). */
export async function unreadSummary(db: Db, reader: Reader): Promise<UnreadSummary> {
  // one statement, so that the count and the newest agree (two, on two connections, could straddle a commit)
  const rows = await db
    .select({ id: a.id, title: a.title, priority: a.priority, msgType: a.msgType, sendTime: a.sendTime, total: sql<number>`count(*) over ()` })
    .from(a)
    .leftJoin(announcementReads, readJoin(reader))
    .where(and(reaches(reader), isNull(announcementReads.userId)))
    .orderBy(desc(a.sendTime), desc(a.id))
    .limit(ANNOUNCEMENT_LATEST_UNREAD);
  return {
    count: Number(rows[0]?.total ?? 0),
    latest: rows.map((row) => ({ id: row.id, title: row.title, priority: toPriority(row.priority), msgType: toType(row.msgType), sendTime: iso(row.sendTime) })),
  };
}

/**
 * Tenants with a published announcement whose start or end time fell in (since, until]: it appeared in,
 * or left, its readers' lists without anyone publishing anything, so their bells recount.
 */
export async function tenantsWithTimesBetween(db: Db, since: Date, until: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ tenantId: a.tenantId })
    .from(a)
    .where(
      and(
        eq(a.sendStatus, PUBLISHED),
        sql`((${a.startTime} > ${since.toISOString()}::timestamptz and ${a.startTime} <= ${until.toISOString()}::timestamptz) or (${a.endTime} > ${since.toISOString()}::timestamptz and ${a.endTime} <= ${until.toISOString()}::timestamptz))`,
      ),
    );
  return rows.map((row) => row.tenantId);
}

/**
 * The one way an announcement's content is stored, whoever writes it (a user's editor, the system's notices):
 * through the rich-text allow-list.
 */
export const storedContent = (html: string): string => sanitizeRichText(html);

/**
 * A notice the system publishes to everyone of a tenant (an endpoint the platform turned off): its paragraphs
 * are text, escaped, whatever of a user's input they quote.
 */
export async function publishSystemNotice(db: Pick<Db, 'insert'>, tenantId: number, title: string, paragraphs: readonly string[]): Promise<void> {
  await db.insert(a).values({
    tenantId,
    title: title.slice(0, 200),
    content: storedContent(textAsRichText(paragraphs)),
    priority: 'H',
    sendStatus: PUBLISHED,
    sendTime: new Date(),
    msgType: 'system',
    audience: 'ALL',
    createdBy: null,
    updatedBy: null,
  });
}
