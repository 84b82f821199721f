import { App, Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { moneyText } from '../../../components/money.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useConfirmOrder } from '../api/purchasing-orders.ts';

type Values = { externalPurchaseNo: string; platformOrderId?: string; domesticExpressFee: string; actualPaymentAmount: string };

/** 0 or more with at most two decimals: the server's CNY amount. */
export const CNY_AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/** The purchaser bought it by hand or read the platform's confirmation: the platform's numbers and what was actually paid. */
export function ConfirmPurchaseDialog({ order, onClose }: { order: PurchaseOrderRecord; onClose: () => void }) {
  const { t } = useTranslation('purchasing');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const confirm = useConfirmOrder();
  const estimate = (Number(order.purchaseAmount) * 100 + Number(order.estimatedExpressFee) * 100) / 100;
  const required = (field: string) => ({ required: true, whitespace: true, message: t('order.required', { field }) });
  const amount = (field: string) => [required(field), { pattern: CNY_AMOUNT, message: t('order.amountInvalid') }];

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    confirm.mutate(
      {
        tenantId: order.tenantId,
        id: order.id,
        externalPurchaseNo: values.externalPurchaseNo.trim(),
        platformOrderId: (values.platformOrderId ?? '').trim(),
        domesticExpressFee: values.domesticExpressFee.trim(),
        actualPaymentAmount: values.actualPaymentAmount.trim(),
      },
      {
        onSuccess: () => {
          message.success(t('common.done'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal open title={t('order.confirmTitle', { purchaseNo: order.purchaseNo })} okText={t('common.submit')} cancelText={t('common.back')} confirmLoading={confirm.isPending} onOk={() => void submit()} onCancel={onClose}>
      <ServerError error={confirm.error} />
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('order.confirmHint', { estimate: moneyText(estimate.toFixed(2), 'CNY') })} />
      <Form form={form} layout="vertical" initialValues={{ externalPurchaseNo: order.externalPurchaseNo, platformOrderId: order.platformOrderId }}>
        <Form.Item name="externalPurchaseNo" label={t('order.externalPurchaseNo')} rules={[required(t('order.externalPurchaseNo'))]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="platformOrderId" label={t('order.platformOrderId')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="domesticExpressFee" label={t('order.domesticExpressFee')} rules={amount(t('order.domesticExpressFee'))}>
          <Input suffix="CNY" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="actualPaymentAmount" label={t('order.actualPaymentAmount')} rules={amount(t('order.actualPaymentAmount'))}>
          <Input suffix="CNY" inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
