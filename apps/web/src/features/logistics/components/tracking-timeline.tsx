import { Empty, Flex, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EXCEPTION_STATUSES } from '@portal/shared/logistics';
import type { TrackingEventRecord } from '@portal/shared/logistics-schemas';
import { DictTag } from '../../../components/dict-tag.tsx';
import { DATE_FORMAT } from '../../../lib/format.ts';
import { ORDER_STATUS_DICT } from './status-tabs.tsx';

export type EventDay = { day: string; events: TrackingEventRecord[] };

/** Newest first, then grouped by the user's calendar day (the order of the days follows). */
export function groupByDay(events: readonly TrackingEventRecord[]): EventDay[] {
  const sorted = [...events].sort((a, b) => dayjs(b.occurredAt).valueOf() - dayjs(a.occurredAt).valueOf() || b.id - a.id);
  const days: EventDay[] = [];
  for (const event of sorted) {
    const day = dayjs(event.occurredAt).format(DATE_FORMAT);
    const last = days[days.length - 1];
    if (last && last.day === day) last.events.push(event);
    else days.push({ day, events: [event] });
  }
  return days;
}

const colorOf = (event: TrackingEventRecord, newest: boolean): string => {
  if (event.status && EXCEPTION_STATUSES.includes(event.status)) return 'red';
  return newest ? 'green' : 'gray';
};

/** The order's tracking events (antd Timeline): newest first, by day, each with time, status, location, description and source. */
export function TrackingTimeline({ events }: { events: readonly TrackingEventRecord[] }) {
  const { t } = useTranslation('logistics');
  const days = groupByDay(events);
  if (days.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noEvents')} />;
  return (
    <Flex vertical gap={8} data-testid="tracking-timeline">
      {days.map(({ day, events: ofDay }, dayIndex) => (
        <section key={day} data-testid="timeline-day" aria-label={day}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {day}
          </Typography.Title>
          <Timeline
            items={ofDay.map((event, index) => ({
              key: event.id,
              color: colorOf(event, dayIndex === 0 && index === 0),
              content: (
                <Flex vertical gap={2} data-testid="timeline-event">
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{dayjs(event.occurredAt).format('HH:mm:ss')}</Typography.Text>
                    {event.status && <DictTag code={ORDER_STATUS_DICT} value={event.status} />}
                    {event.location && <Typography.Text type="secondary">{event.location}</Typography.Text>}
                  </Flex>
                  <Typography.Text>{event.description}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('detail.source')}
                    <DictTag code="TrackingSource" value={event.source} plain />
                    {event.carrierCode && ` · ${t('detail.carrierCode')}${event.carrierCode}`}
                  </Typography.Text>
                </Flex>
              ),
            }))}
          />
        </section>
      ))}
    </Flex>
  );
}
