import type { Language } from '@portal/shared/languages';
import { PAYMENT_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { paymentExportTexts, PLATFORM_PAYEE_NAMES } from '@portal/shared/messages-payment';
import { timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { EXPORT_AMOUNT_FORMAT, exportAmount } from '../money.ts';
import type { PaymentExportRow } from './repository.ts';

/** The columns of the payment export, in the caller's language and time zone. */
export function paymentColumnsFor(lang: Language, timeZone: string): ExportColumn<PaymentExportRow>[] {
  const t = paymentExportTexts;
  const time = timeFormatter(timeZone);
  return [
    { header: t.paymentNo[lang], width: 22, value: (row) => row.paymentNo },
    { header: t.status[lang], width: 12, value: (row) => PAYMENT_STATUS_TEXTS[row.status][lang] },
    { header: t.currency[lang], width: 8, value: (row) => row.currency },
    { header: t.payAmount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(row.amount, row.currency) },
    { header: t.orderNos[lang], width: 40, value: (row) => row.orderNos },
    { header: t.payee[lang], width: 30, value: () => PLATFORM_PAYEE_NAMES[lang] },
    { header: t.remark[lang], width: 30, value: (row) => row.remark },
    { header: t.createdBy[lang], width: 16, value: (row) => row.createdByName },
    { header: t.paidBy[lang], width: 16, value: (row) => row.paidByName },
    { header: t.paidAt[lang], width: 20, value: (row) => time(row.paidAt) },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
