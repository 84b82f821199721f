import type { Language } from '@portal/shared/languages';
import { PARCEL_STATUS_TEXTS, pickupExportTexts } from '@portal/shared/messages-pickup';
import { gramsToKg, mmToCm } from '@portal/shared/money';
import { timeFormatter, type ExportColumn } from '../../lib/xlsx.ts';
import type { ParcelRow } from './repository.ts';

// weights and sizes as numbers, so that the sheet can add them up (display only: no money here)
const kg = (grams: number | null) => (grams === null ? null : Number(gramsToKg(grams)));
const cm = (mm: number | null) => (mm === null ? null : Number(mmToCm(mm)));

/** The parcel export's columns in the caller's language, times in `timeZone`. */
export function parcelExportColumns(lang: Language, timeZone: string): ExportColumn<ParcelRow>[] {
  const t = pickupExportTexts;
  const time = timeFormatter(timeZone);
  return [
    { header: t.trackingNo[lang], width: 24, value: (row) => row.trackingNo },
    { header: t.logisticsOrderNo[lang], width: 22, value: (row) => row.logisticsOrderNo ?? '' },
    { header: t.status[lang], width: 14, value: (row) => PARCEL_STATUS_TEXTS[row.status][lang] },
    { header: t.weightKg[lang], width: 12, numFmt: '0.000', value: (row) => kg(row.weight) },
    { header: t.lengthCm[lang], width: 10, numFmt: '0.0', value: (row) => cm(row.length) },
    { header: t.widthCm[lang], width: 10, numFmt: '0.0', value: (row) => cm(row.width) },
    { header: t.heightCm[lang], width: 10, numFmt: '0.0', value: (row) => cm(row.height) },
    { header: t.warehouse[lang], width: 10, value: (row) => row.warehouseCode ?? '' },
    { header: t.storageTime[lang], width: 20, value: (row) => time(row.storageTime) },
    { header: t.shipmentTime[lang], width: 20, value: (row) => time(row.shipmentTime) },
    { header: t.remark[lang], width: 30, value: (row) => row.remark },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
