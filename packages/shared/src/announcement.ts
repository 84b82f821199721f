import { z } from 'zod';

/** Spec §2 "system announcements": priority L, M or H. */
export const ANNOUNCEMENT_PRIORITIES = ['L', 'M', 'H'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/** A notice (the company's news) or a system message (maintenance, changes of the service). */
export const ANNOUNCEMENT_TYPES = ['notice', 'system'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/**
 * Who reads it: everyone the author's tenant reaches (the platform's: every tenant), chosen tenants (the
 * platform's only), departments or users of the author's tenant (a merchant's only).
 */
export const ANNOUNCEMENT_AUDIENCES = ['ALL', 'TENANT', 'DEPART', 'USER'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const PLATFORM_AUDIENCES: readonly AnnouncementAudience[] = ['ALL', 'TENANT'];
export const MERCHANT_AUDIENCES: readonly AnnouncementAudience[] = ['ALL', 'DEPART', 'USER'];

/** 0 draft, 1 published, 2 revoked. */
export const ANNOUNCEMENT_STATUSES = ['0', '1', '2'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** A reader's page is short: the home page shows a handful, the list at most 50. */
export const ANNOUNCEMENT_PAGE_MAX = 50;
export const ANNOUNCEMENT_TITLE_MAX = 100;
/** The HTML as the editor sends it (some four pages of formatted text); what the server keeps after sanitising is never longer. */
export const ANNOUNCEMENT_CONTENT_MAX = 16_000;
export const ANNOUNCEMENT_TARGETS_MAX = 200;
/** How many unread ones the header's bell lists. */
export const ANNOUNCEMENT_LATEST_UNREAD = 5;

/** An announcement as its readers get it (GET /sys/announcement/listByUser). `content` is sanitised HTML. */
export const announcementRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  msgType: z.enum(ANNOUNCEMENT_TYPES),
  /** ISO 8601 */
  sendTime: z.string().nullable(),
  /** whether the caller has opened it */
  read: z.boolean(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecordSchema>;

/** An unread one, as the bell lists it (no content). */
export const unreadItemSchema = announcementRecordSchema.pick({ id: true, title: true, priority: true, msgType: true, sendTime: true });
export type UnreadItem = z.infer<typeof unreadItemSchema>;

/** The bell's figure (GET /sys/announcement/unread, and each `unread` event of the stream). */
export const unreadSummarySchema = z.object({ count: z.number().int(), latest: z.array(unreadItemSchema) });
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;

/** An announcement as its managers see it (GET /sys/announcement/list). */
export const announcementManageRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  msgType: z.enum(ANNOUNCEMENT_TYPES),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  /** the tenants, departments or users of the audience (empty for ALL) */
  targetIds: z.array(z.number().int()),
  sendStatus: z.enum(ANNOUNCEMENT_STATUSES),
  sendTime: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** how many readers opened it */
  readCount: z.number().int(),
});
export type AnnouncementManageRecord = z.infer<typeof announcementManageRecordSchema>;

const sensibleTime = z.iso
  .datetime({ offset: true })
  .refine((text) => {
    const time = Date.parse(text);
    return time >= Date.UTC(1970, 0, 1) && time <= Date.UTC(9999, 11, 31, 23, 59, 59);
  });
const targetId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Add (POST /sys/announcement/add); the title is plain text, the content HTML that the server sanitises. */
export const announcementInput = z.strictObject({
  title: z.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX),
  content: z.string().max(ANNOUNCEMENT_CONTENT_MAX),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  msgType: z.enum(ANNOUNCEMENT_TYPES),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  targetIds: z.array(targetId).max(ANNOUNCEMENT_TARGETS_MAX).default([]),
  /** shown from (null: from publishing) */
  startTime: sensibleTime.nullable().optional(),
  /** shown until (null: no end) */
  endTime: sensibleTime.nullable().optional(),
});
export type AnnouncementInput = z.infer<typeof announcementInput>;

/** Edit (PUT /sys/announcement/edit): a draft only. */
export const announcementEditInput = announcementInput.extend({ id: targetId });
export type AnnouncementEditInput = z.infer<typeof announcementEditInput>;

export { ANNOUNCEMENT_STREAM_EVENT, SESSION_STREAM_EVENTS, type SessionNotice } from './announcement-stream.ts';
