import { useMemo, useState } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ThirdAccountRecord } from '@portal/shared/third-login';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { listThirdAccounts, THIRD_ACCOUNT_LIST_KEY, useRejectThirdAccount, useUnbindThirdAccount } from '../api/third-accounts.ts';
import { ThirdAccountApproveDialog } from '../components/third-account-approve-dialog.tsx';

const STATUS_OPTIONS: readonly StaticOption[] = [
  { value: 'pending', label: textKey('system-sso', 'status.pending'), color: 'orange' },
  { value: 'bound', label: textKey('system-sso', 'status.bound'), color: 'green' },
  { value: 'rejected', label: textKey('system-sso', 'status.rejected'), color: 'red' },
];
const BOUND_BY_OPTIONS: readonly StaticOption[] = [
  { value: 'email', label: textKey('system-sso', 'boundBy.email') },
  { value: 'admin', label: textKey('system-sso', 'boundBy.admin') },
];

function ThirdAccountActions({ account, onApprove }: { account: ThirdAccountRecord; onApprove: (account: ThirdAccountRecord) => void }) {
  const { t } = useTranslation('system-sso');
  const reject = useRejectThirdAccount();
  const unbind = useUnbindThirdAccount();
  const name = account.displayName || account.email || account.subject;
  return (
    <Space size={0}>
      {account.status !== 'bound' && (
        <Access code="system:third-account:approve">
          <Button type="link" size="small" onClick={() => onApprove(account)} data-testid="third-account-approve">
            {t('approve.button')}
          </Button>
        </Access>
      )}
      {account.status === 'pending' && (
        <ConfirmedAction
          code="system:third-account:approve"
          label={t('reject.button')}
          title={t('common.confirmTitle')}
          description={t('reject.confirm', { name })}
          cancelText={t('common.cancel')}
          danger
          pending={reject.isPending}
          run={() => reject.mutateAsync(account.id)}
          done={t('reject.done')}
          testId="third-account-reject"
        />
      )}
      {account.status === 'bound' && (
        <ConfirmedAction
          code="system:third-account:unbind"
          label={t('unbind.button')}
          title={t('common.confirmTitle')}
          description={t('unbind.confirm', { name, username: account.username ?? '' })}
          cancelText={t('common.cancel')}
          danger
          pending={unbind.isPending}
          run={() => unbind.mutateAsync(account.id)}
          done={t('unbind.done')}
          testId="third-account-unbind"
        />
      )}
    </Space>
  );
}

function EmailCell({ account }: { account: ThirdAccountRecord }) {
  const { t } = useTranslation('system-sso');
  if (!account.email) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space size={4} wrap>
      <span>{account.email}</span>
      <Tag color={account.emailVerified ? 'green' : 'default'}>{account.emailVerified ? t('account.verified') : t('account.unverified')}</Tag>
    </Space>
  );
}

function thirdAccountList(onApprove: (account: ThirdAccountRecord) => void): ListPageConfig<ThirdAccountRecord> {
  return {
    id: 'system-third-account',
    rowKey: 'id',
    queryKey: THIRD_ACCOUNT_LIST_KEY,
    fetcher: listThirdAccounts,
    query: [
      { name: 'keyword', label: textKey('system-sso', 'account.keyword'), placeholder: textKey('system-sso', 'account.keywordPlaceholder'), type: 'input' },
      { name: 'status', label: textKey('system-sso', 'account.status'), type: 'select', options: STATUS_OPTIONS },
    ],
    columns: [
      { dataIndex: 'displayName', title: textKey('system-sso', 'account.displayName'), width: 180, phone: true },
      { dataIndex: 'email', title: textKey('system-sso', 'account.email'), sorter: true, width: 260, render: (account) => <EmailCell account={account} /> },
      { dataIndex: 'status', title: textKey('system-sso', 'account.status'), sorter: true, width: 100, options: STATUS_OPTIONS, phone: true },
      {
        dataIndex: 'username',
        title: textKey('system-sso', 'account.boundUser'),
        width: 220,
        render: (account) => (account.username ? `${account.username}${account.realname ? ` (${account.realname})` : ''} · ${account.tenantName ?? ''}` : '-'),
      },
      { dataIndex: 'boundBy', title: textKey('system-sso', 'account.boundBy'), width: 110, options: BOUND_BY_OPTIONS },
      { dataIndex: 'approvedByName', title: textKey('system-sso', 'account.approvedBy'), width: 110, defaultHidden: true },
      { dataIndex: 'subject', title: textKey('system-sso', 'account.subject'), width: 160, format: 'ellipsis', defaultHidden: true },
      { dataIndex: 'lastLoginAt', title: textKey('system-sso', 'account.lastLoginAt'), format: 'dateTime', sorter: true, width: 170 },
      { dataIndex: 'createdAt', title: textKey('system-sso', 'account.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('system-sso', 'common.actions'), fixed: 'right', width: 170, phone: true, render: (account) => <ThirdAccountActions account={account} onApprove={onApprove} /> },
    ],
  };
}

/**
 * Third-party identities (single sign-on, docs/decisions/0020): the platform approves a pending identity by
 * binding it to a user, rejects it, or unbinds a bound one. No identity ever creates a user.
 */
export function ThirdAccountListPage() {
  const [approving, setApproving] = useState<ThirdAccountRecord | null>(null);
  const config = useMemo(() => thirdAccountList(setApproving), []);
  return (
    <Card>
      <ListPage config={config} />
      <ThirdAccountApproveDialog key={approving?.id ?? 'none'} account={approving} onClose={() => setApproving(null)} />
    </Card>
  );
}
