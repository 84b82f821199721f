import type { Language } from '@portal/shared/languages';
import { PRE_ORDER_STATUS_TEXTS, preOrderExportTexts } from '@portal/shared/messages-pre-order';
import type { PurchasePlatform } from '@portal/shared/purchase';
import type { Db } from '../../../db/client.ts';
import { assertExportSize, keysetBatches, timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { EXPORT_AMOUNT_FORMAT } from '../../finance/money.ts';
import { countPreOrders, preOrderExportBatch, type PreOrderExportRow } from './records.ts';
import type { PreOrderFilters } from './repository.ts';

/** A decimal amount as a number cell (exact to the cent below 10^13, like every finance export). */
const amount = (value: string | null): number | null => (value === null ? null : Number(value));

/** The columns of the pre-purchase order export, in the caller's language and time zone. */
function columnsFor(lang: Language, timeZone: string): ExportColumn<PreOrderExportRow>[] {
  const t = preOrderExportTexts;
  const time = timeFormatter(timeZone);
  const at = (value: string | null) => time(value === null ? null : new Date(value));
  return [
    { header: t.preOrderNo[lang], width: 22, value: (row) => row.preOrderNo },
    { header: t.platform[lang], width: 8, value: (row) => row.platform },
    { header: t.status[lang], width: 12, value: (row) => PRE_ORDER_STATUS_TEXTS[row.status][lang] },
    { header: t.titles[lang], width: 50, value: (row) => row.titles },
    { header: t.quantity[lang], width: 8, value: (row) => row.quantity },
    { header: t.goodsAmount[lang], width: 14, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => amount(row.goodsAmount) },
    { header: t.expressFee[lang], width: 14, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => amount(row.expressFee) },
    { header: t.serviceFee[lang], width: 14, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => amount(row.serviceFee) },
    { header: t.totalAmount[lang], width: 14, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => amount(row.totalAmount) },
    { header: t.paidAmount[lang], width: 14, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => amount(row.paidAmount) },
    { header: t.paidCurrency[lang], width: 8, value: (row) => row.paidCurrency ?? '' },
    { header: t.warehouse[lang], width: 8, value: (row) => row.warehouseCode },
    { header: t.remark[lang], width: 30, value: (row) => row.remark },
    { header: t.createdAt[lang], width: 20, value: (row) => at(row.createdAt) },
    { header: t.paidAt[lang], width: 20, value: (row) => at(row.paidAt) },
  ];
}

/** The filtered pre-orders as a spreadsheet in `lang`, newest first: 400 past the export limit. */
export async function preOrderWorkbook(db: Db, tenantId: number, platform: PurchasePlatform, filters: PreOrderFilters, lang: Language, timeZone: string) {
  assertExportSize(await countPreOrders(db, tenantId, platform, filters));
  return {
    title: preOrderExportTexts.title[lang],
    asciiTitle: 'pre-purchase-orders',
    timeZone,
    columns: columnsFor(lang, timeZone),
    batches: keysetBatches((after, limit) => preOrderExportBatch(db, tenantId, platform, filters, after, limit)),
  };
}
