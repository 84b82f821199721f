import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { groupByDay, type TrackEvent } from '../tracking-view.ts';
import styles from '../tracking.module.css';

/** The day a group is headed by, in the visitor's language, from its YYYY-MM-DD key (a local date: no time zone shift). */
function dayLabel(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' }).format(new Date(year, month - 1, date));
}

function timeOf(instant: string, language: string, timeZone: string | undefined): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);
}

/** The events by day, newest first, each with its time, what happened and where; the newest stands out. */
export function TrackTimeline({ events, timeZone }: { events: readonly TrackEvent[]; timeZone?: string }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const days = groupByDay(events, timeZone);
  const statusName = (event: TrackEvent) => (event.status ? t(`status.${event.status}`) : '');
  if (days.length === 0) return <p className={styles.empty}>{t('result.noEvents')}</p>;
  return (
    <ol className={styles.days} data-testid="timeline">
      {days.map(({ day, events: dayEvents }, dayIndex) => (
        <li key={day} data-testid="timeline-day">
          <h5 className={styles.day}>
            <time dateTime={day}>{dayLabel(day, language)}</time>
          </h5>
          <ol className={styles.events}>
            {dayEvents.map((event, index) => (
              <li key={`${event.occurredAt}-${index}`} className={`${styles.event} ${dayIndex === 0 && index === 0 ? styles.latest : ''}`} data-testid="timeline-event">
                <time className={styles.time} dateTime={event.occurredAt}>
                  {timeOf(event.occurredAt, language, timeZone)}
                </time>
                <div>
                  <p className={styles.description}>
                    {event.description || statusName(event)}
                    {/* the status the event moved the order to, unless the description already says just that */}
                    {event.status && event.description && event.description !== statusName(event) && (
                      <span className={`${styles.badge} ${styles.badgeMuted} ${styles.eventStatus}`}>{statusName(event)}</span>
                    )}
                  </p>
                  {event.location && <p className={styles.location}>{event.location}</p>}
                </div>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}
