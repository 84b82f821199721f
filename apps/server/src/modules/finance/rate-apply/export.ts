import { trimDecimal } from '@portal/shared/money';
import type { Language } from '@portal/shared/languages';
import { RATE_APPLY_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { rateExportTexts } from '@portal/shared/messages-rates';
import { timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { EXPORT_AMOUNT_FORMAT, exportAmount } from '../money.ts';
import { marketOf, type RateApplyRow } from './repository.ts';

/** The export's columns; `market` is filled batch by batch before the rows are written. */
export function rateApplyColumnsFor(lang: Language, timeZone: string, market: Map<string, string | null>, withTenant: boolean): ExportColumn<RateApplyRow>[] {
  const t = rateExportTexts;
  const time = timeFormatter(timeZone);
  const columns: ExportColumn<RateApplyRow>[] = [
    { header: t.applyNo[lang], width: 20, value: (row) => row.applyNo },
    { header: t.status[lang], width: 12, value: (row) => RATE_APPLY_STATUS_TEXTS[row.status][lang] },
    { header: t.baseCurrency[lang], width: 12, value: (row) => row.baseCurrency },
    { header: t.quoteCurrency[lang], width: 12, value: (row) => row.quoteCurrency },
    { header: t.amount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(row.amount, row.baseCurrency) },
    // rates as exact text: a spreadsheet number would round the tenth decimal
    { header: t.requestedRate[lang], width: 16, value: (row) => trimDecimal(row.requestedRate) },
    { header: t.approvedRate[lang], width: 16, value: (row) => (row.approvedRate === null ? '' : trimDecimal(row.approvedRate)) },
    { header: t.marketRate[lang], width: 16, value: (row) => marketOf(row, market) ?? '' },
    { header: t.validUntil[lang], width: 20, value: (row) => time(row.validUntil) },
    { header: t.reason[lang], width: 30, value: (row) => row.reason },
    { header: t.decisionRemark[lang], width: 30, value: (row) => row.decisionRemark },
    { header: t.createdBy[lang], width: 16, value: (row) => row.createdBy ?? '' },
    { header: t.decidedBy[lang], width: 16, value: (row) => row.decidedBy ?? '' },
    { header: t.decidedAt[lang], width: 20, value: (row) => time(row.decidedAt) },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
  if (withTenant) columns.splice(1, 0, { header: t.tenant[lang], width: 20, value: (row) => row.tenantName });
  return columns;
}
