import type { Language } from '@portal/shared/languages';
import type { PushStatistics } from '@portal/shared/usage-statistics';
import { statsExportTexts } from '@portal/shared/messages-stats';
import { DEFAULT_EXPORT_TIME_ZONE, type ExportColumn } from '../../../lib/xlsx.ts';

type Row = PushStatistics['days'][number] & { endpoint: string };

/**
 * The push statistics as a sheet in the caller's language: one row per day of the range (the figures the
 * chart shows), then one per endpoint over the whole range (its URL in the endpoint column).
 */
export function pushStatisticsWorkbook(stats: PushStatistics, lang: Language) {
  const t = statsExportTexts;
  const columns: ExportColumn<Row>[] = [
    { header: t.date[lang], width: 24, value: (row) => row.date },
    { header: t.endpoint[lang], width: 48, value: (row) => row.endpoint },
    { header: t.deliveries[lang], width: 12, value: (row) => row.deliveries },
    { header: t.succeeded[lang], width: 12, value: (row) => row.succeeded },
    { header: t.failed[lang], width: 12, value: (row) => row.failed },
    { header: t.pending[lang], width: 12, value: (row) => row.pending },
    { header: t.successRate[lang], width: 12, numFmt: '0.00%', value: (row) => row.successRate },
    { header: t.attempts[lang], width: 12, value: (row) => row.attempts },
    { header: t.failedAttempts[lang], width: 12, value: (row) => row.failedAttempts },
    { header: t.avgLatencyMs[lang], width: 14, value: (row) => row.avgLatencyMs },
    { header: t.p95LatencyMs[lang], width: 14, value: (row) => row.p95LatencyMs },
  ];
  const period = `${stats.begin} ~ ${stats.end}`;
  const rows: Row[] = [
    ...stats.days.map((day) => ({ ...day, endpoint: '' })),
    ...stats.endpoints.map((endpoint) => ({ ...endpoint, date: period, endpoint: endpoint.url })),
  ];
  return {
    title: `${t.pushSheet[lang]}_${stats.begin}_${stats.end}`,
    asciiTitle: `push-statistics_${stats.begin}_${stats.end}`,
    sheetName: t.pushSheet[lang],
    timeZone: DEFAULT_EXPORT_TIME_ZONE,
    columns,
    batches: (async function* () {
      yield rows;
    })(),
  };
}
