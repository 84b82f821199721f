import { invertRate, trimDecimal } from '@portal/shared/money';
import type { Language } from '@portal/shared/languages';
import { rateExportTexts } from '@portal/shared/messages-rates';
import { timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import type { RateExportRow } from './repository.ts';

/** The columns of the rate table's export, headed in the caller's language; times in the reader's zone. */
export function rateColumnsFor(lang: Language, timeZone: string): ExportColumn<RateExportRow>[] {
  const t = rateExportTexts;
  const time = timeFormatter(timeZone);
  return [
    { header: t.baseCurrency[lang], width: 12, value: (row) => row.baseCurrency },
    { header: t.quoteCurrency[lang], width: 12, value: (row) => row.quoteCurrency },
    // exact decimals as text: a spreadsheet number would round the tenth decimal
    { header: t.rate[lang], width: 18, value: (row) => trimDecimal(row.rate) },
    { header: t.inverseRate[lang], width: 18, value: (row) => invertRate(trimDecimal(row.rate)) },
    { header: t.effectiveFrom[lang], width: 20, value: (row) => time(row.effectiveFrom) },
    { header: t.current[lang], width: 10, value: (row) => (row.current ? t.yes[lang] : t.no[lang]) },
    { header: t.remark[lang], width: 30, value: (row) => row.remark },
    { header: t.createdBy[lang], width: 16, value: (row) => row.creatorName ?? '' },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
