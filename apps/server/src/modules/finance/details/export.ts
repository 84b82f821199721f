import type { Language } from '@portal/shared/languages';
import { JOURNAL_KIND_TEXTS } from '@portal/shared/messages-finance';
import { ACCOUNT_KIND_TEXTS, rateExportTexts } from '@portal/shared/messages-rates';
import { timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { EXPORT_AMOUNT_FORMAT, exportAmount } from '../money.ts';
import type { AccountRow, DetailRow } from './repository.ts';

/** The columns of the finance details' export, in the caller's language and time zone. */
export function detailColumnsFor(lang: Language, timeZone: string): ExportColumn<DetailRow>[] {
  const t = rateExportTexts;
  const time = timeFormatter(timeZone);
  return [
    { header: t.postedAt[lang], width: 20, value: (row) => time(row.postedAt) },
    { header: t.kind[lang], width: 12, value: (row) => JOURNAL_KIND_TEXTS[row.kind][lang] },
    { header: t.refNo[lang], width: 20, value: (row) => row.refNo },
    { header: t.memo[lang], width: 30, value: (row) => row.memo },
    { header: t.currency[lang], width: 10, value: (row) => row.currency },
    { header: t.amount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(row.amount, row.currency) },
    { header: t.balance[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(row.balanceAfter, row.currency) },
  ];
}

/** The columns of the account list's export. */
export function accountColumnsFor(lang: Language, timeZone: string): ExportColumn<AccountRow>[] {
  const t = rateExportTexts;
  const time = timeFormatter(timeZone);
  return [
    { header: t.tenant[lang], width: 20, value: (row) => row.tenantName },
    { header: t.account[lang], width: 16, value: (row) => ACCOUNT_KIND_TEXTS[row.kind][lang] },
    { header: t.currency[lang], width: 10, value: (row) => row.currency },
    { header: t.balance[lang], width: 18, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(BigInt(row.balance), row.currency) },
    { header: t.updatedAt[lang], width: 20, value: (row) => time(row.updatedAt) },
  ];
}
