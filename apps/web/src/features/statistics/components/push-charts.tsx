import { useMemo } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PushDayFigures, PushStatistics } from '@portal/shared/usage-statistics';
import { EChart } from './echart.tsx';

/** Deliveries per day stacked by status, and the success rate on a second axis. */
export function PushDailyChart({ days }: { days: PushDayFigures[] }) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  const option = useMemo(
    () => ({
      color: [token.colorSuccess, token.colorError, token.colorWarning, token.colorPrimary],
      textStyle: { color: token.colorText, fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 56, right: 56, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((day) => day.date), axisLabel: { formatter: (value: string) => value.slice(5), color: token.colorTextSecondary } },
      yAxis: [
        { type: 'value', minInterval: 1, axisLabel: { color: token.colorTextSecondary }, splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
        { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %', color: token.colorTextSecondary }, splitLine: { show: false } },
      ],
      series: [
        { name: t('push.succeeded'), type: 'bar', stack: 'deliveries', data: days.map((day) => day.succeeded), barMaxWidth: 24 },
        { name: t('push.failed'), type: 'bar', stack: 'deliveries', data: days.map((day) => day.failed), barMaxWidth: 24 },
        { name: t('push.pending'), type: 'bar', stack: 'deliveries', data: days.map((day) => day.pending), barMaxWidth: 24 },
        {
          name: t('push.successRate'),
          type: 'line',
          yAxisIndex: 1,
          data: days.map((day) => (day.successRate === null ? null : Math.round(day.successRate * 1000) / 10)),
          tooltip: { valueFormatter: (value: number | null) => (value === null || value === undefined ? '-' : `${value} %`) },
          showSymbol: days.length <= 31,
        },
      ],
    }),
    [days, t, token],
  );
  return <EChart option={option} label={t('push.dailyChart')} testId="push-daily-chart" />;
}

/**
 * Failed attempts by how they ended, then the deliveries never sent by why (those that happened), as horizontal
 * bars: a failed delivery shows here whether it was tried or refused before sending.
 */
export function PushReasonsChart({ reasons, refusals }: { reasons: PushStatistics['reasons']; refusals: PushStatistics['refusals'] }) {
  const { t } = useTranslation(['statistics', 'message-push']);
  const { token } = theme.useToken();
  const option = useMemo(() => {
    const refused = refusals.filter((row) => row.deliveries > 0);
    const labels = [...reasons.map((row) => t(`push.reasons.${row.outcome}`)), ...refused.map((row) => t(`message-push:refusal.${row.refusal}`))];
    // one bar a row: each series has its own rows, the other's are empty
    const attempts = [...reasons.map((row) => row.attempts), ...refused.map(() => null)];
    const notSent = [...reasons.map(() => null), ...refused.map((row) => row.deliveries)];
    return {
      color: [token.colorError, token.colorWarning],
      textStyle: { color: token.colorText, fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: refused.length > 0 ? { top: 0, textStyle: { color: token.colorText } } : undefined,
      grid: { left: 8, right: 32, top: refused.length > 0 ? 32 : 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1, axisLabel: { color: token.colorTextSecondary }, splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      yAxis: { type: 'category', inverse: true, data: labels, axisLabel: { color: token.colorText } },
      series: [
        { name: t('push.failedAttempts'), type: 'bar', stack: 'row', data: attempts, barMaxWidth: 20, label: { show: true, position: 'right', color: token.colorText } },
        { name: t('push.notSent'), type: 'bar', stack: 'row', data: notSent, barMaxWidth: 20, label: { show: true, position: 'right', color: token.colorText } },
      ],
    };
  }, [reasons, refusals, t, token]);
  return <EChart option={option} label={t('push.reasonsChart')} testId="push-reasons-chart" height={300} />;
}
