import { App, Button, Popconfirm } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../components/access.tsx';
import { failureMessage } from '../../../components/server-error.tsx';
import type { DayRange } from '../range-rules.ts';
import { PUSH_STATS_KEY, replayFailedDeliveries, replayWindow } from '../api/push-statistics.ts';

/**
 * "Retry failed": the failed deliveries created in the range shown (00:00:00 of its first day to 23:59:59
 * of its last, the reader's days), of the endpoint chosen or all, sent again after a confirmation.
 */
export function RetryFailedButton({ range, endpointId, disabled }: { range: DayRange; endpointId?: number; disabled: boolean }) {
  const { t } = useTranslation('statistics');
  const { message } = App.useApp();
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => replayFailedDeliveries({ ...replayWindow(range, (day) => dayjs(day).format('Z')), ...(endpointId === undefined ? {} : { endpointId }) }),
    onSuccess: () => {
      void message.success(t('push.retryDone'));
      void client.invalidateQueries({ queryKey: PUSH_STATS_KEY });
    },
    onError: (error) => {
      const text = failureMessage(error);
      if (text) void message.error(text);
    },
  });
  return (
    <Access code="statistics:push:retry">
      <Popconfirm
        title={t('push.retryTitle')}
        description={t('push.retryDescription', range)}
        okText={t('push.retryOk')}
        cancelText={t('push.cancel')}
        okButtonProps={{ loading: retry.isPending }}
        onConfirm={() => retry.mutateAsync().catch(() => undefined)}
        disabled={disabled}
      >
        <Button icon={<RedoOutlined />} disabled={disabled} loading={retry.isPending} data-testid="retry-failed">
          {t('push.retry')}
        </Button>
      </Popconfirm>
    </Access>
  );
}
