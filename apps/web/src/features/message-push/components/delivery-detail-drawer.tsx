import { Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PushAttemptRecord } from '@portal/shared/push-endpoints';
import { DetailStates } from '../../../components/detail-states.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePushDelivery } from '../api/push-deliveries.ts';
import { OUTCOME_COLORS, STATUS_COLORS } from './delivery-colors.ts';

/** One delivery: its message, every attempt (each opens to the answer's first bytes and the error) and the payload. */
export function DeliveryDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('message-push');
  const detail = usePushDelivery(id);
  const data = detail.data;
  return (
    <Drawer open={id !== null} title={t('delivery.detail')} size={760} onClose={onClose} destroyOnHidden>
      <DetailStates pending={detail.isPending && id !== null} failed={detail.isError} onRetry={() => void detail.refetch()} />
      {data && (
          <div data-testid="push-delivery-detail">
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('delivery.msgId')} span={2}>
                <Typography.Text copyable code>
                  {data.delivery.msgId}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('delivery.type')}>{data.delivery.type === 'PING' ? t('testType') : <DictTag code="PushTypeEnum" value={data.delivery.type} />}</Descriptions.Item>
              <Descriptions.Item label={t('delivery.status')}>
                <Tag color={STATUS_COLORS[data.delivery.status]}>{t(`status.${data.delivery.status}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('delivery.endpoint')} span={2}>
                <span style={{ wordBreak: 'break-all' }}>{data.delivery.endpointUrl}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('delivery.createdAt')}>{formatDateTime(data.delivery.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('delivery.nextAttemptAt')}>{data.delivery.nextAttemptAt ? `${formatDateTime(data.delivery.nextAttemptAt)} (${t(`trigger.${data.delivery.nextTrigger}`)})` : '—'}</Descriptions.Item>
              {data.delivery.refusal && (
                <Descriptions.Item label={t('delivery.refusal')} span={2}>
                  <Typography.Text type="danger" data-testid="push-delivery-refusal">
                    {t(`refusal.${data.delivery.refusal}`)}
                  </Typography.Text>
                </Descriptions.Item>
              )}
            </Descriptions>
            <Typography.Title level={5}>{t('delivery.attemptsTitle')}</Typography.Title>
            <Table<PushAttemptRecord>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.attempts}
              locale={{ emptyText: t('delivery.noAttempts') }}
              data-testid="push-attempts"
              expandable={{
                rowExpandable: (attempt) => attempt.responseExcerpt !== '' || attempt.error !== '',
                expandedRowRender: (attempt) => (
                  <div data-testid="push-attempt-expanded">
                    {attempt.error && (
                      <Typography.Paragraph type="danger" style={{ marginBottom: 8 }}>
                        {t('attempt.error')}: {attempt.error}
                      </Typography.Paragraph>
                    )}
                    {attempt.responseExcerpt && (
                      <>
                        <Typography.Text type="secondary">{t('attempt.response')}</Typography.Text>
                        <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, maxHeight: 200, overflow: 'auto' }}>{attempt.responseExcerpt}</pre>
                      </>
                    )}
                  </div>
                ),
              }}
              columns={[
                { dataIndex: 'attemptNo', title: t('attempt.no'), width: 70 },
                { dataIndex: 'startedAt', title: t('attempt.startedAt'), width: 170, render: (value: string) => formatDateTime(value) },
                { dataIndex: 'trigger', title: t('attempt.trigger'), width: 80, render: (value: PushAttemptRecord['trigger']) => t(`trigger.${value}`) },
                { dataIndex: 'outcome', title: t('attempt.outcome'), width: 130, render: (value: PushAttemptRecord['outcome']) => <Tag color={OUTCOME_COLORS[value]}>{t(`outcome.${value}`)}</Tag> },
                { dataIndex: 'httpStatus', title: t('attempt.httpStatus'), width: 90, render: (value: number | null) => value ?? '—' },
                { dataIndex: 'latencyMs', title: t('attempt.latency'), width: 90, align: 'right', render: (value: number) => `${value} ms` },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('delivery.payload')}
            </Typography.Title>
            <pre style={{ background: 'rgba(0,0,0,0.04)', padding: 12, borderRadius: 6, maxHeight: 320, overflow: 'auto', wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="push-payload">
              {JSON.stringify(data.payload, null, 2)}
            </pre>
          </div>
        )}
    </Drawer>
  );
}
