import type { dashboard as source } from '../zh-TW/dashboard.ts';

export const dashboard: typeof source = {
  tenant: 'Company',
  department: 'Current department',
  noDepartment: 'No department',
  /** shown for a company or department that is not known */
  none: '—',
  announcements: 'Latest announcements',
  noAnnouncements: 'No announcements yet',
  allAnnouncements: 'All announcements',
  loadFailed: 'Could not be loaded',
  priority: { H: 'High', M: 'Medium', L: 'Low' },
  announcement: {
    title: 'Title',
    content: 'Content',
    priority: 'Priority',
    sendTime: 'Sent at',
  },
};
