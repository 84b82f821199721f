import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { useMemo } from 'react';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountRecord, PlatformDetailRecord } from '@portal/shared/finance-schemas';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListColumn, ListPageConfig } from '../../../components/list-page/list-config.ts';
import { listReviewDetails, REVIEW_DETAIL_LIST_KEY } from '../api/details.ts';
import { ACCOUNT_KIND_OPTIONS } from '../statuses.ts';
import { DETAIL_QUERY, detailColumns } from './detail-columns.tsx';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';

/** The platform's own movements name their account, after the time. */
function withAccountKind([posted, ...rest]: ListColumn<PlatformDetailRecord>[]): ListColumn<PlatformDetailRecord>[] {
  const kind: ListColumn<PlatformDetailRecord> = { dataIndex: 'accountKind', title: textKey('finance', 'account.kind'), options: ACCOUNT_KIND_OPTIONS, width: 130 };
  return posted ? [posted, kind, ...rest] : [kind];
}

function accountDetailList(account: AccountRecord): ListPageConfig<PlatformDetailRecord> {
  const fixed = { tenantId: account.tenantId, currency: account.currency };
  return {
    id: 'finance-account-detail',
    rowKey: 'id',
    queryKey: [...REVIEW_DETAIL_LIST_KEY, fixed],
    fetcher: withinPages((params, signal) => listReviewDetails({ ...params, ...fixed }, signal)),
    // the account names the tenant and the currency
    query: DETAIL_QUERY.filter((field) => field.name !== 'currency'),
    // tenant 0: the platform's own accounts of the currency, each movement naming its account; no
    // currency column, the account names it
    columns: (account.tenantId === PLATFORM_TENANT ? withAccountKind(detailColumns()) : detailColumns()).filter((column) => column.dataIndex !== 'currency'),
  };
}

/**
 * The movements of one tenant's wallet in one currency, as the merchant sees them in its finance
 * details; for tenant 0 those of the platform's own accounts in that currency (without running balance).
 */
export function AccountDetailDrawer({ account, onClose }: { account: AccountRecord | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const config = useMemo(() => (account ? accountDetailList(account) : null), [account]);
  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      size={1100}
      title={account ? t('detail.titleCurrency', { tenant: account.tenantId === PLATFORM_TENANT ? t('account.platform') : account.tenantName, currency: account.currency }) : ''}
      destroyOnHidden
    >
      {config && <ListPage config={config} />}
    </Drawer>
  );
}
