import type { AnnouncementPriority } from '@portal/shared/announcement';

/** Tag colours of the announcement priorities, shared by the home page and the list. */
export const PRIORITY_COLORS: Record<AnnouncementPriority, string> = { H: 'red', M: 'orange', L: 'blue' };
