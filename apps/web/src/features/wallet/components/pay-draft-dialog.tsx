import { App, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '@portal/shared/finance-schemas';
import { ServerError } from '../../../components/server-error.tsx';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { usePayDraft, usePaymentPreview } from '../api/payments.ts';
import { DetailStates } from '../../../components/detail-states.tsx';
import { payable, PaymentPreviewView } from './payment-preview-view.tsx';

/**
 * Paying a draft: what it would do now (payment/confirm {id}), then "Pay now" (payment/confirm/submit),
 * offered only when the balance covers it. The parent mounts it anew per draft: one key per opening.
 */
export function PayDraftDialog({ payment, onDone, onClose }: { payment: PaymentRecord | null; onDone?: (paid: PaymentRecord) => void; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const preview = usePaymentPreview(payment ? { id: payment.id } : null);
  const pay = usePayDraft();
  const { key } = useIdempotencyKey();
  const run = () => {
    if (!payment) return;
    pay.mutate(
      { input: { id: payment.id }, idempotencyKey: key },
      {
        onSuccess: (paid) => {
          message.success(t('payment.paid', { paymentNo: paid.paymentNo }));
          onDone?.(paid);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={payment !== null}
      title={payment ? t('payment.payDraftTitle', { paymentNo: payment.paymentNo }) : ''}
      onCancel={onClose}
      width={820}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="pay" type="primary" loading={pay.isPending} disabled={!payable(preview.data)} onClick={run} data-testid="payment-pay-now">
          {t('payment.payNow')}
        </Button>,
      ]}
    >
      <ServerError error={pay.error} />
      <DetailStates pending={preview.isPending && payment !== null} failed={preview.isError} onRetry={() => void preview.refetch()} />
      {preview.data && <PaymentPreviewView preview={preview.data} />}
    </Modal>
  );
}
