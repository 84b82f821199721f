import { z } from 'zod';

/** Spec §2 "system announcements": priority L, M or H. */
export const ANNOUNCEMENT_PRIORITIES = ['L', 'M', 'H'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/** An announcement as its readers get it (GET /sys/announcement/listByUser). */
export const announcementRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  /** ISO 8601 */
  sendTime: z.string().nullable(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecordSchema>;

/** A reader's page is short: the home page shows a handful, the list at most 50. */
export const ANNOUNCEMENT_PAGE_MAX = 50;
