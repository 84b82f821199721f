import type { Language } from '@portal/shared/languages';
import { EXCEPTION_RESOLUTION_TEXTS, EXCEPTION_STATUS_TEXTS, EXCEPTION_TYPE_TEXTS, pickupExportTexts } from '@portal/shared/messages-pickup';
import { timeFormatter, type ExportColumn } from '../../lib/xlsx.ts';
import type { ExceptionRow } from './repository.ts';

/** The exception export's columns in the caller's language, times in `timeZone`. */
export function exceptionColumnsFor(lang: Language, timeZone: string): ExportColumn<ExceptionRow>[] {
  const t = pickupExportTexts;
  const time = timeFormatter(timeZone);
  const named = <K extends string>(texts: Record<K, Record<Language, string>>, value: string | null) => (value !== null && Object.hasOwn(texts, value) ? texts[value as K][lang] : (value ?? ''));
  return [
    { header: t.exceptionNo[lang], width: 20, value: (row) => row.exceptionNo },
    { header: t.logisticsOrderNo[lang], width: 22, value: (row) => row.orderNo },
    { header: t.exceptionType[lang], width: 16, value: (row) => named(EXCEPTION_TYPE_TEXTS, row.type) },
    { header: t.description[lang], width: 40, value: (row) => row.description },
    { header: t.status[lang], width: 16, value: (row) => EXCEPTION_STATUS_TEXTS[row.status][lang] },
    { header: t.resolution[lang], width: 14, value: (row) => named(EXCEPTION_RESOLUTION_TEXTS, row.resolution) },
    { header: t.merchantRemark[lang], width: 30, value: (row) => row.merchantRemark },
    { header: t.platformRemark[lang], width: 30, value: (row) => row.platformRemark },
    { header: t.dealtAt[lang], width: 20, value: (row) => time(row.dealtAt) },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
