import { useMemo } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitDayRecord } from '@portal/shared/visit-statistics';
import { EChart, type ChartOption } from './echart.tsx';

/** Page views and visitors as columns, sign-ins and failed sign-ins as lines, one point per day. */
export function VisitChart({ days }: { days: VisitDayRecord[] }) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(
    () => ({
      color: [token.colorPrimary, token.colorInfoBorder, token.colorSuccess, token.colorError],
      textStyle: { color: token.colorText, fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 48, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((day) => day.date), axisLabel: { formatter: (value: string) => value.slice(5), color: token.colorTextSecondary } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: token.colorTextSecondary }, splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      series: [
        { name: t('visit.pageViews'), type: 'bar', data: days.map((day) => day.pageViews), barMaxWidth: 24 },
        { name: t('visit.visitors'), type: 'bar', data: days.map((day) => day.visitors), barMaxWidth: 24 },
        // straight segments: a smoothed curve would draw values between days that never happened
        { name: t('visit.signIns'), type: 'line', data: days.map((day) => day.signIns), showSymbol: days.length <= 31 },
        { name: t('visit.failedSignIns'), type: 'line', data: days.map((day) => day.failedSignIns), showSymbol: days.length <= 31 },
      ],
    }),
    [days, t, token],
  );
  return <EChart option={option} label={t('visit.chartTitle')} testId="visit-chart" height={320} />;
}
