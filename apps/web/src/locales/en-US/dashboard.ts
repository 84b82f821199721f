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
    close: 'Close',
    /** the title of an announcement, as a button that opens it whole */
    read: 'Read the whole announcement: {{title}}',
  },
  logistics: {
    orders: 'Orders by status',
    ordersTotal: 'Total: {{total}}',
    parcelsInWarehouse: 'Parcels in the warehouse',
    openExceptions: 'Open exceptions',
    ordersPerDay: 'Orders of the last {{days}} days',
    chartSummary: 'Orders in the last {{days}} days: {{total}}; the busiest day, {{date}}, had {{max}}',
    chartEmpty: 'No new orders in the last {{days}} days',
    date: 'Date',
    count: 'Orders',
    loadFailed: 'The logistics figures could not be loaded',
  },
};
