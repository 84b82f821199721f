import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportPickButton } from '../../../components/report-pick-button.tsx';
import type { PopupConfig } from '@portal/shared/online';

/** The merchant's parcels (the built-in parcel report): their weight in grams (the warehouse's once stored, else the forecast's). */
const STORED_PARCELS: PopupConfig = { reportCode: 'parcel_picker', originalFields: 'trackingNo,weight', targetFields: 'trackingNo,weightGrams', multi: true };

/** The total of the weighed parcels' grams, as the order's kilograms (3 decimals at most); null when none was weighed. */
export function parcelsWeightKg(picked: readonly Record<string, string>[]): { kg: string; count: number } | null {
  const grams = picked.map((parcel) => parcel.weightGrams ?? '').filter((weight) => /^\d+$/.test(weight) && Number(weight) > 0).map(Number);
  if (grams.length === 0) return null;
  const total = grams.reduce((sum, weight) => sum + weight, 0);
  return { kg: String(Number((total / 1000).toFixed(3))), count: grams.length };
}

/**
 * An order for goods sent as parcels declares their weight: the merchant
 * picks the parcels (one or several, consolidated) and their total weight fills the order's.
 */
export function ParcelWeightPick({ onWeight }: { onWeight: (kg: string) => void }) {
  const { t } = useTranslation('logistics');
  const { message } = App.useApp();
  return (
    <ReportPickButton
      config={STORED_PARCELS}
      label={t('form.parcelWeightPick')}
      onPick={(picked) => {
        const weight = parcelsWeightKg(picked);
        if (!weight) {
          message.warning(t('form.parcelWeightNone'));
          return;
        }
        onWeight(weight.kg);
        message.success(t('form.parcelWeightTaken', { count: weight.count, weight: weight.kg }));
      }}
      testId="order-parcel-weight-pick"
    />
  );
}
