import type { dashboard as source } from '../zh-TW/dashboard.ts';

export const dashboard: typeof source = {
  tenant: 'Company',
  department: 'Current department',
  noDepartment: 'No department',
  announcements: 'Latest announcements',
  noAnnouncements: 'No announcements yet',
};
