import type { AnnouncementStatus, AnnouncementType } from '@portal/shared/announcement';

/** Where the reader's inbox opens (the hidden menu entry menu.announcementInbox); `?open=<id>` opens one. */
export const INBOX_PATH = '/dashboard/announcement';
export const OPEN_PARAM = 'open';

/** Tag colours (antd's orange and gold read under 4.5:1; the priorities' are entities/announcement's). */
export const TYPE_COLORS: Record<AnnouncementType, string> = { notice: 'cyan', system: 'geekblue' };
export const STATUS_COLORS: Record<AnnouncementStatus, string> = { '0': 'default', '1': 'green', '2': 'volcano' };
