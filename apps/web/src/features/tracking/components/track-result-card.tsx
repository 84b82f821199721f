import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import type { OrderStatus } from '@portal/shared/logistics';
import type { TrackResult } from '@portal/shared/logistics-schemas';
import { PlainIcon } from '../../../components/plain/plain-controls.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { isExceptionStatus, milestonesOf, newestFirst } from '../tracking-view.ts';
import { MilestoneBar } from './milestone-bar.tsx';
import { TrackTimeline } from './track-timeline.tsx';
import styles from '../tracking.module.css';

/** The destination's name in the visitor's language, without the dictionaries (they need a login). */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function formatInstant(instant: string, language: string, timeZone: string | undefined): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(date);
}

export function statusBadgeClass(status: OrderStatus | null): string {
  if (status === 'DONE') return `${styles.badge} ${styles.badgeDone}`;
  if (status === 'CANCEL') return `${styles.badge} ${styles.badgeMuted}`;
  if (isExceptionStatus(status)) return `${styles.badge} ${styles.badgeDanger}`;
  return `${styles.badge}`;
}

/** Anchor of a result, for the list of results above them. */
export const resultAnchor = (index: number) => `track-result-${index + 1}`;

/**
 * One number's answer: its status, destination, the exception banner if it left the normal path, the
 * milestone bar and the timeline; or a plain "not found". Shows only what the public answer holds (no
 * merchant, recipient or money data is ever in it).
 */
export function TrackResultCard({ result, index, timeZone }: { result: TrackResult; index: number; timeZone?: string }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const id = useId();
  const headingId = `${id}-number`;
  if (!result.found || !result.status) {
    return (
      <article id={resultAnchor(index)} className={styles.result} aria-labelledby={headingId} data-testid="track-result" data-found="false">
        <header className={styles.resultHeader}>
          <h3 id={headingId} className={styles.number}>
            {result.number}
          </h3>
        </header>
        <div className={styles.notFound} data-testid="track-not-found">
          <PlainIcon icon={FileSearchOutlined} className={styles.notFoundIcon} />
          <div>
            <strong>{t('notFound.title')}</strong>
            <p>{t('notFound.description')}</p>
          </div>
        </div>
      </article>
    );
  }
  const status = result.status;
  const latest = newestFirst(result.events)[0];
  const exception = isExceptionStatus(status) ? status : null;
  return (
    <article id={resultAnchor(index)} className={styles.result} aria-labelledby={headingId} data-testid="track-result" data-found="true">
      <header className={styles.resultHeader}>
        <h3 id={headingId} className={styles.number}>
          {result.number}
        </h3>
        <span className={statusBadgeClass(status)} data-testid="track-status">
          <span className={styles.visuallyHidden}>{`${t('result.status')}: `}</span>
          {t(`status.${status}`)}
        </span>
      </header>
      <dl className={styles.facts}>
        {result.orderNo && result.orderNo !== result.number && (
          <div>
            <dt>{t('result.orderNo')}</dt>
            <dd data-testid="track-order-no">{result.orderNo}</dd>
          </div>
        )}
        {result.destinationCountry && (
          <div>
            <dt>{t('result.destination')}</dt>
            <dd data-testid="track-destination">{countryName(result.destinationCountry, language)}</dd>
          </div>
        )}
        {latest && (
          <div>
            <dt>{t('result.lastUpdate')}</dt>
            <dd>
              <time dateTime={latest.occurredAt}>{formatInstant(latest.occurredAt, language, timeZone)}</time>
            </dd>
          </div>
        )}
      </dl>
      {exception && (
        <div className={`${styles.banner} ${exception === 'RETURN' ? styles.bannerReturn : ''}`} data-testid="track-exception" data-status={exception}>
          <PlainIcon icon={WarningFilled} className={styles.bannerIcon} />
          <div>
            <strong>{t(`exception.${exception}.title`)}</strong>
            {t(`exception.${exception}.description`)}
          </div>
        </div>
      )}
      <h4 id={`${id}-milestones`} className={styles.sectionTitle}>
        {t('result.milestones')}
      </h4>
      <MilestoneBar milestones={milestonesOf(status, result.events)} labelledBy={`${id}-milestones`} />
      <h4 className={styles.sectionTitle}>{t('result.timeline')}</h4>
      <TrackTimeline events={result.events} timeZone={timeZone} />
    </article>
  );
}
