import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchasePlatform } from '@portal/shared/purchase';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { moneyText } from '../../../components/money.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { usePayTopUp } from '../api/purchase-orders.ts';

const WALLET_CURRENCIES = ['CNY', 'HKD', 'USD', 'TWD'] as const;

/** Pays a purchase order's top-up from the wallet at the rate the merchant expects (the server refuses a rate that moved). */
export function PayTopUpDialog({ platform, order, onClose }: { platform: PurchasePlatform; order: PurchaseOrderRecord; onClose: () => void }) {
  const { t } = useTranslation('purchasing');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ currency: string; expectedRate: string }>();
  const pay = usePayTopUp(platform);
  const { key, renew } = useIdempotencyKey();
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    pay.mutate(
      { id: order.id, currency: values.currency, expectedRate: values.expectedRate.trim(), idempotencyKey: key },
      {
        onSuccess: () => {
          renew();
          message.success(t('common.done'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal open title={t('order.payTopUpTitle', { purchaseNo: order.purchaseNo })} okText={t('order.payTopUp')} cancelText={t('common.back')} confirmLoading={pay.isPending} onOk={() => void submit()} onCancel={onClose}>
      <ServerError error={pay.error} />
      <Typography.Paragraph>{t('order.payTopUpHint', { amount: moneyText(order.topUpAmount, 'CNY') })}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ currency: 'CNY', expectedRate: '1' }}>
        <Form.Item name="currency" label={t('order.currency')} rules={[{ required: true }]}>
          <Select options={WALLET_CURRENCIES.map((code) => ({ value: code, label: code }))} />
        </Form.Item>
        <Form.Item name="expectedRate" label={t('order.expectedRate')} rules={[{ required: true, pattern: /^\d{1,14}(\.\d{1,10})?$/, message: t('order.amountInvalid') }]}>
          <Input inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
