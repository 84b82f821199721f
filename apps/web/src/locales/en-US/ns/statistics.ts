import type { resources as source } from '../../zh-TW/ns/statistics.ts';

export const resources: typeof source = {
  visit: {
    presets: { today: 'Today', yesterday: 'Yesterday', thisMonth: 'This month', lastMonth: 'Last month' },
    range: 'Date range',
    custom: 'Custom range',
    tenant: 'Tenant',
    allTenants: 'All tenants',
    platform: 'Platform',
    chartTitle: 'Visits and sign-ins per day',
    tableTitle: 'Per day',
    tenantsTitle: 'Totals per tenant',
    date: 'Date',
    pageViews: 'Page views',
    visitors: 'Visitors',
    signIns: 'Sign-ins',
    failedSignIns: 'Failed sign-ins',
    ip: 'Distinct addresses',
    total: 'Total',
    export: 'Export',
    empty: 'Nothing in this range',
    note: "A visit is one opening of a menu page by a signed-in user; days run from 00:00:00 to 23:59:59 in the server's time zone.",
    rangeOrder: 'The end date cannot be before the start date',
    rangeTooLong: 'A range covers at most {{max}} days',
  },
};
