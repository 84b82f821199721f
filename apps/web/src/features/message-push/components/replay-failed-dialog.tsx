import { useEffect } from 'react';
import { App, DatePicker, Form, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error.tsx';
import { useAllPushEndpoints } from '../api/push-endpoints.ts';
import { useReplayFailedPushDeliveries } from '../api/push-deliveries.ts';

type Values = { range: [Dayjs, Dayjs]; endpointId?: number };

/** "Replay failed in a time range": every FAILED delivery created in the range (of one endpoint, or all) again now. */
export function ReplayFailedDialog({ open, endpointId, onClose }: { open: boolean; endpointId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('message-push');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const replay = useReplayFailedPushDeliveries();
  const endpoints = useAllPushEndpoints();

  useEffect(() => {
    if (!open) return;
    replay.reset();
    form.setFieldsValue({ endpointId });
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async ({ range: [from, to], endpointId: chosen }: Values) => {
    const result = await replay.mutateAsync({ from: from.format(), to: to.format(), ...(chosen ? { endpointId: chosen } : {}) });
    message.success(t('delivery.replayedCount', { count: result.replayed }));
    onClose();
  };

  return (
    <Modal open={open} title={t('delivery.replayFailedTitle')} onCancel={onClose} onOk={() => form.submit()} okText={t('delivery.replay')} cancelText={t('common.cancel')} confirmLoading={replay.isPending} destroyOnHidden>
      <ServerError error={replay.error} />
      <Typography.Paragraph type="secondary">{t('delivery.replayFailedHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)} data-testid="push-replay-failed-form">
        <Form.Item name="range" label={t('delivery.range')} rules={[{ required: true, message: t('delivery.rangeRequired') }]}>
          <DatePicker.RangePicker showTime style={{ width: '100%' }} data-testid="push-replay-range" />
        </Form.Item>
        <Form.Item name="endpointId" label={t('delivery.endpoint')}>
          <Select allowClear placeholder={t('delivery.allEndpoints')} loading={endpoints.isPending} options={(endpoints.data ?? []).map((endpoint) => ({ value: endpoint.id, label: endpoint.url }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
