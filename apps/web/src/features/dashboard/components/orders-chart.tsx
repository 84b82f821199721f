import type { CSSProperties } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';

export type DayCount = { date: string; count: number };

/** The drawing's own units: each day is 10 wide, the tallest bar 100 high; the SVG stretches them to its box. */
const STEP = 10;
const BAR = 7;
const TOP = 100;

export type Bar = DayCount & { x: number; y: number; height: number };

/** Each day's bar: the tallest day reaches the top, the others in proportion; a day with orders is never invisible. */
export function barsOf(days: readonly DayCount[]): Bar[] {
  const max = Math.max(0, ...days.map((day) => day.count));
  return days.map((day, index) => {
    const height = max === 0 || day.count <= 0 ? 0 : Math.max(1, (day.count / max) * TOP);
    return { ...day, x: index * STEP + (STEP - BAR) / 2, y: TOP - height, height };
  });
}

const VISUALLY_HIDDEN: CSSProperties = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: 0 };

/** "2026-01-15" -> "01-15": the axis has no room for the year. */
const shortDate = (date: string) => date.slice(5);

/**
 * Orders per day as a small bar chart drawn in SVG (no chart library: the home page stays light). The
 * picture has a one-sentence summary for screen readers, and the figures are also a table they can read.
 */
export function OrdersChart({ days, title }: { days: readonly DayCount[]; title: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const bars = barsOf(days);
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce<DayCount | null>((best, day) => (best === null || day.count > best.count ? day : best), null);
  const max = busiest?.count ?? 0;
  const summary =
    total === 0 || !busiest ? t('dashboard.logistics.chartEmpty', { days: days.length }) : t('dashboard.logistics.chartSummary', { days: days.length, total: formatCount(total), max: formatCount(max), date: busiest.date });
  const labels = days.length > 0 ? [days[0], days[Math.floor((days.length - 1) / 2)], days[days.length - 1]] : [];
  const axis: CSSProperties = { fontSize: 12, color: token.colorTextDescription, fontVariantNumeric: 'tabular-nums' };
  return (
    <figure style={{ margin: 0 }} data-testid="orders-chart">
      <div style={{ display: 'flex', gap: 8 }}>
        <div style={{ ...axis, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', textAlign: 'right', minWidth: 24 }} aria-hidden="true">
          <span>{formatCount(max)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${Math.max(1, days.length) * STEP} ${TOP}`}
          preserveAspectRatio="none"
          width="100%"
          height={140}
          style={{ flex: 1, display: 'block', overflow: 'visible' }}
        >
          <line x1={0} x2={days.length * STEP} y1={TOP} y2={TOP} stroke={token.colorBorder} vectorEffect="non-scaling-stroke" />
          <line x1={0} x2={days.length * STEP} y1={0} y2={0} stroke={token.colorBorderSecondary} strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          {bars.map((bar) => (
            <rect key={bar.date} x={bar.x} y={bar.y} width={BAR} height={bar.height} rx={1} fill={token.colorPrimary} data-date={bar.date} data-count={bar.count}>
              <title>{`${bar.date}: ${formatCount(bar.count)}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div style={{ ...axis, display: 'flex', justifyContent: 'space-between', marginLeft: 32, marginTop: 4 }} aria-hidden="true">
        {labels.map((day, index) => (
          <span key={`${index}-${day?.date ?? ''}`}>{day ? shortDate(day.date) : ''}</span>
        ))}
      </div>
      <table style={VISUALLY_HIDDEN}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.logistics.date')}</th>
            <th scope="col">{t('dashboard.logistics.count')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{formatCount(day.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
