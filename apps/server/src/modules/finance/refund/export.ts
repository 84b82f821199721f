import type { Language } from '@portal/shared/languages';
import { REFUND_KIND_TEXTS, REFUND_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { paymentExportTexts } from '@portal/shared/messages-payment';
import { timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { EXPORT_AMOUNT_FORMAT, exportAmount } from '../money.ts';
import type { RefundExportRow } from './repository.ts';

/** The columns of the refund export in the caller's language and time zone; the platform's starts with the tenant. */
export function refundColumnsFor(lang: Language, timeZone: string, withTenant: boolean): ExportColumn<RefundExportRow>[] {
  const t = paymentExportTexts;
  const time = timeFormatter(timeZone);
  const columns: ExportColumn<RefundExportRow>[] = [
    { header: t.refundNo[lang], width: 22, value: (row) => row.refundNo },
    { header: t.kind[lang], width: 14, value: (row) => REFUND_KIND_TEXTS[row.kind][lang] },
    { header: t.status[lang], width: 12, value: (row) => REFUND_STATUS_TEXTS[row.status][lang] },
    { header: t.currency[lang], width: 8, value: (row) => row.currency },
    { header: t.refundAmount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(row.amount, row.currency) },
    { header: t.payOrderNo[lang], width: 22, value: (row) => row.payOrderNo ?? '' },
    { header: t.orderNo[lang], width: 22, value: (row) => row.orderNo ?? '' },
    { header: t.payeeName[lang], width: 20, value: (row) => row.payeeName },
    { header: t.payeeAccount[lang], width: 24, value: (row) => row.payeeAccount },
    { header: t.payeeBank[lang], width: 24, value: (row) => row.payeeBank },
    { header: t.reason[lang], width: 30, value: (row) => row.reason },
    { header: t.decisionRemark[lang], width: 30, value: (row) => row.decisionRemark },
    { header: t.createdBy[lang], width: 16, value: (row) => row.createdByName },
    { header: t.refunder[lang], width: 16, value: (row) => row.refunderName },
    { header: t.decidedAt[lang], width: 20, value: (row) => time(row.decidedAt) },
    { header: t.postedAt[lang], width: 20, value: (row) => time(row.postedAt) },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
  return withTenant ? [{ header: t.tenantName[lang], width: 20, value: (row) => row.tenantName }, ...columns] : columns;
}
