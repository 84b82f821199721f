import { useMemo } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiDayFigures } from '@portal/shared/usage-statistics';
import { EChart } from './echart.tsx';

const dayLabel = (value: string) => value.slice(5);

/** Calls per day as columns, errors (4xx and 5xx together) as a line. */
export function ApiCallsChart({ days }: { days: ApiDayFigures[] }) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  const option = useMemo(
    () => ({
      color: [token.colorPrimary, token.colorError, token.colorWarning],
      textStyle: { color: token.colorText, fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 56, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((day) => day.date), axisLabel: { formatter: dayLabel, color: token.colorTextSecondary } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: token.colorTextSecondary }, splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      series: [
        { name: t('api.calls'), type: 'bar', data: days.map((day) => day.calls), barMaxWidth: 24 },
        { name: t('api.errors'), type: 'line', data: days.map((day) => day.clientErrors + day.serverErrors), showSymbol: days.length <= 31 },
        { name: t('api.throttled'), type: 'line', data: days.map((day) => day.throttled), showSymbol: days.length <= 31 },
      ],
    }),
    [days, t, token],
  );
  return <EChart option={option} label={t('api.callsChart')} testId="api-calls-chart" />;
}

/** P50 and P95 latency per day (a day without calls has no point). */
export function ApiLatencyChart({ days }: { days: ApiDayFigures[] }) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  const option = useMemo(
    () => ({
      color: [token.colorSuccess, token.colorWarning],
      textStyle: { color: token.colorText, fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis', valueFormatter: (value: number | null) => (value === null || value === undefined ? '-' : `${value} ms`) },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 56, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((day) => day.date), axisLabel: { formatter: dayLabel, color: token.colorTextSecondary } },
      yAxis: { type: 'value', name: 'ms', nameTextStyle: { color: token.colorTextSecondary }, axisLabel: { color: token.colorTextSecondary }, splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      series: [
        { name: t('api.p50Ms'), type: 'line', data: days.map((day) => day.p50Ms), connectNulls: false, showSymbol: days.length <= 31 },
        { name: t('api.p95Ms'), type: 'line', data: days.map((day) => day.p95Ms), connectNulls: false, showSymbol: days.length <= 31 },
      ],
    }),
    [days, t, token],
  );
  return <EChart option={option} label={t('api.latencyChart')} testId="api-latency-chart" />;
}
