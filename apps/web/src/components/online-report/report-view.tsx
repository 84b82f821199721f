import { lazy, Suspense, useState } from 'react';
import { Button, Spin } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DetailStates } from '../detail-states.tsx';
import { ExportButton } from '../export-button.tsx';
import { ListPage } from '../list-page/list-page.tsx';
import { exportReport } from './report-api.ts';
import { useReportConfig } from './report-config.tsx';

// ECharts is large: it is loaded the first time a chart is shown, never for the list alone
const ReportChart = lazy(() => import('./report-chart.tsx').then((module) => ({ default: module.ReportChart })));

/**
 * An online report as a list page: its query form (fields hidden '1' only when
 * expanded), its columns (dictionary values as their texts, sortable ones sorted on the server), pages
 * of 10, 20 or 30, an Excel export of what is shown, and its chart when it has one.
 */
export function ReportView({ code, group = code }: { code: string; group?: string }) {
  const { t } = useTranslation();
  const { answer, config, pending, failed, retry } = useReportConfig(code, group);
  const [chartShown, setChartShown] = useState(false);
  if (!answer || !config) return <DetailStates pending={pending} failed={failed} onRetry={retry} />;
  const chart = answer.chart;
  return (
    <ListPage
      key={config.id}
      config={config}
      toolbar={
        chart && (
          <Button icon={<BarChartOutlined />} type={chartShown ? 'primary' : 'default'} aria-pressed={chartShown} onClick={() => setChartShown((shown) => !shown)} data-testid="report-chart-toggle">
            {chartShown ? t('components.onlineReport.hideChart') : t('components.onlineReport.showChart')}
          </Button>
        )
      }
      exportSlot={(params) => <ExportButton label={t('components.onlineReport.export')} run={(timeZone) => exportReport(answer.cgRpConfigId, params, timeZone)} />}
      aboveTable={(params) =>
        chart && chartShown ? (
          <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
            <ReportChart reportId={answer.cgRpConfigId} queryKey={config.queryKey} chart={chart} title={answer.cgRpConfigName} params={params} />
          </Suspense>
        ) : null
      }
    />
  );
}
