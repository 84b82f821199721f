import { lazy, Suspense, useState } from 'react';
import { App, Button, Spin } from 'antd';
import { BarChartOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http.ts';
import { userTimeZone } from '../../lib/time-zone.ts';
import { DetailStates } from '../detail-states.tsx';
import { ListPage } from '../list-page/list-page.tsx';
import type { ListParams } from '../list-page/list-config.ts';
import { exportReport } from './report-api.ts';
import { useReportConfig } from './report-config.tsx';

// ECharts is large: it is loaded the first time a chart is shown, never for the list alone
const ReportChart = lazy(() => import('./report-chart.tsx').then((module) => ({ default: module.ReportChart })));

/** Exports what the list shows (its filters and order); busy while the file comes. */
function ReportExportButton({ reportId, params }: { reportId: number; params: ListParams }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await exportReport(reportId, params, userTimeZone());
    } catch (error) {
      // the HTTP client already reported a failed status and an answer that is not a file
      const text = error instanceof Error ? error.message : String(error);
      if (!(error instanceof HttpError) && text !== t('errors.downloadFailed')) message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="export-button">
      {t('components.onlineReport.export')}
    </Button>
  );
}

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
      exportSlot={(params) => <ReportExportButton reportId={answer.cgRpConfigId} params={params} />}
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
