import { ORDER_STATUSES, ORDER_STATUS_TEXTS, type OrderStatus } from '@portal/shared/order-status';
import type { resources as source } from '../../zh-TW/ns/tracking.ts';

export const resources: typeof source = {
  title: 'Track a shipment',
  form: {
    label: 'Numbers to track',
    hint: 'Tracking, waybill or order numbers, one per line or separated by commas; up to {{max}} at once',
    placeholder: 'e.g. LO26011500000001',
    count: '{{count}} / {{max}} numbers',
    submit: 'Track',
    required: 'Enter at least one number',
    tooMany: 'At most {{max}} numbers at once; there are {{count}}',
    tooLong: 'The number "{{number}}" is too long (at most {{max}} characters)',
  },
  searching: 'Searching…',
  failed: 'The lookup failed; please try again later',
  summary: '{{total}} numbers: {{found}} found, {{missing}} not found',
  jumpTo: 'Results at a glance',
  result: {
    number: 'Number {{number}}',
    orderNo: 'Order number',
    status: 'Status',
    destination: 'Destination',
    lastUpdate: 'Last update',
    milestones: 'Progress',
    timeline: 'Tracking history',
    noEvents: 'No tracking events yet',
  },
  milestone: { reached: 'done', current: 'current status', ahead: 'not reached yet' },
  notFound: {
    title: 'No shipment found',
    description: 'Check the number. A new order may take a little while to appear.',
  },
  exception: {
    CANCEL: { title: 'This order was cancelled', description: 'The order was cancelled before it reached the warehouse; nothing will be shipped. Contact the sender with any question.' },
    RETURN: { title: 'Being returned', description: 'The parcel is on its way back to the sender. Contact the sender with any question.' },
    LOST: { title: 'Parcel lost', description: 'The parcel has been reported lost; the sender will contact you about what happens next.' },
  },
  status: Object.fromEntries(ORDER_STATUSES.map((status) => [status, ORDER_STATUS_TEXTS[status]['en-US']])) as Record<OrderStatus, string>,
};
