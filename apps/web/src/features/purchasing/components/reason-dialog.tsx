import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error.tsx';

/** A reason and a confirmation: cancelling a pre-order or a purchase order. */
export function ReasonDialog({ title, hint, pending, error, onSubmit, onClose }: { title: string; hint?: string; pending: boolean; error: unknown; onSubmit: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('purchasing');
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) onSubmit(values.reason.trim());
  };
  return (
    <Modal open title={title} okText={t('common.submit')} okButtonProps={{ danger: true }} cancelText={t('common.back')} confirmLoading={pending} onOk={() => void submit()} onCancel={onClose}>
      <ServerError error={error} />
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, message: t('order.required', { field: t('common.reason') }) }]}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
