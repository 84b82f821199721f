import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import type { TrackResult } from '@portal/shared/logistics-schemas';
import { PlainAlert, PlainButton, PlainIcon, PlainSpinner } from '../../../components/plain/plain-controls.tsx';
import { PlainTextarea } from '../../../components/plain/plain-textarea.tsx';
import { required, usePlainForm, type Rule } from '../../../components/plain/use-plain-form.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useTrack } from '../api/track.ts';
import { resultAnchor, statusBadgeClass, TrackResultCard } from '../components/track-result-card.tsx';
import { countFound, parseNumbers, searchPath, TRACKING_LOOKUP_MAX, TRACKING_NUMBER_MAX_LENGTH } from '../tracking-view.ts';
import styles from '../tracking.module.css';
import { useFirstScreenReleased } from '../../../lib/first-screen.ts';

type Values = { numbers: string };
type Answer = { numbers: string[]; results: TrackResult[] };

/** The number the page was opened for: /yesstyleTrack/<number>[/...] or /track?numbers=a,b. */
function useNumbersFromUrl(): string {
  const rest = useParams()['*'];
  const [search] = useSearchParams();
  const fromPath = rest?.split('/')[0]?.trim() ?? '';
  return fromPath || search.get('numbers')?.trim() || '';
}

function TrackingContent() {
  useFirstScreenReleased();
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const initial = useNumbersFromUrl();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const lookup = useTrack();
  const [answer, setAnswer] = useState<Answer | null>(null);

  const countRule: Rule<Values> = (value) => {
    const count = parseNumbers(value).length;
    return count > TRACKING_LOOKUP_MAX ? t('form.tooMany', { max: TRACKING_LOOKUP_MAX, count }) : null;
  };
  const lengthRule: Rule<Values> = (value) => {
    const long = parseNumbers(value).find((number) => number.length > TRACKING_NUMBER_MAX_LENGTH);
    return long ? t('form.tooLong', { number: `${long.slice(0, 24)}…`, max: TRACKING_NUMBER_MAX_LENGTH }) : null;
  };
  // one number a line, however the address joined them
  const form = usePlainForm<Values>('track', { numbers: parseNumbers(initial).join('\n') }, { rules: { numbers: [required(t('form.required')), countRule, lengthRule] } });
  const count = parseNumbers(form.values.numbers).length;

  const { run } = lookup;
  const search = (numbers: string[]) => run(numbers, (results) => setAnswer({ numbers, results }));

  // opened for a number (a link from a shop, an e-mail): look it up at once
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const numbers = parseNumbers(initial);
    if (numbers.length > 0 && numbers.length <= TRACKING_LOOKUP_MAX && numbers.every((number) => number.length <= TRACKING_NUMBER_MAX_LENGTH)) {
      run(numbers, (results) => setAnswer({ numbers, results }));
    }
  }, [initial, run]);

  // the events' descriptions come in the request's language: ask again in the new one (spec §4: page data reloads)
  const shownLanguage = useRef(language);
  const shownNumbers = answer?.numbers;
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    if (shownNumbers) run(shownNumbers, (results) => setAnswer({ numbers: shownNumbers, results }));
  }, [language, shownNumbers, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    const numbers = parseNumbers(values.numbers);
    // the address holds the search, so that it can be shared or reloaded (replaced: Back leaves the page)
    void navigate(searchPath(pathname, numbers), { replace: true });
    search(numbers);
  };

  const results = answer?.results ?? [];
  const counted = countFound(results);
  return (
    <div className={styles.page} data-testid="tracking-page">
      <h2 className={styles.title}>{t('title')}</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <PlainTextarea
          field={form.field('numbers')}
          label={t('form.label')}
          hint={t('form.hint', { max: TRACKING_LOOKUP_MAX })}
          counter={<span data-testid="track-count">{t('form.count', { count, max: TRACKING_LOOKUP_MAX })}</span>}
          placeholder={t('form.placeholder')}
          rows={3}
          spellCheck={false}
          required
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter sends, as in many search boxes; a plain Enter starts the next line
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <div className={styles.actions}>
          <PlainButton type="submit" variant="primary" loading={lookup.pending} data-testid="track-submit">
            {!lookup.pending && <PlainIcon icon={SearchOutlined} className={styles.buttonIcon} />}
            {t('form.submit')}
          </PlainButton>
        </div>
      </form>
      {lookup.error && (
        <div className={styles.results}>
          <PlainAlert type="error" data-testid="track-error">
            {lookup.error.message || t('failed')}
          </PlainAlert>
        </div>
      )}
      {lookup.pending && !answer && (
        <div className={styles.loading}>
          <PlainSpinner label={t('searching')} />
        </div>
      )}
      {answer && (
        <section className={styles.results} aria-busy={lookup.pending || undefined} data-testid="track-results">
          {counted.numbers > 1 && (
            <p className={styles.summary} role="status" data-testid="track-summary">
              {t('summary', { total: counted.numbers, found: counted.found, missing: counted.numbers - counted.found })}
            </p>
          )}
          {results.length > 1 && (
            <nav aria-label={t('jumpTo')}>
              <ul className={styles.jump}>
                {results.map((result, index) => (
                  <li key={`${index}-${result.number}`}>
                    <a href={`#${resultAnchor(index)}`}>
                      {result.orderNo && result.orderNo !== result.number ? `${result.number} · ${result.orderNo}` : result.number}
                      <span className={result.found ? statusBadgeClass(result.status) : `${styles.badge} ${styles.badgeMuted}`}>{result.found && result.status ? t(`status.${result.status}`) : t('notFound.title')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {results.map((result, index) => (
            <TrackResultCard key={`${index}-${result.number}`} result={result} index={index} />
          ))}
        </section>
      )}
    </div>
  );
}

/**
 * Spec §2 /track and /yesstyleTrack/{trackingNumber?}: the public tracking page. Up to 40 tracking,
 * waybill or order numbers at once; for each, the milestones over the normal path, an exception
 * banner, and the timeline by day. Public: no antd, no TanStack Query (docs/decisions/0006); its texts
 * are the lazily loaded 'tracking' namespace, hence the Suspense.
 */
export function TrackingPage() {
  return (
    <Suspense
      fallback={
        <div className={styles.loading}>
          <PlainSpinner />
        </div>
      }
    >
      <TrackingContent />
    </Suspense>
  );
}
