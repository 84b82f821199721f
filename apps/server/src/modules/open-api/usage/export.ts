import type { Language } from '@portal/shared/languages';
import type { ApiFigures } from '@portal/shared/usage-statistics';
import { statsExportTexts } from '@portal/shared/messages-stats';
import { DEFAULT_EXPORT_TIME_ZONE, type ExportColumn } from '../../../lib/xlsx.ts';

export type ApiExportRow = ApiFigures & { date: string; keyId: number; keyName: string; apiType: string };

/** The API statistics as a sheet: one row per day, key and operation, in the caller's language. */
export function apiStatisticsWorkbook(rows: ApiExportRow[], lang: Language, range: { begin: string; end: string }, apiTypeText: (code: string) => string) {
  const t = statsExportTexts;
  const columns: ExportColumn<ApiExportRow>[] = [
    { header: t.date[lang], width: 12, value: (row) => row.date },
    { header: t.keyName[lang], width: 24, value: (row) => row.keyName },
    { header: t.apiType[lang], width: 20, value: (row) => apiTypeText(row.apiType) },
    { header: t.calls[lang], width: 12, value: (row) => row.calls },
    { header: t.clientErrors[lang], width: 12, value: (row) => row.clientErrors },
    { header: t.serverErrors[lang], width: 12, value: (row) => row.serverErrors },
    { header: t.throttled[lang], width: 12, value: (row) => row.throttled },
    { header: t.errorRate[lang], width: 12, numFmt: '0.00%', value: (row) => row.errorRate },
    { header: t.avgMs[lang], width: 12, value: (row) => row.avgMs },
    { header: t.p50Ms[lang], width: 12, value: (row) => row.p50Ms },
    { header: t.p95Ms[lang], width: 12, value: (row) => row.p95Ms },
  ];
  return {
    title: `${t.apiSheet[lang]}_${range.begin}_${range.end}`,
    asciiTitle: `api-statistics_${range.begin}_${range.end}`,
    sheetName: t.apiSheet[lang],
    timeZone: DEFAULT_EXPORT_TIME_ZONE,
    columns,
    batches: (async function* () {
      yield rows;
    })(),
  };
}
