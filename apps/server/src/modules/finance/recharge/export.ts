import type { Language } from '@portal/shared/languages';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { RECHARGE_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { rechargeExportTexts } from '@portal/shared/messages-recharge';
import { timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { EXPORT_AMOUNT_FORMAT } from '../money.ts';

/** The columns of the recharge exports, headed in the caller's language; times in the reader's zone. */

export type RechargeExportRow = { id: number; cursorTime: string; record: RechargeRecord };

// a spreadsheet sums numbers, not text: the exact decimal string becomes the cell's number only here
const amount = (value: string | null) => (value === null ? null : Number(value));

export function rechargeColumns(lang: Language, timeZone: string, withTenant: boolean): ExportColumn<RechargeExportRow>[] {
  const t = rechargeExportTexts;
  const formatTime = timeFormatter(timeZone);
  const time = (value: string | null) => formatTime(value ? new Date(value) : null);
  const columns: ExportColumn<RechargeExportRow>[] = [
    { header: t.rechargeNo[lang], width: 20, value: ({ record }) => record.rechargeNo },
    { header: t.status[lang], width: 12, value: ({ record }) => RECHARGE_STATUS_TEXTS[record.status][lang] },
    { header: t.transferCurrency[lang], width: 10, value: ({ record }) => record.transferCurrency },
    { header: t.transferAmount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: ({ record }) => amount(record.transferAmount) },
    { header: t.receivedCurrency[lang], width: 10, value: ({ record }) => record.receivedCurrency },
    { header: t.receivedAmount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: ({ record }) => amount(record.receivedAmount) },
    { header: t.unrechargedAmount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: ({ record }) => amount(record.unrechargedAmount) },
    { header: t.rate[lang], width: 14, value: ({ record }) => record.rate },
    { header: t.rateApplyNo[lang], width: 20, value: ({ record }) => record.rateApplyNo },
    { header: t.payerName[lang], width: 20, value: ({ record }) => record.payerName },
    { header: t.payerAccount[lang], width: 22, value: ({ record }) => record.payerAccount },
    { header: t.receivingBank[lang], width: 28, value: ({ record }) => record.receivingBank },
    { header: t.receivingAccountNo[lang], width: 24, value: ({ record }) => record.receivingAccountNo },
    { header: t.transferredAt[lang], width: 20, value: ({ record }) => time(record.transferredAt) },
    { header: t.createdBy[lang], width: 14, value: ({ record }) => record.createdBy },
    { header: t.createdAt[lang], width: 20, value: ({ record }) => time(record.createdAt) },
    { header: t.submittedAt[lang], width: 20, value: ({ record }) => time(record.submittedAt) },
    { header: t.decidedBy[lang], width: 14, value: ({ record }) => record.decidedBy },
    { header: t.decidedAt[lang], width: 20, value: ({ record }) => time(record.decidedAt) },
    { header: t.postedAt[lang], width: 20, value: ({ record }) => time(record.postedAt) },
    { header: t.rejectReason[lang], width: 30, value: ({ record }) => record.rejectReason },
    { header: t.remark[lang], width: 30, value: ({ record }) => record.remark },
  ];
  return withTenant ? [{ header: t.tenantName[lang], width: 20, value: ({ record }) => record.tenantName }, ...columns] : columns;
}
