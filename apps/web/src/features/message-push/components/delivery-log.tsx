import { useMemo, useState } from 'react';
import { Button, Select, Space, Tag, Tooltip } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PUSH_DELIVERY_STATUSES } from '@portal/shared/open-api';
import type { PushDeliveryRecord } from '@portal/shared/push-endpoints';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { useAllPushEndpoints } from '../api/push-endpoints.ts';
import { listPushDeliveries, PUSH_DELIVERY_LIST_KEY, useReplayPushDelivery } from '../api/push-deliveries.ts';
import { OUTCOME_COLORS, STATUS_COLORS } from './delivery-colors.ts';
import { DeliveryDetailDrawer } from './delivery-detail-drawer.tsx';
import { ReplayFailedDialog } from './replay-failed-dialog.tsx';

function DeliveryActions({ delivery, onOpen }: { delivery: PushDeliveryRecord; onOpen: (id: number) => void }) {
  const { t } = useTranslation('message-push');
  const replay = useReplayPushDelivery();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onOpen(delivery.id)} data-testid="push-delivery-open">
        {t('delivery.detail')}
      </Button>
      <ConfirmedAction
        code="config:push:edit"
        label={t('delivery.replay')}
        title={t('common.confirmTitle')}
        description={t('delivery.replayConfirm')}
        cancelText={t('common.cancel')}
        pending={replay.isPending}
        run={() => replay.mutateAsync(delivery.id)}
        done={t('delivery.replayed')}
        testId="push-delivery-replay"
      />
    </Space>
  );
}

function TypeCell({ type }: { type: PushDeliveryRecord['type'] }) {
  const { t } = useTranslation('message-push');
  return type === 'PING' ? <Tag>{t('testType')}</Tag> : <DictTag code="PushTypeEnum" value={type} />;
}

/** The last attempt's outcome, or, for a delivery refused before any attempt, that nothing was sent and why. */
function OutcomeCell({ delivery }: { delivery: PushDeliveryRecord }) {
  const { t } = useTranslation('message-push');
  if (delivery.refusal) {
    return (
      <Tooltip title={t(`refusal.${delivery.refusal}`)}>
        <Tag data-testid="push-delivery-not-sent">{t('delivery.notSent')}</Tag>
      </Tooltip>
    );
  }
  return delivery.lastOutcome ? <Tag color={OUTCOME_COLORS[delivery.lastOutcome]}>{t(`outcome.${delivery.lastOutcome}`)}</Tag> : null;
}

function deliveryList(endpointId: number | undefined, onOpen: (id: number) => void): ListPageConfig<PushDeliveryRecord> {
  return {
    id: 'message-push-delivery',
    rowKey: 'id',
    // the endpoint chosen above the list is part of the request, so part of the key
    queryKey: [...PUSH_DELIVERY_LIST_KEY, endpointId ?? 'all'],
    fetcher: (params, signal) => listPushDeliveries(endpointId === undefined ? params : { ...params, endpointId }, signal),
    urlFilters: false,
    query: [
      { name: 'type', label: textKey('message-push', 'delivery.type'), type: 'dict', dict: 'PushTypeEnum', extraOptions: [{ value: 'PING', label: textKey('message-push', 'testType') }] },
      { name: 'status', label: textKey('message-push', 'delivery.status'), type: 'select', options: PUSH_DELIVERY_STATUSES.map((status) => ({ value: status, label: textKey('message-push', `status.${status}`) })) },
      { name: 'createdAt', label: textKey('message-push', 'delivery.createdAt'), type: 'date-range' },
      { name: 'msgId', label: textKey('message-push', 'delivery.msgId'), type: 'input', hidden: true },
    ],
    columns: [
      { dataIndex: 'msgId', title: textKey('message-push', 'delivery.msgId'), width: 300, render: (delivery) => <code style={{ fontSize: 12 }}>{delivery.msgId}</code> },
      { dataIndex: 'type', title: textKey('message-push', 'delivery.type'), width: 150, phone: true, render: (delivery) => <TypeCell type={delivery.type} /> },
      { dataIndex: 'endpointUrl', title: textKey('message-push', 'delivery.endpoint'), width: 220, format: 'ellipsis' },
      { dataIndex: 'status', title: textKey('message-push', 'delivery.status'), width: 100, phone: true, options: PUSH_DELIVERY_STATUSES.map((status) => ({ value: status, label: textKey('message-push', `status.${status}`), color: STATUS_COLORS[status] })) },
      { dataIndex: 'attempts', title: textKey('message-push', 'delivery.attempts'), width: 90, align: 'right' },
      { dataIndex: 'lastOutcome', title: textKey('message-push', 'delivery.lastOutcome'), width: 130, render: (delivery) => <OutcomeCell delivery={delivery} /> },
      { dataIndex: 'lastHttpStatus', title: textKey('message-push', 'delivery.httpStatus'), width: 100, align: 'right' },
      { dataIndex: 'nextAttemptAt', title: textKey('message-push', 'delivery.nextAttemptAt'), width: 170, format: 'dateTime' },
      { dataIndex: 'createdAt', title: textKey('message-push', 'delivery.createdAt'), width: 170, format: 'dateTime' },
      { key: 'actions', title: textKey('message-push', 'common.actions'), fixed: 'right', width: 150, phone: true, render: (delivery) => <DeliveryActions delivery={delivery} onOpen={onOpen} /> },
    ],
  };
}

/** The delivery log: every delivery of the merchant (or of one endpoint), its attempts in a drawer, replays. */
export function DeliveryLog({ endpointId, onEndpoint }: { endpointId: number | undefined; onEndpoint: (id: number | undefined) => void }) {
  const { t } = useTranslation('message-push');
  const endpoints = useAllPushEndpoints();
  const [open, setOpen] = useState<number | null>(null);
  const [replaying, setReplaying] = useState(false);
  const config = useMemo(() => deliveryList(endpointId, setOpen), [endpointId]);
  return (
    <>
      <ListPage
        config={config}
        onRowClick={(delivery) => setOpen(delivery.id)}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              style={{ minWidth: 280 }}
              placeholder={t('delivery.allEndpoints')}
              value={endpointId}
              onChange={(value?: number) => onEndpoint(value)}
              loading={endpoints.isPending}
              options={(endpoints.data ?? []).map((endpoint) => ({ value: endpoint.id, label: endpoint.url }))}
              data-testid="push-delivery-endpoint"
            />
            <Access code="config:push:edit">
              <Button icon={<RedoOutlined />} onClick={() => setReplaying(true)} data-testid="push-replay-failed">
                {t('delivery.replayFailed')}
              </Button>
            </Access>
          </Space>
        }
      />
      <DeliveryDetailDrawer id={open} onClose={() => setOpen(null)} />
      <ReplayFailedDialog open={replaying} endpointId={endpointId} onClose={() => setReplaying(false)} />
    </>
  );
}
