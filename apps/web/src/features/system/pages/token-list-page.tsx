import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { useMemo } from 'react';
import { Card, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionRecord } from '@portal/shared/system-sessions';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, QueryField } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { useAuth } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { listSessions, SESSION_LIST_KEY, useRevokeSession, useRevokeUserSessions } from '../api/sessions.ts';
import { userAgentText } from '../user-agent-text.ts';

function SessionActions({ session }: { session: SessionRecord }) {
  const { t } = useTranslation('system-logs');
  const revoke = useRevokeSession();
  const revokeUser = useRevokeUserSessions();
  return (
    <Space size={0}>
      <ConfirmedAction
        code="system:token:revoke"
        label={t('session.revoke')}
        title={t('common.confirmTitle')}
        description={session.current ? t('session.revokeOwnConfirm') : t('session.revokeConfirm', { username: session.username })}
        cancelText={t('common.cancel')}
        danger
        pending={revoke.isPending}
        run={() => revoke.mutateAsync(session.id)}
        done={t('session.revoked')}
        notFound={t('session.notFound')}
        testId="session-revoke"
      />
      <ConfirmedAction
        code="system:token:revoke"
        label={t('session.revokeUser')}
        title={t('common.confirmTitle')}
        description={t('session.revokeUserConfirm', { username: session.username })}
        cancelText={t('common.cancel')}
        danger
        pending={revokeUser.isPending}
        run={() => revokeUser.mutateAsync(session.userId)}
        done={t('session.revoked')}
        notFound={t('session.notFound')}
        testId="session-revoke-user"
      />
    </Space>
  );
}

function UserCell({ session }: { session: SessionRecord }) {
  const { t } = useTranslation('system-logs');
  return (
    <Space size={4} wrap>
      <span>{session.username}</span>
      {session.current && <Tag color="blue">{t('session.current')}</Tag>}
    </Space>
  );
}

function DeviceCell({ userAgent }: { userAgent: string }) {
  const text = userAgentText(userAgent);
  return text ? (
    <Tooltip title={userAgent}>
      <span>{text}</span>
    </Tooltip>
  ) : null;
}

function LastSeenCell({ session }: { session: SessionRecord }) {
  const { t } = useTranslation('system-logs');
  if (!session.lastSeenAt) return <>{t('session.never')}</>;
  // the address of the last use, when it is not the one the session began from
  const moved = session.lastSeenIp && session.lastSeenIp !== session.ip ? ` (${session.lastSeenIp})` : '';
  return <>{`${formatDateTime(session.lastSeenAt)}${moved}`}</>;
}

/** The platform also names a tenant (by its number) whose sessions it looks at; a merchant sees its own. */
export function sessionList(platform: boolean): ListPageConfig<SessionRecord> {
  const query: QueryField[] = [
    { name: 'username', label: textKey('system-logs', 'session.username'), type: 'input' },
    { name: 'ip', label: textKey('system-logs', 'session.ip'), type: 'input' },
    { name: 'createdAt', label: textKey('system-logs', 'session.createdAt'), type: 'date-range', hidden: true },
  ];
  if (platform) query.push({ name: 'tenantId', label: textKey('system-logs', 'session.tenantId'), type: 'number', min: 0, precision: 0 });
  return {
    id: 'system-token',
    rowKey: 'id',
    queryKey: SESSION_LIST_KEY,
    fetcher: listSessions,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query,
    columns: [
      { dataIndex: 'username', title: textKey('system-logs', 'session.username'), sorter: true, width: 170, phone: true, render: (session) => <UserCell session={session} /> },
      { dataIndex: 'realname', title: textKey('system-logs', 'session.realname'), width: 120 },
      { dataIndex: 'tenantName', title: textKey('system-logs', 'session.tenant'), width: 150, defaultHidden: !platform },
      { dataIndex: 'ip', title: textKey('system-logs', 'session.ip'), width: 140 },
      { dataIndex: 'userAgent', title: textKey('system-logs', 'session.device'), width: 180, render: (session) => <DeviceCell userAgent={session.userAgent} /> },
      { dataIndex: 'createdAt', title: textKey('system-logs', 'session.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { dataIndex: 'lastSeenAt', title: textKey('system-logs', 'session.lastSeenAt'), sorter: true, width: 170, render: (session) => <LastSeenCell session={session} /> },
      { dataIndex: 'expiresAt', title: textKey('system-logs', 'session.expiresAt'), format: 'dateTime', sorter: true, width: 170, defaultHidden: true },
      { key: 'actions', title: textKey('system-logs', 'common.actions'), fixed: 'right', width: 180, phone: true, render: (session) => <SessionActions session={session} /> },
    ],
  };
}

/** Token management: who is signed in, from where and on what; an administrator ends a session or all of a user's. Tokens are never shown. */
export function TokenListPage() {
  const platform = useAuth((state) => state.userInfo?.tenantId === PLATFORM_TENANT);
  const config = useMemo(() => sessionList(platform), [platform]);
  return (
    <Card>
      <ListPage config={config} />
    </Card>
  );
}
