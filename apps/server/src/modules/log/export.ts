import type { Language } from '@portal/shared/languages';
import { visitExportTexts } from '@portal/shared/messages-visits';
import type { VisitDayRecord } from '@portal/shared/visit-statistics';
import { DEFAULT_EXPORT_TIME_ZONE, type ExportColumn } from '../../lib/xlsx.ts';

/** The days of the statistics as a sheet, in the caller's language (at most 366 rows: one batch). */
export function visitWorkbook(days: VisitDayRecord[], lang: Language, range: { begin: string; end: string }) {
  const t = visitExportTexts;
  const columns: ExportColumn<VisitDayRecord>[] = [
    { header: t.date[lang], width: 14, value: (row) => row.date },
    { header: t.pageViews[lang], width: 14, value: (row) => row.pageViews },
    { header: t.visitors[lang], width: 14, value: (row) => row.visitors },
    { header: t.signIns[lang], width: 14, value: (row) => row.signIns },
    { header: t.failedSignIns[lang], width: 14, value: (row) => row.failedSignIns },
    { header: t.ip[lang], width: 16, value: (row) => row.ip },
  ];
  const title = `${t.sheet[lang]}_${range.begin}_${range.end}`;
  return {
    title,
    asciiTitle: `visits_${range.begin}_${range.end}`,
    sheetName: t.sheet[lang],
    timeZone: DEFAULT_EXPORT_TIME_ZONE,
    columns,
    batches: (async function* () {
      yield days;
    })(),
  };
}
