import type { Language } from '@portal/shared/languages';
import { purchasingExportTexts as texts } from '@portal/shared/messages-purchasing';
import type { PurchaseOrderStatus } from '@portal/shared/purchase';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { EXPORT_AMOUNT_FORMAT } from '../../finance/money.ts';

/** The spreadsheet columns of the purchase order lists (the spec's purchase fields), the merchant first when across tenants. */
export function purchaseOrderColumns(lang: Language, timeZone: string, withTenant: boolean, statusText: (status: PurchaseOrderStatus) => string): ExportColumn<PurchaseOrderRecord>[] {
  const time = timeFormatter(timeZone);
  const amount = (value: string | null) => (value === null ? null : Number(value));
  const columns: ExportColumn<PurchaseOrderRecord>[] = [
    { header: texts.preOrderNo[lang], width: 22, value: (row) => row.preOrderNo },
    { header: texts.purchaseNo[lang], width: 22, value: (row) => row.purchaseNo },
    { header: texts.externalPurchaseNo[lang], width: 24, value: (row) => row.externalPurchaseNo },
    { header: texts.platformOrderId[lang], width: 22, value: (row) => row.platformOrderId },
    { header: texts.sellerId[lang], width: 16, value: (row) => row.sellerId },
    { header: texts.storeName[lang], width: 24, value: (row) => row.storeName },
    { header: texts.purchaseAmount[lang], width: 14, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => amount(row.purchaseAmount) },
    { header: texts.purchaseCurrency[lang], width: 10, value: (row) => row.purchaseCurrency },
    { header: texts.domesticExpressFee[lang], width: 14, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => amount(row.domesticExpressFee) },
    { header: texts.actualPaymentAmount[lang], width: 14, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => amount(row.actualPaymentAmount) },
    { header: texts.actualPaymentCurrency[lang], width: 10, value: (row) => row.actualPaymentCurrency },
    { header: texts.status[lang], width: 16, value: (row) => statusText(row.status) },
    { header: texts.expressNo[lang], width: 20, value: (row) => row.expressNo },
    { header: texts.topUpAmount[lang], width: 12, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => (row.topUpStatus === 'UNPAID' ? amount(row.topUpAmount) : null) },
    { header: texts.createdAt[lang], width: 20, value: (row) => time(new Date(row.createdAt)) },
  ];
  return withTenant ? [{ header: texts.tenantName[lang], width: 20, value: (row) => row.tenantName }, ...columns] : columns;
}
