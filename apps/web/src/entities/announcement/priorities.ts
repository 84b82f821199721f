import type { AnnouncementPriority } from '@portal/shared/announcement';

/** Tag colours of the announcement priorities, wherever an announcement shows (antd's orange and gold read under 4.5:1). */
export const PRIORITY_COLORS: Record<AnnouncementPriority, string> = { H: 'red', M: 'purple', L: 'blue' };
