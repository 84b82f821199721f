import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// only what these charts draw (tree-shaken); this module is imported lazily by the statistics pages alone (DESIGN §6)
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** One ECharts chart, redrawn whole when its option changes and resized with its box. */
export function EChart({ option, label, testId, height = 300 }: { option: ChartOption; label: string; testId: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current, undefined, { renderer: 'svg' });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, []);

  useEffect(() => {
    const chart = box.current ? echarts.getInstanceByDom(box.current) : undefined;
    chart?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} data-testid={testId} />;
}
