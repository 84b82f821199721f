import type { Language } from '@portal/shared/languages';
import { pickupExportTexts } from '@portal/shared/messages-pickup';
import { gramsToKg } from '@portal/shared/money';
import { timeFormatter, type ExportColumn } from '../../lib/xlsx.ts';
import { batchStateText } from './lifecycle.ts';
import type { BatchRow } from './repository.ts';

/** The batch export's columns in the caller's language, times in `timeZone`; the platform's name the tenant. */
export function batchColumnsFor(lang: Language, timeZone: string, withTenant: boolean): ExportColumn<BatchRow & { tenantName?: string }>[] {
  const t = pickupExportTexts;
  const time = timeFormatter(timeZone);
  // weights as numbers so that the sheet can add them up (display only: no money here)
  const kg = (grams: number | null) => (grams === null ? null : Number(gramsToKg(grams)));
  return [
    { header: t.batchNo[lang], width: 20, value: (row) => row.batchNo },
    ...(withTenant ? [{ header: t.tenantName[lang], width: 20, value: (row: BatchRow & { tenantName?: string }) => row.tenantName ?? '' }] : []),
    { header: t.status[lang], width: 18, value: (row) => batchStateText(row)[lang] },
    { header: t.shipmentTotal[lang], width: 10, value: (row) => row.shipmentTotal },
    { header: t.estimatedWeightKg[lang], width: 14, numFmt: '0.000', value: (row) => kg(row.estimatedWeight) },
    { header: t.actualWeightKg[lang], width: 14, numFmt: '0.000', value: (row) => kg(row.actualWeight) },
    { header: t.expectedPickupAt[lang], width: 20, value: (row) => time(row.expectedPickupAt) },
    { header: t.estimatedPickupAt[lang], width: 20, value: (row) => time(row.estimatedPickupAt) },
    { header: t.actualPickupAt[lang], width: 20, value: (row) => time(row.actualPickupAt) },
    { header: t.plate[lang], width: 12, value: (row) => row.plate },
    { header: t.contactName[lang], width: 14, value: (row) => row.contactName },
    { header: t.contactPhone[lang], width: 16, value: (row) => row.contactPhone },
    { header: t.pickupAddress[lang], width: 36, value: (row) => row.pickupAddress },
    { header: t.remark[lang], width: 30, value: (row) => row.remark },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
