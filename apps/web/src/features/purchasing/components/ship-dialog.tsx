import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { ServerError } from '../../../components/server-error.tsx';
import { useShipOrder } from '../api/purchasing-orders.ts';

/** The seller shipped: its domestic express, by which the warehouse will receive the goods. */
export function ShipDialog({ order, onClose }: { order: PurchaseOrderRecord; onClose: () => void }) {
  const { t } = useTranslation('purchasing');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ expressCompany: string; expressNo: string }>();
  const ship = useShipOrder();
  const required = (field: string) => ({ required: true, whitespace: true, message: t('order.required', { field }) });
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    ship.mutate(
      { tenantId: order.tenantId, id: order.id, expressCompany: values.expressCompany.trim(), expressNo: values.expressNo.trim() },
      {
        onSuccess: () => {
          message.success(t('common.done'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal open title={t('order.shipTitle', { purchaseNo: order.purchaseNo })} okText={t('common.submit')} cancelText={t('common.back')} confirmLoading={ship.isPending} onOk={() => void submit()} onCancel={onClose}>
      <ServerError error={ship.error} />
      <Form form={form} layout="vertical">
        <Form.Item name="expressCompany" label={t('order.expressCompany')} rules={[required(t('order.expressCompany'))]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="expressNo" label={t('order.expressNo')} rules={[required(t('order.expressNo')), { pattern: /^[A-Za-z0-9-]+$/, message: t('order.expressNoInvalid') }]}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
