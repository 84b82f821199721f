import { useEffect, useMemo, useRef } from 'react';
import { Alert, Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { RpColumnsAnswer } from '@portal/shared/online';
import { fetchReportChart, filtersOf, type ReportFilters } from './report-api.ts';

// only what a report's chart draws (tree-shaken); this module is imported lazily, when a chart is first shown
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type Chart = NonNullable<RpColumnsAnswer['chart']>;

/**
 * A report's chart (getChart: the list's filters, grouped by the chart's column) as a bar, line or pie
 * chart. Values come as decimal text (sums of money); the chart draws them as numbers.
 */
export function ReportChart({ reportId, queryKey, chart, title, params }: { reportId: number; queryKey: readonly unknown[]; chart: Chart; title: string; params: ReportFilters }) {
  const { t } = useTranslation();
  const filters = filtersOf(params, false);
  const query = useQuery({ queryKey: [...queryKey, 'chart', filters], queryFn: ({ signal }) => fetchReportChart(reportId, filters, signal), retry: false });
  const groups = query.data?.groups;
  const option = useMemo<echarts.EChartsCoreOption | undefined>(() => {
    if (!groups) return undefined;
    const points = groups.map((group) => ({ name: group.label || group.key, value: Number(group.value) }));
    if (chart.type === 'pie') return { tooltip: { trigger: 'item' }, legend: { type: 'scroll', bottom: 0 }, series: [{ type: 'pie', radius: '60%', data: points }] };
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 24, top: 24, bottom: 48, containLabel: true },
      xAxis: { type: 'category', data: points.map((point) => point.name), axisLabel: { interval: 0, rotate: points.length > 8 ? 30 : 0 } },
      yAxis: { type: 'value' },
      series: [{ type: chart.type, data: points.map((point) => point.value), name: title }],
    };
  }, [groups, chart.type, title]);

  const box = useRef<HTMLDivElement>(null);
  const hasOption = option !== undefined && (groups?.length ?? 0) > 0;
  useEffect(() => {
    if (!box.current || !hasOption) return;
    const instance = echarts.init(box.current, undefined, { renderer: 'svg' });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      instance.dispose();
    };
  }, [hasOption]);
  useEffect(() => {
    const instance = box.current ? echarts.getInstanceByDom(box.current) : undefined;
    if (option) instance?.setOption(option, { notMerge: true });
  }, [option, hasOption]);

  if (query.isError) return <Alert type="error" showIcon title={t('components.table.loadFailed')} style={{ marginBottom: 12 }} />;
  if (query.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!hasOption) return <Empty description={t('components.onlineReport.chartEmpty')} style={{ marginBottom: 12 }} />;
  return <div ref={box} role="img" aria-label={title} style={{ width: '100%', height: 320, marginBottom: 12 }} data-testid="report-chart" />;
}
