import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http.ts';
import { useCancelOrder } from '../api/orders.ts';
import { LIMITS } from '../order-rules.ts';

export type CancelTarget = { id: number; orderNo: string };

/** Cancel an order (CREATED or WAIT_COLLECT), with an optional reason. The server decides; a refusal (it moved meanwhile) is shown here. */
export function CancelOrderDialog({ target, onClose, onCancelled }: { target: CancelTarget | null; onClose: () => void; onCancelled?: () => void }) {
  const { t } = useTranslation('logistics');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const cancel = useCancelOrder();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setFailure(null);
    cancel.mutate(
      { id: target.id, reason: (values.reason ?? '').trim() },
      {
        onSuccess: () => {
          message.success(t('cancel.done', { orderNo: target.orderNo }));
          onCancelled?.();
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof HttpError && error.status === 401)) setFailure(error.message);
        },
      },
    );
  };

  return (
    <Modal
      open={target !== null}
      title={target ? t('cancel.title', { orderNo: target.orderNo }) : null}
      okText={t('cancel.ok')}
      cancelText={t('cancel.back')}
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      forceRender
      afterClose={() => {
        form.resetFields();
        setFailure(null);
        cancel.reset();
      }}
    >
      <Typography.Paragraph>{t('cancel.content')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="cancel-order">
        <Form.Item name="reason" label={t('cancel.reason')} rules={[{ max: LIMITS.cancelReason, whitespace: false, message: t('cancel.reasonTooLong', { max: LIMITS.cancelReason }) }]}>
          <Input.TextArea maxLength={LIMITS.cancelReason} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} data-testid="cancel-order-failure" />}
    </Modal>
  );
}
