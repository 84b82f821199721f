import { useMemo, useState } from 'react';
import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiKeyIssued, ApiKeyRecord } from '@portal/shared/open-api-keys';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { API_KEY_LIST_KEY, listApiKeys, useRevokeApiKey } from '../api/api-keys.ts';
import { ApiKeyDrawer } from '../components/api-key-drawer.tsx';
import { KeyShownOnceModal, type ShownKey } from '../components/key-shown-once-modal.tsx';
import { RollDialog } from '../components/roll-dialog.tsx';
import { scopeTextKey } from '../components/scopes.ts';

const STATUS_OPTIONS: readonly StaticOption[] = [
  { value: 'ACTIVE', label: textKey('open-api-keys', 'status.ACTIVE'), color: 'green' },
  { value: 'EXPIRED', label: textKey('open-api-keys', 'status.EXPIRED'), color: 'orange' },
  { value: 'REVOKED', label: textKey('open-api-keys', 'status.REVOKED'), color: 'default' },
];

type Handlers = { onEdit: (key: ApiKeyRecord) => void; onRoll: (key: ApiKeyRecord) => void };

function KeyCell({ apiKey }: { apiKey: ApiKeyRecord }) {
  const { t } = useTranslation('open-api-keys');
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text code data-testid="api-key-shown">{`${apiKey.shown}…`}</Typography.Text>
      {apiKey.previousShown && apiKey.previousUntil && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="api-key-previous">
          {t('previous', { shown: apiKey.previousShown, until: formatDateTime(apiKey.previousUntil) })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** The key's scopes; those whose rights its holder no longer holds are struck through, with why (decision 0027). */
function ScopeTags({ apiKey }: { apiKey: ApiKeyRecord }) {
  const { t } = useTranslation('open-api-keys');
  return (
    <Space size={[0, 4]} wrap>
      {apiKey.scopes.map((scope) =>
        apiKey.unheldScopes.includes(scope) ? (
          <Tooltip key={scope} title={t('unheld', { holder: apiKey.holder })}>
            <Tag data-testid={`api-key-unheld-${scope}`}>
              <s>{t(scopeTextKey(scope))}</s>
            </Tag>
          </Tooltip>
        ) : (
          <Tag key={scope} color="blue">
            {t(scopeTextKey(scope))}
          </Tag>
        ),
      )}
    </Space>
  );
}

/** Whose rights the key carries, and, when it stopped because of them, why. */
function Holder({ apiKey }: { apiKey: ApiKeyRecord }) {
  const { t } = useTranslation('open-api-keys');
  return (
    <Space direction="vertical" size={0}>
      <span data-testid="api-key-holder">{apiKey.holder}</span>
      {apiKey.holderState !== 'ACTIVE' && apiKey.status === 'ACTIVE' && (
        <Tag color="red" data-testid="api-key-holder-state">
          {t(`holderState.${apiKey.holderState}`)}
        </Tag>
      )}
    </Space>
  );
}

function LastUse({ apiKey }: { apiKey: ApiKeyRecord }) {
  const { t } = useTranslation('open-api-keys');
  if (!apiKey.lastUsedAt) return <Typography.Text type="secondary">{t('neverUsed')}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <span>{formatDateTime(apiKey.lastUsedAt)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {apiKey.lastUsedIp}
      </Typography.Text>
    </Space>
  );
}

function KeyActions({ apiKey, onEdit, onRoll }: { apiKey: ApiKeyRecord } & Handlers) {
  const { t } = useTranslation('open-api-keys');
  const revoke = useRevokeApiKey();
  const active = apiKey.status === 'ACTIVE';
  return (
    <Space size={0}>
      {active && (
        <Access code="config:token:edit">
          <Button type="link" size="small" onClick={() => onEdit(apiKey)} data-testid="api-key-edit">
            {t('edit')}
          </Button>
        </Access>
      )}
      {active && (
        <Access code="config:token:reset-secret">
          <Button type="link" size="small" onClick={() => onRoll(apiKey)} data-testid="api-key-roll">
            {t('roll')}
          </Button>
        </Access>
      )}
      {apiKey.status !== 'REVOKED' && (
        <ConfirmedAction
          code="config:token:delete"
          label={t('revoke')}
          title={t('revokeTitle', { name: apiKey.name })}
          description={t('revokeDescription')}
          cancelText={t('cancel')}
          danger
          pending={revoke.isPending}
          run={() => revoke.mutateAsync(apiKey.id)}
          done={t('revoked')}
          testId="api-key-revoke"
        />
      )}
    </Space>
  );
}

function keyList(handlers: Handlers): ListPageConfig<ApiKeyRecord> {
  const k = (key: Parameters<typeof textKey<'open-api-keys'>>[1]) => textKey('open-api-keys', key);
  return {
    id: 'config-api-key',
    rowKey: 'id',
    queryKey: API_KEY_LIST_KEY,
    fetcher: listApiKeys,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'name', label: k('field.name'), type: 'input' },
      { name: 'status', label: k('field.status'), type: 'select', options: STATUS_OPTIONS },
    ],
    columns: [
      { dataIndex: 'name', title: k('field.name'), sorter: true, width: 150, phone: true },
      { dataIndex: 'shown', title: k('field.shown'), width: 190, render: (apiKey) => <KeyCell apiKey={apiKey} /> },
      { dataIndex: 'status', title: k('field.status'), width: 90, options: STATUS_OPTIONS, phone: true },
      { dataIndex: 'scopes', title: k('field.scopes'), width: 210, render: (apiKey) => <ScopeTags apiKey={apiKey} /> },
      { dataIndex: 'ipAllowList', title: k('field.ipAllowList'), width: 150, render: (apiKey) => <IpList apiKey={apiKey} /> },
      { dataIndex: 'expiresAt', title: k('field.expiresAt'), format: 'dateTime', sorter: true, width: 160 },
      { dataIndex: 'lastUsedAt', title: k('field.lastUsed'), sorter: true, width: 160, render: (apiKey) => <LastUse apiKey={apiKey} /> },
      { dataIndex: 'holder', title: k('field.holder'), width: 150, render: (apiKey) => <Holder apiKey={apiKey} /> },
      { dataIndex: 'createdBy', title: k('field.createdBy'), width: 110, defaultHidden: true },
      { dataIndex: 'createdAt', title: k('field.createdAt'), format: 'dateTime', sorter: true, width: 170, defaultHidden: true },
      { key: 'actions', title: k('field.actions'), fixed: 'right', width: 150, phone: true, render: (apiKey) => <KeyActions apiKey={apiKey} {...handlers} /> },
    ],
  };
}

function IpList({ apiKey }: { apiKey: ApiKeyRecord }) {
  const { t } = useTranslation('open-api-keys');
  if (apiKey.ipAllowList.length === 0) return <Typography.Text type="secondary">{t('anyAddress')}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {apiKey.ipAllowList.map((entry) => (
        <Typography.Text key={entry} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {entry}
        </Typography.Text>
      ))}
    </Space>
  );
}

/** Token configuration: the merchant's API keys for the open API. A key is shown whole only once. */
export function TokenConfigPage() {
  const { t } = useTranslation('open-api-keys');
  const [drawer, setDrawer] = useState<{ apiKey: ApiKeyRecord | null } | null>(null);
  const [rolling, setRolling] = useState<ApiKeyRecord | null>(null);
  const [shown, setShown] = useState<ShownKey | null>(null);
  const config = useMemo(() => keyList({ onEdit: (apiKey) => setDrawer({ apiKey }), onRoll: setRolling }), []);
  const created = (issued: ApiKeyIssued) => setShown({ key: issued.key, kind: 'created', name: issued.record.name });
  const rolled = (issued: ApiKeyIssued) => {
    setRolling(null);
    setShown({ key: issued.key, kind: 'rolled', name: issued.record.name });
  };
  return (
    <Card>
      <Typography.Paragraph type="secondary" data-testid="api-key-intro">
        {t('intro')}
      </Typography.Paragraph>
      <ListPage
        config={config}
        toolbar={
          <Access code="config:token:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ apiKey: null })} data-testid="api-key-add">
              {t('add')}
            </Button>
          </Access>
        }
      />
      <ApiKeyDrawer open={drawer !== null} apiKey={drawer?.apiKey ?? null} onClose={() => setDrawer(null)} onCreated={created} />
      <RollDialog key={rolling?.id ?? 'closed'} apiKey={rolling} onClose={() => setRolling(null)} onRolled={rolled} />
      <KeyShownOnceModal shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
