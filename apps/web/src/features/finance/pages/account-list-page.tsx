import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { useMemo, useState } from 'react';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountRecord } from '@portal/shared/finance-schemas';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { ACCOUNT_LIST_KEY, listAccounts, exportAccounts } from '../api/accounts.ts';
import { AccountDetailDrawer } from '../components/account-detail-drawer.tsx';
import { Money } from '../../../components/money.tsx';
import { exportQuery } from '../list-body.ts';
import { ACCOUNT_KIND_OPTIONS } from '../statuses.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';
import { tenantQueryField } from '../../../entities/tenant/tenant-options.ts';

function TenantName({ account }: { account: AccountRecord }) {
  const { t } = useTranslation('finance');
  // tenant 0 holds the platform's own accounts
  return <>{account.tenantId === PLATFORM_TENANT ? t('account.platform') : account.tenantName}</>;
}

function DetailAction({ account, onDetail }: { account: AccountRecord; onDetail: (account: AccountRecord) => void }) {
  const { t } = useTranslation('finance');
  return (
    <Access code="finance:account:detail">
      <Button type="link" size="small" onClick={() => onDetail(account)} data-testid="account-detail">
        {t('common.detail')}
      </Button>
    </Access>
  );
}

function accountList(onDetail: (account: AccountRecord) => void): ListPageConfig<AccountRecord> {
  return {
    id: 'finance-account',
    rowKey: 'id',
    queryKey: ACCOUNT_LIST_KEY,
    fetcher: withinPages(listAccounts),
    query: [
      tenantQueryField(textKey('finance', 'common.tenant')),
      { name: 'kind', label: textKey('finance', 'account.kind'), type: 'select', options: ACCOUNT_KIND_OPTIONS },
      { name: 'currency', label: textKey('finance', 'common.currency'), type: 'dict', dict: 'Currency' },
    ],
    columns: [
      { dataIndex: 'tenantId', title: textKey('finance', 'common.tenantId'), width: 100, align: 'right' },
      { dataIndex: 'tenantName', title: textKey('finance', 'common.tenant'), width: 180, render: (account) => <TenantName account={account} /> },
      { dataIndex: 'kind', title: textKey('finance', 'account.kind'), options: ACCOUNT_KIND_OPTIONS, width: 130 },
      { dataIndex: 'currency', title: textKey('finance', 'common.currency'), width: 90 },
      { dataIndex: 'balance', title: textKey('finance', 'account.balance'), align: 'right', width: 180, render: (account) => <Money amount={account.balance} currency={account.currency} /> },
      { dataIndex: 'updatedAt', title: textKey('finance', 'account.updatedAt'), format: 'dateTime', width: 170 },
      { key: 'actions', title: textKey('finance', 'common.actions'), fixed: 'right', width: 100, render: (account) => <DetailAction account={account} onDetail={onDetail} /> },
    ],
  };
}

/**
 * Every account of the ledger with its balance (platform): the merchants' wallets and the platform's
 * own accounts; a wallet opens on its movements.
 */
export function AccountListPage() {
  const { t } = useTranslation('finance');
  const [account, setAccount] = useState<AccountRecord | null>(null);
  const config = useMemo(() => accountList(setAccount), []);
  return (
    <Card>
      <ListPage config={config} exportSlot={(params) => <ExportButton code="finance:account:export" label={t('common.export')} run={() => exportAccounts(exportQuery(params))} />} />
      <AccountDetailDrawer account={account} onClose={() => setAccount(null)} />
    </Card>
  );
}
