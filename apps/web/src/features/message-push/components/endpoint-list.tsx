import { useMemo } from 'react';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PUSH_TYPES } from '@portal/shared/open-api';
import type { PushEndpointRecord } from '@portal/shared/push-endpoints';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { findDictOption, useDictOptions } from '../../../components/dict-items.ts';
import { failureMessage } from '../../../components/server-error.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { listPushEndpoints, PUSH_ENDPOINT_LIST_KEY, useDeletePushEndpoint, useRotatePushSecret, useSendPushTest } from '../api/push-endpoints.ts';

export type EndpointHandlers = { onEdit: (endpoint: PushEndpointRecord) => void; onSecret: (secret: string) => void; onLog: (endpoint: PushEndpointRecord) => void };

/** Enabled, or disabled with the reason (by hand, 410 Gone, failing for days). */
function EndpointState({ endpoint }: { endpoint: PushEndpointRecord }) {
  const { t } = useTranslation('message-push');
  if (endpoint.enabled) return <Tag color="green">{t('state.enabled')}</Tag>;
  return (
    <Space direction="vertical" size={0}>
      <Tag color={endpoint.disabledReason === 'MANUAL' ? 'default' : 'red'}>{t('state.disabled')}</Tag>
      {endpoint.disabledReason && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="push-endpoint-reason">
          {t(`reason.${endpoint.disabledReason}`)}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * The subscribed types in the dictionary's words (every type as one tag rather than ten); those whose read
 * rights the holder no longer holds are not sent, and shown struck through with why (decision 0029).
 */
function EventTypes({ endpoint }: { endpoint: PushEndpointRecord }) {
  const { t } = useTranslation('message-push');
  const { options } = useDictOptions('PushTypeEnum');
  const sent = endpoint.eventTypes.filter((type) => !endpoint.unheldTypes.includes(type));
  return (
    <Space size={[0, 4]} wrap>
      {sent.length === PUSH_TYPES.length ? <Tag color="blue">{t('allTypes')}</Tag> : <DictTag code="PushTypeEnum" value={sent} />}
      {endpoint.unheldTypes.map((type) => (
        <Tooltip key={type} title={t('hint.typeUnheld', { holder: endpoint.holder })}>
          <Tag data-testid={`push-endpoint-unheld-${type}`}>
            <s>{findDictOption(options, type)?.text ?? type}</s>
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** Whose rights its events carry, and, when nothing is sent because of them, why. */
function Holder({ endpoint }: { endpoint: PushEndpointRecord }) {
  const { t } = useTranslation('message-push');
  return (
    <Space direction="vertical" size={0}>
      <span data-testid="push-endpoint-holder">{endpoint.holder}</span>
      {endpoint.holderState !== 'ACTIVE' && (
        <Tag color="red" data-testid="push-endpoint-holder-state">
          {t(`holderState.${endpoint.holderState}`)}
        </Tag>
      )}
    </Space>
  );
}

function EndpointActions({ endpoint, handlers }: { endpoint: PushEndpointRecord; handlers: EndpointHandlers }) {
  const { t } = useTranslation('message-push');
  const { message } = App.useApp();
  const remove = useDeletePushEndpoint();
  const rotate = useRotatePushSecret();
  const test = useSendPushTest();
  const sendTest = () =>
    test.mutateAsync(endpoint.id).then(
      () => void message.success(t('action.testSent')),
      (error: unknown) => {
        const text = failureMessage(error);
        if (text) void message.error(text);
      },
    );
  return (
    <Space size={0} wrap>
      <Access code="config:push:edit">
        <Button type="link" size="small" onClick={() => handlers.onEdit(endpoint)} data-testid="push-endpoint-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <Access code="config:push:test">
        <Button type="link" size="small" loading={test.isPending} onClick={() => void sendTest()} data-testid="push-endpoint-test">
          {t('action.test')}
        </Button>
      </Access>
      <ConfirmedAction
        code="config:push:edit"
        label={t('action.rotate')}
        title={t('common.confirmTitle')}
        description={t('action.rotateConfirm')}
        cancelText={t('common.cancel')}
        pending={rotate.isPending}
        run={() => rotate.mutateAsync(endpoint.id).then((result) => handlers.onSecret(result.secret))}
        done={t('action.rotate')}
        testId="push-endpoint-rotate"
      />
      {/* config:push:list is the page's own (menu) code: whoever sees the page reads the log */}
      <Button type="link" size="small" onClick={() => handlers.onLog(endpoint)} data-testid="push-endpoint-log">
        {t('action.logOf')}
      </Button>
      <ConfirmedAction
        code="config:push:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('action.deleteConfirm', { url: endpoint.url })}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync(endpoint.id)}
        done={t('common.deleted')}
        testId="push-endpoint-delete"
      />
    </Space>
  );
}

function endpointList(handlers: EndpointHandlers): ListPageConfig<PushEndpointRecord> {
  return {
    id: 'message-push-endpoint',
    rowKey: 'id',
    queryKey: PUSH_ENDPOINT_LIST_KEY,
    fetcher: listPushEndpoints,
    urlFilters: false,
    columns: [
      {
        dataIndex: 'url',
        title: textKey('message-push', 'field.url'),
        width: 240,
        phone: true,
        render: (endpoint) => (
          <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="push-endpoint-url-cell">
            {endpoint.url}
          </Typography.Text>
        ),
      },
      { dataIndex: 'description', title: textKey('message-push', 'field.description'), width: 120, format: 'ellipsis' },
      { dataIndex: 'eventTypes', title: textKey('message-push', 'field.eventTypes'), width: 270, render: (endpoint) => <EventTypes endpoint={endpoint} /> },
      { dataIndex: 'holder', title: textKey('message-push', 'field.holder'), width: 130, render: (endpoint) => <Holder endpoint={endpoint} /> },
      {
        dataIndex: 'enabled',
        title: textKey('message-push', 'field.state'),
        width: 140,
        phone: true,
        render: (endpoint) => <EndpointState endpoint={endpoint} />,
      },
      {
        dataIndex: 'failingSince',
        title: textKey('message-push', 'field.failingSince'),
        width: 165,
        render: (endpoint) => (endpoint.failingSince ? <Typography.Text type="danger">{formatDateTime(endpoint.failingSince)}</Typography.Text> : ''),
      },
      {
        dataIndex: 'previousSecretUntil',
        title: textKey('message-push', 'field.rotating'),
        width: 170,
        defaultHidden: true,
        render: (endpoint) => (endpoint.previousSecretUntil ? <RotatingUntil until={endpoint.previousSecretUntil} /> : ''),
      },
      { dataIndex: 'createdAt', title: textKey('message-push', 'field.createdAt'), format: 'dateTime', width: 170, defaultHidden: true },
      { key: 'actions', title: textKey('message-push', 'common.actions'), fixed: 'right', width: 210, phone: true, render: (endpoint) => <EndpointActions endpoint={endpoint} handlers={handlers} /> },
    ],
  };
}

function RotatingUntil({ until }: { until: string }) {
  const { t } = useTranslation('message-push');
  return (
    <Tooltip title={t('hint.rotatingUntil', { until: formatDateTime(until) })}>
      <Tag color="gold">{formatDateTime(until)}</Tag>
    </Tooltip>
  );
}

/** The merchant's endpoints, with the add button; `handlers` open the drawer, the secret and the log. */
export function EndpointList({ handlers, onAdd }: { handlers: EndpointHandlers; onAdd: () => void }) {
  const { t } = useTranslation('message-push');
  // the handlers are the page's state setters: stable, so the config is made once
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const config = useMemo(() => endpointList(handlers), []);
  return (
    <ListPage
      config={config}
      toolbar={
        <Access code="config:push:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="push-endpoint-add">
            {t('common.add')}
          </Button>
        </Access>
      }
    />
  );
}
